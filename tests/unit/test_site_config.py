import pytest

from pipelines.store.site_config import ConfigError, config_from_url, load_site_config


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_yaml_config_loads_every_key(tmp_path):
    path = write(tmp_path, "blog.yaml", """
name: blog
start_urls: [http://127.0.0.1:8000/]
render: never
depth_limit: 3
max_pages: 50
threshold: 2.5
follow_leaf_links: true
deny: ['/index\\.php\\?title=Special:', 'action=']
allow: ['/blog/']
user_agent: 'NewsDesk/2.0 (+https://desk.example/bot)'
scrapy_settings: {DOWNLOAD_TIMEOUT: 20, RETRY_TIMES: 5}
delay: 2
concurrency: 2
obey_crawl_delay: false
expand_rounds: 0
archive_dir: out
""")
    cfg = load_site_config(path)
    assert (cfg.name, cfg.render, cfg.depth_limit, cfg.max_pages) == ("blog", "never", 3, 50)
    assert cfg.threshold == 2.5 and cfg.follow_leaf_links is True and cfg.archive_dir == "out"
    assert cfg.deny == [r"/index\.php\?title=Special:", "action="]
    assert cfg.allow == ["/blog/"]
    assert cfg.user_agent == "NewsDesk/2.0 (+https://desk.example/bot)"
    assert cfg.scrapy_settings == {"DOWNLOAD_TIMEOUT": 20, "RETRY_TIMES": 5}
    assert (cfg.delay, cfg.concurrency, cfg.obey_crawl_delay) == (2.0, 2, False)
    assert cfg.expand_rounds == 0
    # the port is not part of the domain: Scrapy's offsite check ignores ports
    assert cfg.allowed_domains == ["127.0.0.1"]


def test_toml_config_loads(tmp_path):
    path = write(tmp_path, "blog.toml", 'name = "blog"\nstart_urls = ["https://example.org/"]\n')
    cfg = load_site_config(path)
    assert cfg.start_urls == ["https://example.org/"] and cfg.render == "auto"


@pytest.mark.parametrize("body, key, problem", [
    ("name: b\nstart_urls: [http://x.org/]\nrender: sometimes\n", "render", "not one of"),
    ("name: b\nstart_urls: [http://x.org/]\nmax_pages: many\n", "max_pages", "expected an integer"),
    ("name: b\nstart_urls: [http://x.org/]\nmax_pages: true\n", "max_pages", "boolean"),
    ("name: b\nstart_urls: [ftp://x.org/]\n", "start_urls", "not an absolute http(s) URL"),
    ("start_urls: [http://x.org/]\n", "name", "missing"),
    ("name: b\nstart_urls: [http://x.org/]\ncolour: red\n", "colour", "unknown key"),
    ("name: b\nstart_urls: [http://x.org/]\ndepth_limit: -1\n", "depth_limit", "positive"),
    ("name: b\nstart_urls: [http://x.org/]\ndeny: ['(unclosed']\n", "deny", "not a regular expression"),
    ("name: b\nstart_urls: [http://x.org/]\ndeny: [3]\n", "deny", "not a regular expression"),
    ("name: b\nstart_urls: [http://x.org/]\nallow: ['[a-']\n", "allow", "not a regular expression"),
    ("name: b\nstart_urls: [http://x.org/]\nuser_agent: ''\n", "user_agent", "one line of text"),
    ("name: b\nstart_urls: [http://x.org/]\nscrapy_settings: [1]\n", "scrapy_settings", "expected a mapping"),
    ("name: b\nstart_urls: [http://x.org/]\nscrapy_settings: {download_timeout: 5}\n", "scrapy_settings",
     "not a Scrapy setting name"),
    ("name: b\nstart_urls: [http://x.org/]\nscrapy_settings: {LEAFCRAWL_SITE: x}\n", "scrapy_settings",
     "leafcrawl's own"),
    ("name: b\nstart_urls: [http://x.org/]\ndelay: -1\n", "delay", "positive number of seconds"),
    ("name: b\nstart_urls: [http://x.org/]\nconcurrency: 0\n", "concurrency", "at least 1"),
    ("name: b\nstart_urls: [http://x.org/]\nexpand_rounds: -2\n", "expand_rounds", "0 (off)"),
    ("name: b\nstart_urls: ['http://127.0.0.1:99999/']\n", "start_urls", "port must be a number from 1 to 65535"),
    ("name: b\nstart_urls: ['http://x.org:0/']\n", "start_urls", "port must be a number"),
])
def test_invalid_config_names_file_key_and_problem(tmp_path, body, key, problem):
    path = write(tmp_path, "bad.yaml", body)
    with pytest.raises(ConfigError) as err:
        load_site_config(path)
    message = str(err.value)
    assert str(path) in message and f"'{key}'" in message and problem in message
    assert "\n" not in message


def test_unparsable_and_missing_files_are_named(tmp_path):
    broken = write(tmp_path, "broken.yaml", "name: [unclosed\n")
    with pytest.raises(ConfigError, match="broken.yaml: not valid YAML"):
        load_site_config(broken)
    with pytest.raises(ConfigError, match="nope.yaml: no such file"):
        load_site_config(tmp_path / "nope.yaml")
    with pytest.raises(ConfigError, match="unknown config format"):
        load_site_config(write(tmp_path, "site.ini", "x=1"))


def test_config_from_url_names_site_after_host_and_port():
    cfg = config_from_url("http://127.0.0.1:8123/blog/", render="never", max_pages=None)
    assert cfg.name == "127.0.0.1_8123" and cfg.render == "never" and cfg.max_pages == 0


def test_shipped_example_config_is_valid():
    from pathlib import Path

    for path in sorted((Path(__file__).parents[2] / "configs" / "sites").glob("*.y*ml")):
        assert load_site_config(path).start_urls


def test_spider_arguments_make_a_config_as_a_file_would():
    from pipelines.store.site_config import config_from_spider_args

    args = {"url": "https://blog.example.org/ https://blog.example.org/notes/", "render": "never",
            "depth": "2", "deny": "['/tag/', '/page/']", "follow_leaf_links": "true",
            "callback_hint": "kept"}
    cfg = config_from_spider_args(args)
    assert cfg.name == "blog.example.org"
    assert cfg.start_urls == ["https://blog.example.org/", "https://blog.example.org/notes/"]
    assert (cfg.render, cfg.depth_limit, cfg.deny, cfg.follow_leaf_links) == (
        "never", 2, ["/tag/", "/page/"], True)
    assert args == {"callback_hint": "kept"}       # the spider's own arguments stay


def test_spider_arguments_override_a_config_file(tmp_path):
    from pipelines.store.site_config import config_from_spider_args

    path = tmp_path / "blog.yaml"
    path.write_text("name: blog\nstart_urls: ['https://blog.example.org/']\nrender: always\n"
                    "max_pages: 100\n")
    cfg = config_from_spider_args({"config": str(path), "render": "never",
                                   "url": "https://blog.example.org/archive/"})
    assert (cfg.name, cfg.render, cfg.max_pages) == ("blog", "never", 100)
    assert cfg.start_urls == ["https://blog.example.org/archive/"]


def test_spider_arguments_that_name_no_site_or_a_wrong_value_say_so():
    from pipelines.store.site_config import config_from_spider_args

    with pytest.raises(ConfigError, match="needs a site: scrapy crawl site -a url=URL"):
        config_from_spider_args({"render": "never"})
    with pytest.raises(ConfigError, match="max_pages"):
        config_from_spider_args({"url": "https://blog.example.org/", "max_pages": "many"})


def test_a_start_url_without_its_scheme_is_refused_with_the_url_it_may_mean():
    for typed, meant in [("example.org/blog/", "https://example.org/blog/"),
                         ("localhost:8000", "https://localhost:8000/")]:
        with pytest.raises(ConfigError, match=f"did you mean '{meant}'"):
            config_from_url(typed)
    # no guess where none is likely: another scheme, a word
    for typed in ("ftp://x.org/", "hello"):
        with pytest.raises(ConfigError) as refused:
            config_from_url(typed)
        assert "did you mean" not in str(refused.value)
