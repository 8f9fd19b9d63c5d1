"""Scrapy settings for leafcrawl (scrapy.cfg points here).

Run-specific values (Redis URL, run id, archive dir, render mode) are filled in by the
CLI; see crawler/crawl_runner.py. The browser settings are added only for browser mode so
a plain crawl never starts Playwright's node drivers.
"""

from pipelines.store.site_config import SiteConfig

BOT_NAME = "leafcrawl"
SPIDER_MODULES = ["crawler.spiders"]
NEWSPIDER_MODULE = "crawler.spiders"

# Playwright needs the asyncio reactor; using it in plain mode too keeps one code path.
TWISTED_REACTOR = "twisted.internet.asyncioreactor.AsyncioSelectorReactor"

ROBOTSTXT_OBEY = True
USER_AGENT = "leafcrawl/0.1 (+https://github.com/leafcrawl)"
CONCURRENT_REQUESTS = 16
CONCURRENT_REQUESTS_PER_DOMAIN = 16
DOWNLOAD_TIMEOUT = 30
RETRY_TIMES = 1
# Breadth-first: index pages near the start are where the links are; FIFO queues keep
# memory flat on deep archives.
DEPTH_PRIORITY = 1
# Scrapy's PickleFifoDiskQueue, naming each request's callback without searching the
# spider's members every time (crawler/frontier/request_dict.py)
SCHEDULER_DISK_QUEUE = "crawler.frontier.request_dict.FifoDiskQueue"
SCHEDULER_MEMORY_QUEUE = "scrapy.squeues.FifoMemoryQueue"
LOG_LEVEL = "WARNING"
TELNETCONSOLE_ENABLED = False
# Scrapy 2.19's remote-control HTTP server executes commands; a crawler needs no such door.
REMOTE_CONTROL_ENABLED = False
# Scrapy 2.19 starts CONCURRENT_ITEMS asyncio tasks for every response's output, however
# little it holds (the default 100: 57,600 tasks for the 576 pages of the Hugo blog);
# leafcrawl's item pipelines are synchronous Redis writes, which no concurrency speeds up.
# At 4, a plain crawl of that blog took 7.7 s of crawl time against 8.6 (3 runs each,
# alternating; CPU 9.4 s against 10.4).
CONCURRENT_ITEMS = 4
# Scrapy's check that a generator callback returns no value parses the callback's source
# into an AST and walks it for every response: its cache holds callables by weak reference,
# and each request's bound method (self.parse_page) is a new object that dies at once. On
# a plain crawl of the Hugo blog that was 0.53 s of CPU for 576 pages, about 0.9 ms a page.
# The spider's callbacks are tested; the warning is a development aid.
WARN_ON_GENERATOR_RETURN_VALUE = False
REQUEST_FINGERPRINTER_IMPLEMENTATION = "2.7"
# Scrapy's fingerprint, but a hash-routed site's pages (/#/x) are told apart (crawler/frontier/fingerprint.py)
REQUEST_FINGERPRINTER_CLASS = "crawler.frontier.fingerprint.RouteAwareFingerprinter"
# Bodies beyond analysis' own cap are refused while they download, not after: a crawl
# held up to 64 MB in memory to fail it as too large at 20 MB.
from pipelines.htmlparse import MAX_HTML_BYTES as DOWNLOAD_MAXSIZE  # noqa: E402
DOWNLOAD_WARNSIZE = 8 * 1024 * 1024

# robots.txt's Crawl-delay, which Scrapy's ROBOTSTXT_OBEY does not apply (crawler/politeness/crawl_delay.py)
EXTENSIONS = {"crawler.politeness.crawl_delay.CrawlDelay": 500, "crawler.progress.CrawlProgress": 510}
LEAFCRAWL_OBEY_CRAWL_DELAY = True

# A known leaf is first asked for with its validators; one not modified is not fetched again
# (crawler/frontier/revisits.py). Nearest the download: it sees the answer before redirects and retries.
# A 429 is waited out (crawler/politeness/rate_limits.py) before Scrapy's RetryMiddleware (550) would
# retry it at once.
DOWNLOADER_MIDDLEWARES = {"crawler.frontier.revisits.RevisitMiddleware": 950,
                          "crawler.politeness.rate_limits.RateLimitMiddleware": 560,
                          # the last before the download and the first after it: the
                          # login is on the request only meanwhile (crawler/login/site_login.py)
                          "crawler.login.site_login.SiteLoginMiddleware": 990,
                          # Scrapy's, with the cookies file's cookies (crawler/login/site_cookies.py)
                          "scrapy.downloadermiddlewares.cookies.CookiesMiddleware": None,
                          "crawler.login.site_cookies.SiteCookiesMiddleware": 700,
                          # Scrapy's, refusing redirect loops by name (crawler/frontier/redirect_loops.py)
                          "scrapy.downloadermiddlewares.redirect.RedirectMiddleware": None,
                          "crawler.frontier.redirect_loops.LoopRefusingRedirectMiddleware": 600,
                          # --warc FILE: after decompression (590), so bodies are decoded
                          "crawler.outputs.warc_writer.WarcWriterMiddleware": 580}

ITEM_PIPELINES = {
    "pipelines.scrapy_pipelines.StoreScorePipeline": 300,
    "pipelines.scrapy_pipelines.EnqueueLeafPipeline": 400,
    "crawler.outputs.jsonl_export.JsonLinesExport": 500,      # --jsonl FILE (LEAFCRAWL_JSONL)
}

LEAFCRAWL_REDIS_PREFIX = "leafcrawl"
LEAFCRAWL_QUEUE = "leafcrawl"
LEAFCRAWL_THRESHOLD = 0.0
# plain HTTP unless the start pages show that scripts draw the site (render_choice.py): the
# archives of plain and browser crawls agree where the HTML holds the text (docs/benchmarks.md)
LEAFCRAWL_RENDER = "auto"
LEAFCRAWL_FOLLOW_LEAF_LINKS = False
# Obey <meta name="robots"> and X-Robots-Tag: noindex pages are not archived, nofollow pages'
# links are not followed (site_spider.robots_directives)
LEAFCRAWL_OBEY_ROBOTS_META = True
# A rendered page counts as settled when no tracked timer or fetch is pending and its DOM
# has been quiet this long (the tracker sees timers and fetches, so this can be short).
LEAFCRAWL_SETTLE_QUIET_MS = 120
LEAFCRAWL_SETTLE_MAX_MS = 3000
# Rounds of "Load more" clicks or scrolls to the bottom after the page settles, while each
# brings new links (crawler/rendering/page_expand.py); 0 turns it off. A crawl takes the site
# config's expand_rounds (--expand-rounds), whose default this is.
LEAFCRAWL_EXPAND_ROUNDS = SiteConfig.expand_rounds
# "changed": revisit known leaves conditionally; "all": fetch every page again (site config
# revisit, --revisit)
LEAFCRAWL_REVISIT = SiteConfig.revisit

# --- browser mode only (merged in by crawl_runner.browser_settings) ---------------
PLAYWRIGHT_SETTINGS = {
    "DOWNLOAD_HANDLERS": {
        # scrapy-playwright's, with pages that outlive their browser given up (browser_handler.py)
        "http": "crawler.rendering.browser_handler.PlaywrightHandler",
        "https": "crawler.rendering.browser_handler.PlaywrightHandler",
    },
    "PLAYWRIGHT_BROWSER_TYPE": "chromium",
    # 2 contexts x 8 pages measured fastest here (5.1 pages/s, all JS content found).
    "PLAYWRIGHT_MAX_CONTEXTS": 2,
    "PLAYWRIGHT_MAX_PAGES_PER_CONTEXT": 8,
    "CONCURRENT_REQUESTS": 16,
    "PLAYWRIGHT_DEFAULT_NAVIGATION_TIMEOUT": 30000,
    "PLAYWRIGHT_ABORT_REQUEST": "crawler.rendering.browser.abort_request",
}

# The flags without which Chromium's background services hammer a closed network.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Added unless a site config sets load_images: no image is fetched or decoded (every kind,
# CSS backgrounds too). An unloaded <img> still has its element, address and alt text.
NO_IMAGES_ARG = "--blink-settings=imagesEnabled=false"

# Scrapy's default resolver (CachingThreadedResolver) knows IPv4 alone: a site at an IPv6
# address ([::1], [2001:db8::1]) failed as "DNS lookup failed". This one resolves both.
DNS_RESOLVER = "scrapy.resolver.CachingHostnameResolver"

# Budgets on what one path may spawn (crawler/frontier/trap_guard.py): a crawl of any site ends.
from crawler.frontier.trap_guard import COMBINATIONS_PER_PATH as LEAFCRAWL_TRAP_COMBINATIONS_PER_PATH  # noqa: E402,F401
from crawler.frontier.trap_guard import LINKS_PER_PAGE as LEAFCRAWL_MAX_LINKS_PER_PAGE  # noqa: E402,F401
from crawler.frontier.trap_guard import PATH_DEPTH as LEAFCRAWL_TRAP_PATH_DEPTH  # noqa: E402,F401
from crawler.frontier.trap_guard import QUERIES_PER_PATH as LEAFCRAWL_TRAP_QUERIES_PER_PATH  # noqa: E402,F401
from crawler.frontier.trap_guard import SEGMENT_REPEATS as LEAFCRAWL_TRAP_SEGMENT_REPEATS  # noqa: E402,F401

# Meta refresh stubs are the spider's to follow or refuse (pipelines/content/redirect_stub.py), as a
# browser crawl's are: Scrapy's middleware sent one to another host, where the offsite
# filter dropped it without a word.
METAREFRESH_ENABLED = False
