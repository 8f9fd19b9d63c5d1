"""`crawl --jsonl FILE`: one JSON line per page as the crawl goes, in any mode, with or
without REDIS_URL, for users who feed a crawl's verdicts to their own tools without reading
Redis (as Scrapy's `-O pages.jsonl` does for its items). An item pipeline, enabled by the
LEAFCRAWL_JSONL setting."""

from __future__ import annotations

from pathlib import Path

from scrapy.exceptions import NotConfigured

from crawler.commands.offline_analysis import json_line
from pipelines.scrapy_pipelines import is_feed_item
from workers.archive_paths import archive_path

# The fields of a record, in this order.
FIELDS = ("url", "verdict", "score", "title", "author", "date", "archive_path", "status",
          "error", "fetched_at")


def page_record(item: dict, archive_dir: str | None) -> dict:
    """A crawled page's line: its verdict and metadata, and for a leaf to archive the file
    its Markdown is written to (unless its content is another URL's)."""
    path = None
    if item.get("archive") and archive_dir:
        path = str(archive_path(archive_dir, item["url"]))
    if item.get("not_modified"):
        return {"url": item["url"], "status": 304, "checked_at": item.get("checked_at")}
    score = item.get("score")
    return {"url": item.get("url"), "verdict": item.get("verdict"),
            "score": round(score, 2) if isinstance(score, float) else score,
            "title": item.get("title"), "author": item.get("author"),
            "date": item.get("date_published"), "archive_path": path,
            "status": item.get("status"), "error": item.get("error"),
            "fetched_at": item.get("fetched_at")}


class JsonLinesExport:
    def __init__(self, path: str, archive_dir: str | None):
        self.path = Path(path)
        self.archive_dir = archive_dir
        self.fh = None

    @classmethod
    def from_crawler(cls, crawler):
        path = crawler.settings.get("LEAFCRAWL_JSONL")
        if not path:
            raise NotConfigured
        return cls(path, crawler.settings.get("LEAFCRAWL_ARCHIVE_DIR"))

    def open_spider(self, spider=None):
        # line-buffered: a crawl stopped by any means leaves every line written so far whole
        self.fh = open(self.path, "a", encoding="utf-8", buffering=1)

    def close_spider(self, spider=None):
        if self.fh is not None:
            self.fh.close()

    def process_item(self, item, spider=None):
        if is_feed_item(item):
            return item
        self.fh.write(json_line(page_record(dict(item), self.archive_dir)))
        return item
