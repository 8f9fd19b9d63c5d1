"""Site configs: one YAML or TOML file per site, validated into a SiteConfig.

Every error names the file, the key and the problem, because a crawl that starts on a
half-read config wastes the user's time far more than one that refuses to start.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path
from urllib.parse import urlsplit

import yaml

from pipelines.store.cookie_file import CookieFileError, read_cookie_file

# always: every page through headless Chromium; never: plain HTTP (no JavaScript); auto:
# plain HTTP unless the start pages show that scripts draw the site (pipelines/indexiness/render_need.py)
RENDER_MODES = ("always", "never", "auto")
REVISIT_MODES = ("changed", "all")    # crawler/frontier/revisits.py


def fetch_label(browser: bool) -> str:
    """How a page's fetch is named in its record, in summaries and by revisits, which compare
    it: "browser" (rendered) or "plain"."""
    return "browser" if browser else "plain"


def render_label(render: str) -> str:
    """fetch_label of a fixed render mode (under auto each page's record names how it was
    fetched)."""
    return fetch_label(render == "always")

DEFAULT_ARCHIVE_DIR = "archive"


class ConfigError(ValueError):
    """A site config (or the command line standing in for one) is invalid."""


@dataclass
class SiteConfig:
    name: str
    start_urls: list[str]
    allowed_domains: list[str] = field(default_factory=list)
    render: str = "auto"
    depth_limit: int = 0  # 0 = unlimited, as Scrapy's DEPTH_LIMIT
    max_pages: int = 0  # 0 = unlimited
    threshold: float = 0.0
    follow_leaf_links: bool = False
    # also fetch what the site's sitemaps list (robots.txt's Sitemap: lines, else
    # /sitemap.xml): pages no list links to (crawler/frontier/sitemaps.py)
    sitemaps: bool = False
    # read the feed (RSS/Atom) the start page advertises: the day it gives each post dates
    # the archive of a page that prints none (pipelines/metadata/feed_dates.py)
    feeds: bool = True
    # Chromium fetches no images unless asked: the archive is text (Markdown keeps each
    # image's address), and decoding a page's images cost the browser crawl of a blog with
    # a dozen pictures a page 40% of its speed (bench/README.md). Sites whose layout needs
    # them loaded can turn them on.
    load_images: bool = False
    # browser mode: rounds of "Load more" clicks or scrolls to the bottom after a page
    # settles, while each brings new links (crawler/rendering/page_expand.py); 0 turns it off. Five
    # batches of a typical 10-20 entries reach what a few pages of a paginated listing
    # would, and a feed without end stops there.
    expand_rounds: int = 5
    # "changed": a page crawled before (a leaf this archive holds, an index page whose links
    # are its document's) is asked for with its last validators, and not fetched again when
    # its server says it is not modified (crawler/frontier/revisits.py); "all": every page is fetched
    # again
    revisit: str = "changed"
    # regular expressions (re.search) of URLs never to fetch, as Scrapy's LinkExtractor deny:
    # a wiki's Special: pages, a shop's sort and filter links, a calendar's endless months
    deny: list[str] = field(default_factory=list)
    # regular expressions (re.search) of the URLs the crawl may fetch, as Scrapy's
    # LinkExtractor allow: when given, a URL none of them finds is not fetched (the start
    # URLs always are). A news site's one section, a docs site's one version.
    allow: list[str] = field(default_factory=list)
    # politeness: seconds between two requests to the site, requests at once to it, and
    # whether robots.txt's Crawl-delay may ask for more (crawler/politeness/crawl_delay.py)
    delay: float = 0.0
    concurrency: int = 16
    obey_crawl_delay: bool = True
    # the User-Agent of every request, robots.txt's rules read for it too; None: leafcrawl's
    # own (crawler/settings.py). Some sites answer an unknown agent with an error page.
    user_agent: str | None = None
    # HTTP Basic auth for a site behind a login (a staging site, an intranet wiki): sent to
    # the start URLs' hosts only (crawler/login/site_login.py). The password may stay out of the
    # file: without http_password, the environment's LEAFCRAWL_HTTP_PASSWORD is read.
    http_user: str | None = None
    http_password: str | None = field(default=None, repr=False)
    # a site behind a login form: the cookies the user's browser exported once logged in
    # (cookies.txt, or a JSON export: pipelines/store/cookie_file.py), its cookies for the site's
    # domains sent as the browser would (crawler/login/site_cookies.py); a relative path is the
    # config file's folder's
    cookies_file: str | None = None
    # a site behind a login form, logged into at each crawl's start (crawler/login/form_login.py):
    # the form's page, the user, and the password (else the environment's
    # LEAFCRAWL_LOGIN_PASSWORD)
    login_form: str | None = None
    login_user: str | None = None
    login_password: str | None = field(default=None, repr=False)
    # Scrapy settings for this site's crawls, over leafcrawl's, as `scrapy crawl -s NAME=VALUE`
    # (DOWNLOAD_TIMEOUT, RETRY_TIMES, HTTPCACHE_ENABLED, DEFAULT_REQUEST_HEADERS…)
    scrapy_settings: dict = field(default_factory=dict)
    archive_dir: str = DEFAULT_ARCHIVE_DIR
    schedule: str | None = None  # cron expression for scheduled crawls
    source: str = "<command line>"

    def __post_init__(self) -> None:
        if not self.allowed_domains:
            self.allowed_domains = sorted({_host(u) for u in self.start_urls})


_TYPES = {
    "name": str,
    "start_urls": list,
    "allowed_domains": list,
    "render": str,
    "depth_limit": int,
    "max_pages": int,
    "threshold": (int, float),
    "follow_leaf_links": bool,
    "sitemaps": bool,
    "feeds": bool,
    "load_images": bool,
    "expand_rounds": int,
    "revisit": str,
    "deny": list,
    "allow": list,
    "delay": (int, float),
    "concurrency": int,
    "obey_crawl_delay": bool,
    "archive_dir": str,
    "schedule": str,
    "user_agent": str,
    "http_user": str,
    "http_password": str,
    "cookies_file": str,
    "login_form": str,
    "login_user": str,
    "login_password": str,
    "scrapy_settings": dict,
}
# A Scrapy setting's name; leafcrawl's own (LEAFCRAWL_*) come from the config's keys.
_SETTING_NAME = re.compile(r"[A-Z][A-Z0-9_]*")
_ALIASES = {"depth": "depth_limit", "depth-limit": "depth_limit", "max-pages": "max_pages",
            "load-images": "load_images", "obey-crawl-delay": "obey_crawl_delay",
            "expand-rounds": "expand_rounds", "http-user": "http_user",
            "http-password": "http_password", "cookies": "cookies_file",
            "cookies-file": "cookies_file", "login-form": "login_form",
            "login-user": "login_user", "login-password": "login_password"}

PASSWORD_ENV = "LEAFCRAWL_HTTP_PASSWORD"
"""Where http_user's password is read from when the config does not hold it."""
LOGIN_PASSWORD_ENV = "LEAFCRAWL_LOGIN_PASSWORD"
"""Where login_user's password is read from when the config does not hold it."""


def _host(url: str) -> str:
    return urlsplit(url).hostname or ""


def _fail(source: str, key: str, problem: str) -> ConfigError:
    return ConfigError(f"{source}: key '{key}': {problem}")


# leafcrawl's own settings that no config key sets, for -s and scrapy_settings: the trap
# budgets (crawler/frontier/trap_guard.py), the longest wait a rate limit may ask for, and the JSON
# lines file of `crawl --jsonl` and the WARC file of `--warc`.
TUNABLE_SETTINGS = ("LEAFCRAWL_TRAP_", "LEAFCRAWL_RATE_LIMIT_", "LEAFCRAWL_JSONL", "LEAFCRAWL_WARC",
                    "LEAFCRAWL_ALLOW_LOCAL_REQUESTS", "LEAFCRAWL_MAX_LINKS_PER_PAGE")


def validate(data: dict, source: str) -> SiteConfig:
    """Check every key of a parsed config and build the SiteConfig."""
    if not isinstance(data, dict):
        raise ConfigError(f"{source}: expected a mapping of keys, got {type(data).__name__}")
    clean: dict = {}
    for raw_key, value in data.items():
        key = _ALIASES.get(raw_key, raw_key)
        if key not in _TYPES:
            known = ", ".join(sorted(_TYPES))
            raise _fail(source, raw_key, f"unknown key (known keys: {known})")
        expected = _TYPES[key]
        # bool is an int in Python; a YAML `true` for max_pages is a mistake, not 1.
        if isinstance(value, bool) and expected is not bool:
            raise _fail(source, raw_key, f"expected {_type_name(expected)}, got a boolean")
        if not isinstance(value, expected):
            raise _fail(source, raw_key, f"expected {_type_name(expected)}, got {type(value).__name__} {value!r}")
        clean[key] = value

    for required in ("name", "start_urls"):
        if required not in clean:
            raise _fail(source, required, "missing (required)")
    if not clean["name"].strip() or "/" in clean["name"]:
        raise _fail(source, "name", "must be a non-empty name without '/'")
    urls = clean["start_urls"]
    if not urls:
        raise _fail(source, "start_urls", "must list at least one URL")
    for url in urls:
        parts = urlsplit(url) if isinstance(url, str) else None
        if not parts or parts.scheme not in ("http", "https") or not parts.hostname:
            raise _fail(source, "start_urls", f"{url!r} is not an absolute http(s) URL"
                        + _scheme_hint(url))
        try:
            port = parts.port
        except ValueError:      # urlsplit reads the port lazily: 99999, 80a
            port = -1
        if port is not None and not 0 < port < 65536:
            raise _fail(source, "start_urls", f"{url!r}: the port must be a number from 1 to 65535")
    for dom in clean.get("allowed_domains", []):
        if not isinstance(dom, str) or not dom or "/" in dom:
            raise _fail(source, "allowed_domains", f"{dom!r} is not a domain name")
    for key in ("deny", "allow"):
        for pattern in clean.get(key, []):
            if not isinstance(pattern, str) or not pattern:
                raise _fail(source, key, f"{pattern!r} is not a regular expression (a string)")
            try:
                re.compile(pattern)
            except re.error as exc:
                raise _fail(source, key, f"{pattern!r} is not a regular expression: {exc}") from None
    if clean.get("render", "auto") not in RENDER_MODES:
        raise _fail(source, "render", f"{clean['render']!r} is not one of {', '.join(RENDER_MODES)}")
    for key in ("depth_limit", "max_pages"):
        if clean.get(key, 0) < 0:
            raise _fail(source, key, "must be 0 (unlimited) or a positive number")
    if clean.get("revisit", "changed") not in REVISIT_MODES:
        raise _fail(source, "revisit", f"{clean['revisit']!r} is not one of {', '.join(REVISIT_MODES)}")
    if clean.get("expand_rounds", 0) < 0:
        raise _fail(source, "expand_rounds", "must be 0 (off) or a positive number")
    if clean.get("delay", 0) < 0:
        raise _fail(source, "delay", "must be 0 or a positive number of seconds")
    if clean.get("concurrency", 1) < 1:
        raise _fail(source, "concurrency", "must be at least 1")
    if "delay" in clean:
        clean["delay"] = float(clean["delay"])
    agent = clean.get("user_agent")
    if agent is not None and (not agent.strip() or any(c in agent for c in "\r\n")):
        raise _fail(source, "user_agent", "must be one line of text")
    _check_login(clean, source)
    _check_cookies(clean, source)
    _check_form_login(clean, source)
    for name in clean.get("scrapy_settings", {}):
        if not isinstance(name, str) or not _SETTING_NAME.fullmatch(name):
            raise _fail(source, "scrapy_settings", f"{name!r} is not a Scrapy setting name (UPPER_CASE)")
        if name.startswith("LEAFCRAWL_") and not name.startswith(TUNABLE_SETTINGS):
            raise _fail(source, "scrapy_settings", f"{name} is leafcrawl's own: use the config's keys")
    if "schedule" in clean and not _valid_cron(clean["schedule"]):
        raise _fail(source, "schedule", f"{clean['schedule']!r} is not a five-field cron expression")
    clean["threshold"] = float(clean.get("threshold", 0.0))
    return SiteConfig(source=source, **clean)


def _check_login(clean: dict, source: str) -> None:
    """http_user and its password (the config's, else PASSWORD_ENV's), both one line."""
    user = clean.get("http_user")
    if user is None:
        if clean.get("http_password") is not None:
            raise _fail(source, "http_password", "given without http_user")
        return
    if not user.strip() or any(c in user for c in ":\r\n"):
        raise _fail(source, "http_user", "must be one line of text without ':'")
    if clean.get("http_password") is None:
        clean["http_password"] = os.environ.get(PASSWORD_ENV) or None
    password = clean["http_password"]
    if not password:
        raise _fail(source, "http_user", f"{user!r} needs a password: http_password in the "
                    f"config, or the environment's {PASSWORD_ENV}")
    if any(c in password for c in "\r\n"):
        raise _fail(source, "http_password", "must be one line")


def _check_form_login(clean: dict, source: str) -> None:
    """login_form (an absolute http(s) URL), its user and its password (the config's, else
    LOGIN_PASSWORD_ENV's) come together."""
    url = clean.get("login_form")
    if url is None:
        for key in ("login_user", "login_password"):
            if clean.get(key) is not None:
                raise _fail(source, key, "given without login_form (the login form's page)")
        return
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise _fail(source, "login_form", f"{url!r} is not an absolute http(s) URL" + _scheme_hint(url))
    user = clean.get("login_user")
    if not user or any(c in user for c in "\r\n"):
        raise _fail(source, "login_user", "the user to log in as (one line) is needed with login_form")
    if clean.get("login_password") is None:
        clean["login_password"] = os.environ.get(LOGIN_PASSWORD_ENV) or None
    if not clean["login_password"]:
        raise _fail(source, "login_user", f"{user!r} needs a password: login_password in the "
                    f"config, or the environment's {LOGIN_PASSWORD_ENV}")


def _check_cookies(clean: dict, source: str) -> None:
    """cookies_file holds unexpired cookies for the site's hosts; its path made absolute,
    as a scheduled crawl runs in a worker with a folder of its own."""
    path = clean.get("cookies_file")
    if path is None:
        return
    path = Path(path).expanduser().absolute()
    hosts = clean.get("allowed_domains") or [_host(u) for u in clean["start_urls"]]
    try:
        read_cookie_file(path, hosts)
    except CookieFileError as exc:
        raise _fail(source, "cookies_file", str(exc)) from None
    clean["cookies_file"] = str(path)


def _valid_cron(expr: str) -> bool:
    from croniter import croniter  # RQ's cron parses schedules with it; validate the same way

    return len(expr.split()) == 5 and croniter.is_valid(expr)


def _type_name(expected) -> str:
    if isinstance(expected, tuple):
        return "a number"
    return {str: "a string", list: "a list", int: "an integer", bool: "true or false",
            dict: "a mapping"}[expected]


def load_site_config(path: str | Path) -> SiteConfig:
    """Read and validate one site config file (.yaml/.yml or .toml)."""
    path = Path(path)
    source = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(f"{source}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{source}: cannot read: {exc}") from None
    try:
        if path.suffix == ".toml":
            data = tomllib.loads(text)
        elif path.suffix in (".yaml", ".yml"):
            data = yaml.safe_load(text)
        else:
            raise ConfigError(f"{source}: unknown config format (use .yaml, .yml or .toml)")
    except (yaml.YAMLError, tomllib.TOMLDecodeError) as exc:
        problem = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise ConfigError(f"{source}: not valid {path.suffix[1:].upper()}: {problem}") from None
    if data is None:
        raise ConfigError(f"{source}: the file is empty")
    if isinstance(data, dict):
        for key in ("cookies_file", "cookies", "cookies-file"):
            if isinstance(data.get(key), str):
                # beside the config, as a user keeps a site's files together
                data[key] = str(path.parent / Path(data[key]).expanduser())
    return validate(data, source)


def _scheme_hint(url) -> str:
    """A start URL given without its scheme (example.org/blog/): the URL it may mean."""
    if not isinstance(url, str) or "://" in url or not url.strip():
        return ""
    guess = "https://" + url.strip().lstrip("/")
    parts = urlsplit(guess)
    try:
        parts.port
    except ValueError:
        return ""
    if not parts.hostname or "." not in parts.hostname and parts.hostname != "localhost":
        return ""
    return f" (did you mean {guess + ('' if parts.path else '/')!r}?)"


def config_from_url(url: str, *more_urls: str, **overrides) -> SiteConfig:
    """A config for a bare `leafcrawl crawl URL [URL...]`: the site is named after the first
    URL's host, and the crawl may visit every start URL's host."""
    parts = urlsplit(url)
    data = {"name": parts.netloc.replace(":", "_") or "site", "start_urls": [url, *more_urls]}
    data.update({k: v for k, v in overrides.items() if v is not None})
    return validate(data, "<command line>")


SPIDER_ARGS_USAGE = ("scrapy crawl site -a url=URL (several: -a url='URL URL') or -a config=FILE, "
                     "and -a KEY=VALUE for any config key (-a render=never -a depth=2)")


def config_from_spider_args(args: dict) -> SiteConfig:
    """A config from `scrapy crawl site -a ...` arguments, as a Scrapy user runs a spider (or
    scrapyd does): -a config=FILE and/or -a url=URL, and -a KEY=VALUE for any config key,
    over the file's. Each value is read as YAML, as in a config file ("2" is a number, "[a, b]"
    a list). The arguments taken are removed from args; the rest are the spider's own."""
    path, urls = args.pop("config", None), args.pop("url", None)
    overrides = {}
    for key in [k for k in args if _ALIASES.get(k, k) in _TYPES]:
        raw = args.pop(key)
        try:
            overrides[key] = yaml.safe_load(raw) if isinstance(raw, str) else raw
        except yaml.YAMLError as exc:
            raise ConfigError(f"-a {key}: not a value: {raw!r} ({exc})") from None
    if path:
        cfg = load_site_config(path)
        data = {k: v for k, v in vars(cfg).items() if k != "source" and v is not None}
        if urls:
            data["start_urls"] = urls.split()
        return validate({**data, **overrides}, cfg.source)
    if urls:
        first, *more = urls.split() or [""]
        return config_from_url(first, *more, **overrides)
    raise ConfigError(f"the site spider needs a site: {SPIDER_ARGS_USAGE}")


def config_keys() -> list[str]:
    return [f.name for f in fields(SiteConfig) if f.name != "source"]
