"""The spider a user would write in ten minutes: the reference leafcrawl's crawls are timed against.

    .venv/bin/python bench/bare_spider.py http://127.0.0.1:8000/ --browser --out result.json

It follows every in-site link of every page (no scoring, no archive, nothing stored) with
plain Scrapy, or with scrapy-playwright (--browser: Debian's Chromium, 2 contexts of up to
8 pages each, 16 requests at once: what its README shows), and prints or writes the pages
it fetched and its pages/s over the crawl (Scrapy's start to finish, as leafcrawl's summary
counts its crawl phase). Run in a process of its own: Scrapy's reactor starts once a process.
bench/crawl_throughput.py --bare runs it alternately with leafcrawl on one site.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

CONTEXTS = 2
PAGES_PER_CONTEXT = 8


def make_spider(start: str, browser: bool):
    import scrapy

    host = urlsplit(start).netloc     # with its port: LinkExtractor's allow_domains drops it

    class BareSpider(scrapy.Spider):
        name = "bare"
        pages = 0

        async def start(self):
            yield self.request(start)

        def request(self, url: str):
            meta = {"playwright": True} if browser else {}
            return scrapy.Request(url, callback=self.parse, meta=meta)

        def parse(self, response):
            self.pages += 1
            if not hasattr(response, "css"):
                return
            for href in response.css("a::attr(href)").getall():
                url = response.urljoin(href).split("#", 1)[0]
                if urlsplit(url).netloc == host and url.startswith(("http://", "https://")):
                    yield self.request(url)

    return BareSpider


def settings(browser: bool) -> dict:
    out = {"LOG_LEVEL": "ERROR", "ROBOTSTXT_OBEY": False, "TELNETCONSOLE_ENABLED": False,
           "CONCURRENT_REQUESTS": CONTEXTS * PAGES_PER_CONTEXT,
           "CONCURRENT_REQUESTS_PER_DOMAIN": CONTEXTS * PAGES_PER_CONTEXT}
    if browser:
        from crawler.rendering.browser import find_chromium

        out.update({
            "DOWNLOAD_HANDLERS": {s: "scrapy_playwright.handler.ScrapyPlaywrightDownloadHandler"
                                  for s in ("http", "https")},
            "TWISTED_REACTOR": "twisted.internet.asyncioreactor.AsyncioSelectorReactor",
            "PLAYWRIGHT_LAUNCH_OPTIONS": {"executable_path": find_chromium(), "headless": True},
            "PLAYWRIGHT_MAX_CONTEXTS": CONTEXTS,
            "PLAYWRIGHT_MAX_PAGES_PER_CONTEXT": PAGES_PER_CONTEXT,
        })
    return out


def run(start: str, browser: bool) -> dict:
    from scrapy.crawler import CrawlerProcess

    process = CrawlerProcess(settings=settings(browser))
    spider = make_spider(start, browser)
    crawler = process.create_crawler(spider)
    process.crawl(crawler)
    t0 = time.monotonic()
    process.start()
    stats = crawler.stats.get_stats()
    began, ended = stats.get("start_time"), stats.get("finish_time")
    seconds = (ended - began).total_seconds() if began and ended else time.monotonic() - t0
    pages = stats.get("response_received_count", 0)
    return {"mode": "browser" if browser else "plain", "pages_fetched": pages,
            "crawl_s": round(seconds, 2), "pages_per_s": round(pages / seconds, 2) if seconds else 0.0}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("url")
    ap.add_argument("--browser", action="store_true", help="through scrapy-playwright")
    ap.add_argument("--out", type=Path, help="write the result as JSON here")
    args = ap.parse_args(argv)
    result = run(args.url, args.browser)
    if args.out:
        args.out.write_text(json.dumps(result))
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
