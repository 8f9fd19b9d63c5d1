"""What a user should doubt about a crawl that otherwise succeeded."""
from __future__ import annotations

from types import SimpleNamespace

from crawler.crawl_doubts import doubts
from crawler.crawl_summary import CrawlSummary


def summary(**fields) -> CrawlSummary:
    return CrawlSummary(site="blog", run_id="r", render="plain", redis="embedded",
                        archive_dir="archive", **fields)


def test_pages_whose_handling_raised_are_a_doubt_naming_the_log():
    found = doubts(summary(index=3, leaf=5, spider_errors=2, log_file="/state/logs/crawl.log"),
                   SimpleNamespace(render="always"), queue="leafcrawl", unattended=False)
    assert len(found) == 1
    assert "2 pages raised an error" in found[0] and "/state/logs/crawl.log" in found[0]
    assert doubts(summary(index=3, leaf=5), SimpleNamespace(render="always"), queue="q",
                  unattended=False) == []
