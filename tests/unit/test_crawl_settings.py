"""A site config's user_agent and scrapy_settings reach the crawl's Scrapy settings, the
user's settings over leafcrawl's own (crawler/crawl_runner.py crawl_settings)."""
from pathlib import Path

import pytest

from crawler import settings as defaults
from crawler.crawl_settings import crawl_settings
from pipelines.store.site_config import ConfigError, config_from_url


def settings_of(**overrides):
    cfg = config_from_url("http://127.0.0.1:8000/", render="never", **overrides)
    return crawl_settings(cfg, redis_url="redis://127.0.0.1:6379/0", run_id="r1",
                          archive_dir=Path("archive"), prefix="leafcrawl", queue="leafcrawl",
                          log_level="INFO", log_file=None)


def test_defaults_stand_without_either():
    s = settings_of()
    assert s["USER_AGENT"] == defaults.USER_AGENT
    assert s.getint("CONCURRENT_REQUESTS_PER_DOMAIN") == 16


def test_user_agent_and_settings_win():
    s = settings_of(user_agent="NewsDesk/2.0", concurrency=4,
                    scrapy_settings={"DOWNLOAD_TIMEOUT": "30", "CONCURRENT_REQUESTS_PER_DOMAIN": "2"})
    assert s["USER_AGENT"] == "NewsDesk/2.0"
    assert s.getint("DOWNLOAD_TIMEOUT") == 30
    # -s over the value leafcrawl derives from --concurrency, as `scrapy crawl -s` would
    assert s.getint("CONCURRENT_REQUESTS_PER_DOMAIN") == 2


def test_a_component_setting_adds_to_leafcrawls():
    s = settings_of(scrapy_settings={"EXTENSIONS": {"scrapy.extensions.memusage.MemoryUsage": 10}})
    assert "scrapy.extensions.memusage.MemoryUsage" in s.getdict("EXTENSIONS")
    assert set(defaults.EXTENSIONS) <= set(s.getdict("EXTENSIONS"))


def test_a_component_setting_from_the_command_line_is_json():
    s = settings_of(scrapy_settings={"EXTENSIONS": '{"scrapy.extensions.memusage.MemoryUsage": 10}'})
    assert s.getdict("EXTENSIONS")["scrapy.extensions.memusage.MemoryUsage"] == 10


def test_a_component_setting_that_is_no_mapping_is_refused():
    with pytest.raises(ConfigError, match="EXTENSIONS must be a mapping"):
        settings_of(scrapy_settings={"EXTENSIONS": "memusage"})
