"""Revisits: a later crawl asks the server whether a page it crawled has changed, instead of
fetching it (and, in browser mode, rendering it) again.

A scheduled crawl of a site finds a few new posts among hundreds it archived before. Without
this, every run fetched and rendered every page again, to find most of them "unchanged" in
the archive job. Now a page crawled before is first asked for with the validators its last
response carried (If-None-Match / If-Modified-Since), by plain HTTP in either mode:
- 304 Not Modified, or a full answer with the page's validators or, failing those, the very
  bytes of its last document (document_digest: servers that send no validators, WordPress'
  pages typically; the tokens such a server writes into each answer masked): the page is
  not fetched (or analysed, or rendered) again. Its record gets ``checked_at``, and the
  links it was followed by last time (an index's entries, a docs page's siblings, a
  thread's next page) are followed again from Redis, so the pages reachable through it are
  reached.
- any other answer: in plain mode it is the page, analysed as usual; in browser mode the
  page is fetched again through the browser, and its record keeps the digest of the
  document this fetch brought (a browser sees no document bytes of its own: the first
  later crawl of a site without validators learns them, the ones after use them).

Which pages: a leaf whose file this archive directory holds, and an index page, when what
the crawl takes from it is its document's: always in plain mode; in browser mode when every
link an index page was followed by, or nearly all of a leaf's text, was there once the
document was parsed (drawn_by_its_document). A listing whose script fetches its entries or
whose "Load more" brings them, and an article whose body a script draws, may change in an
unchanged document: they are rendered every time. Either must have been fetched successfully
in the same render mode and score on the same side of this crawl's threshold. Start pages are
always fetched. ``revisit: all`` (``--revisit all``) fetches every page again.

What a 304 cannot tell: a page whose scripts change it a little (a few hundred characters of
a leaf's text) in an unchanged document keeps the archived version until ``--revisit all``.
A hash-routed app's routes are never revisited: their document is the app's shell.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime

from redis.exceptions import RedisError
from scrapy.exceptions import NotConfigured

from crawler.politeness.rate_limits import RATE_LIMIT_STATUSES
from crawler.frontier.volatile_markup import mask_volatile
from pipelines.store import redis_keys as rk
from pipelines.indexiness.hash_routes import route_of
from pipelines.indexiness.page_address import page_address
from pipelines.indexiness.render_need import SCRIPT_TEXT_MIN_CHARS, SCRIPT_TEXT_SHARE
from pipelines.store.score_store import as_text
from pipelines.store.site_config import REVISIT_MODES, fetch_label

REVISIT_SETTING = "LEAFCRAWL_REVISIT"

PAGE_META = "leafcrawl_page"            # set by the spider on every page request
REVISIT_META = "leafcrawl_revisit"      # a KnownPage's fields: this request is a revisit
REVISITED_META = "leafcrawl_revisited"  # the revisit was answered: never ask twice

# The page hash fields a revisit reads (RECORD_FIELDS of pipelines/store/score_store.py).
FIELD_ETAG = "etag"
FIELD_LAST_MODIFIED = "last_modified"
FIELD_DIGEST = "document_digest"
FIELD_FOLLOWED_LINKS = "followed_links"

_LOOKUP_FIELDS = ("score", "status", "render", FIELD_ETAG, FIELD_LAST_MODIFIED, FIELD_DIGEST,
                  rk.FIELD_ARCHIVED_PATH, rk.FIELD_CANONICAL, FIELD_FOLLOWED_LINKS)
# The digest of a revisit's plain document, carried to the browser's fetch of a changed page
# so that its record keeps it (a browser crawl never sees the document's bytes otherwise).
DIGEST_META = "leafcrawl_document_digest"


@dataclass(frozen=True)
class KnownPage:
    """What a crawl needs to revisit a page: its validators, the links it was followed by
    last time (a links_ref) and its score (the referrer score of those links)."""
    etag: str | None
    last_modified: str | None
    links_ref: str
    score: float
    digest: str | None = None


def response_validators(headers) -> dict[str, str | None]:
    """The ETag and Last-Modified of a response (Scrapy Headers), for the page record."""
    def one(name):
        value = headers.get(name)
        return value.decode("latin-1").strip() or None if value else None
    return {FIELD_ETAG: one("ETag"), FIELD_LAST_MODIFIED: one("Last-Modified")}


# A digest taken with the document's per-request parts masked is marked so: a revisit then
# masks the answer it compares (crawler/frontier/volatile_markup.py).
MASKED_DIGEST = "m:"
# A Last-Modified this close to the answer's own Date is the time of the answer, not of the
# page: the server renders the page for each request.
STAMPED_NOW_SECONDS = 60


def written_per_request(headers) -> bool:
    """Does the server write this document afresh for every request (a CMS, an app), so
    that tokens and stamps may differ from one answer to the next? It does when it cannot
    say when the document last changed: no Last-Modified, or one no older than the answer.
    A static file server names its file's time, and its documents are served as stored."""
    changed, answered = headers.get("Last-Modified"), headers.get("Date")
    if not changed:
        return True
    try:
        changed = parsedate_to_datetime(changed.decode("latin-1"))
        answered = (parsedate_to_datetime(answered.decode("latin-1")) if answered
                    else datetime.now(timezone.utc))
        return (answered - changed).total_seconds() < STAMPED_NOW_SECONDS
    except (TypeError, ValueError, IndexError):
        return True


def document_digest(body: bytes, *, masked: bool) -> str:
    """The digest of a document as its server sent it: the same bytes again are the same
    page, whatever the server says (or does not say) of validators. masked: what the
    server writes afresh for every request (form tokens, nonces, cache stamps:
    volatile_markup) is masked first, as a Drupal or Django page with a search form is
    otherwise new on every crawl. Only for documents written per request
    (written_per_request): the masking costs about 1.3 ms on a 240 KB page (0.2 on 30 KB),
    where the digest alone costs 0.1."""
    if masked:
        return MASKED_DIGEST + hashlib.sha1(mask_volatile(body)).hexdigest()
    return hashlib.sha1(body).hexdigest()


def conditional_headers(known: KnownPage) -> dict[str, str]:
    headers = {}
    if known.etag:
        headers["If-None-Match"] = known.etag
    if known.last_modified:
        headers["If-Modified-Since"] = known.last_modified
    return headers


def _opaque(etag: str) -> str:
    return etag[2:] if etag.startswith("W/") else etag


def same_validators(known: dict, headers) -> bool:
    """Does a full answer carry the validators the page had (known: its "etag" and
    "last_modified")? Then it is the same representation: some servers send validators
    but answer a conditional request in full, and in browser mode each such page cost a
    plain fetch on top of its render. ETags are compared weakly, as If-None-Match does;
    Last-Modified only when neither side has an ETag to compare."""
    got = response_validators(headers)
    if known.get(FIELD_ETAG) and got[FIELD_ETAG]:
        return _opaque(known[FIELD_ETAG]) == _opaque(got[FIELD_ETAG])
    if known.get(FIELD_ETAG) or got[FIELD_ETAG]:
        return False
    return bool(known.get(FIELD_LAST_MODIFIED)) and known[FIELD_LAST_MODIFIED] == got[FIELD_LAST_MODIFIED]


def follow_tag(follow_leaf_links: bool, is_index: bool = False) -> str:
    """Which links a page is followed by depends on its verdict and, for a leaf, on
    --follow-leaf-links: a stored list is reused only by a crawl that would follow the
    same kind (another --threshold may make a leaf an index)."""
    if is_index:
        return "index"
    return "all" if follow_leaf_links else "leaf"


def links_ref(tag: str, urls: list[str]) -> str:
    """The name of a followed-links list: its follow_tag and a digest of its URLs. Stored
    once per distinct list (<p>:links:<digest>): a docs site's pages share their sidebar."""
    digest = hashlib.sha1(json.dumps(urls).encode("utf-8")).hexdigest()[:20]
    return f"{tag}:{digest}"


def drawn_by_its_document(is_index: bool, links: list[str], collector: dict | None) -> bool:
    """In browser mode: is what the crawl takes from this page, an index page's links or a
    leaf's text, already in its document once parsed (page_settle's tracker, at
    DOMContentLoaded)? Only then does an unchanged document (a 304) mean an unchanged page,
    and the page keep the links it was followed by for a later revisit. A listing whose
    script fetches its entries, or whose "Load more" brings them, and an article whose body
    a script draws, are rendered on every crawl."""
    collector = collector or {}
    if is_index:
        return links_in_document(links, collector.get("parsedLinks"))
    parsed, text = collector.get("parsedText"), collector.get("text")
    if not isinstance(parsed, int) or not isinstance(text, int):
        return False      # not measured: no telling
    return text - parsed <= max(SCRIPT_TEXT_MIN_CHARS, SCRIPT_TEXT_SHARE * text)


def links_in_document(links: list[str], parsed_links: list[str] | None) -> bool:
    """Were all these links in the page's document once parsed (page_settle's tracker, at
    DOMContentLoaded: what its HTML and synchronous scripts drew)? Links a script fetched,
    or a "Load more" brought, came later: such a listing is rendered on every crawl."""
    if parsed_links is None:
        return False
    held = {url.split("#", 1)[0] for url in parsed_links}
    return all(url.split("#", 1)[0] in held for url in links)


def known_page(url: str, fields: dict, *, threshold: float, render: str, archive_dir: str,
               tag: str) -> KnownPage | None:
    """The KnownPage of a page record's fields (_LOOKUP_FIELDS), when the page may be
    revisited (see the module's docstring), else None. tag: follow_tag of a leaf in this
    crawl."""
    f = {k: as_text(v) for k, v in fields.items()}
    etag, modified, ref = f.get(FIELD_ETAG), f.get(FIELD_LAST_MODIFIED), f.get(FIELD_FOLLOWED_LINKS)
    digest = f.get(FIELD_DIGEST)
    # a page without validators is revisited too: its answer's bytes are compared with the
    # digest of its last document (in browser mode the first revisit learns the digest)
    if not ref:
        return None
    if f.get("status") != "200" or f.get("render") != render:
        return None
    try:
        score = float(f.get("score"))
    except (TypeError, ValueError):
        return None
    is_index = score > threshold
    if not ref.startswith(("index" if is_index else tag) + ":"):
        return None       # followed as the other kind, or under another --follow-leaf-links
    if is_index:
        # an index page whose links are its document's (the spider kept them only then:
        # drawn_by_its_document)
        return KnownPage(etag, modified, ref, score, digest)
    # a leaf: the file this archive holds (another --archive-dir, a file deleted since, a
    # duplicate of another page's content: fetched)
    path = f.get(rk.FIELD_ARCHIVED_PATH)
    if not path or f.get(rk.FIELD_CANONICAL) != url:
        return None
    if not path.startswith(os.path.join(archive_dir, "")) or not os.path.isfile(path):
        return None
    return KnownPage(etag, modified, ref, score, digest)


class RevisitMiddleware:
    """Downloader middleware: turns the request of a known page into its revisit, and a
    revisit's answer into what the spider needs (module docstring).

    A 304 (or a full answer with the same validators, same_validators) reaches the spider
    with the stored links in ``meta[REVISIT_META]["links"]``; a changed page in browser mode
    goes back to the scheduler as a browser request of the same depth (dont_filter: its URL
    is seen)."""

    def __init__(self, redis, *, prefix: str, threshold: float, archive_dir: str,
                 tag: str, site: str | None = None, stats=None):
        self.redis = redis
        self.site = site
        self.prefix = prefix
        self.threshold = threshold
        self.archive_dir = archive_dir
        self.tag = tag
        self.stats = stats
        self.site_known: bool | None = None
        # Redis failed a revisit's read: every request of the crawl is fetched in full, and
        # none waits out the client's retries again
        self.unavailable = False

    @classmethod
    def from_crawler(cls, crawler):
        settings = crawler.settings
        mode = settings.get(REVISIT_SETTING, "changed")
        if mode not in REVISIT_MODES:
            raise NotConfigured(f"{REVISIT_SETTING}={mode!r} is not one of {REVISIT_MODES}")
        url = settings.get(rk.REDIS_URL_SETTING)
        if mode != "changed" or not url:
            raise NotConfigured
        from pipelines.scrapy_pipelines import redis_for

        middleware = cls(redis_for(crawler), prefix=rk.prefix_from_settings(settings),
                         threshold=settings.getfloat("LEAFCRAWL_THRESHOLD", 0.0),
                         archive_dir=rk.archive_dir_from_settings(settings),
                         tag=follow_tag(settings.getbool("LEAFCRAWL_FOLLOW_LEAF_LINKS")),
                         site=settings.get("LEAFCRAWL_SITE"), stats=crawler.stats)
        return middleware

    def _site_has_pages(self) -> bool:
        """A first crawl of a site has nothing to revisit: one ZCARD, not a lookup per page."""
        if self.site_known is None:
            try:
                self.site_known = not self.site or bool(
                    self.redis.zcard(rk.site_scores_key(self.prefix, self.site)))
            except RedisError:
                self.unavailable = True
                return False
        return self.site_known

    def lookup(self, url: str, render: str) -> KnownPage | None:
        """render: how the crawl would fetch it now ("browser" or "plain"; per request, as
        --render auto decides per site)."""
        try:
            values = self.redis.hmget(rk.page_key(self.prefix, url), _LOOKUP_FIELDS)
        except RedisError:
            # fetched in full: the item pipelines stop the crawl if Redis is gone for good
            self.unavailable = True
            return None
        return known_page(url, dict(zip(_LOOKUP_FIELDS, values)), threshold=self.threshold,
                          render=render, archive_dir=self.archive_dir, tag=self.tag)

    def process_request(self, request):
        meta = request.meta
        if (self.unavailable or not meta.get(PAGE_META) or meta.get(REVISITED_META)
                or REVISIT_META in meta
                or not meta.get("depth") or route_of(request.url) is not None
                or not self._site_has_pages()):
            return None
        known = self.lookup(page_address(request.url), fetch_label(bool(meta.get("playwright"))))
        if known is None:
            return None
        # asked by plain HTTP in either mode: a 304 needs no browser
        meta[REVISIT_META] = {"ref": known.links_ref, "score": known.score,
                              FIELD_ETAG: known.etag, FIELD_LAST_MODIFIED: known.last_modified,
                              FIELD_DIGEST: known.digest,
                              "playwright": bool(meta.get("playwright"))}
        meta["playwright"] = False
        meta["handle_httpstatus_list"] = [*meta.get("handle_httpstatus_list", ()), 304]
        for name, value in conditional_headers(known).items():
            request.headers[name] = value
        return None

    def process_response(self, request, response):
        revisit = request.meta.get(REVISIT_META)
        if not revisit or "links" in revisit:
            return response
        if response.status in RATE_LIMIT_STATUSES:
            # the site said nothing of the page: the same conditional request is asked again
            # once the wait is over (rate_limits.py, or Scrapy's retry); before, a browser
            # crawl took the answer for a change and rendered the page at once, into the limit
            return response
        same_document = False
        if response.status == 200 and not same_validators(revisit, response.headers):
            # no validators, or ones that changed (a server that dates every answer now):
            # the bytes decide, masked or not as the stored digest was taken
            stored = revisit[FIELD_DIGEST]
            masked = written_per_request(response.headers)
            digest = document_digest(response.body, masked=masked)
            if stored and stored.startswith(MASKED_DIGEST) != masked:
                same_document = document_digest(
                    response.body, masked=not masked) == stored
            else:
                same_document = digest == stored
            revisit["answer_digest"] = digest
        unchanged = response.status == 304 or response.status == 200 and (
            same_document or same_validators(revisit, response.headers))
        if unchanged:
            try:
                raw = self.redis.get(rk.followed_links_key(self.prefix, revisit["ref"]))
            except RedisError:
                self.unavailable = True
                raw = None
            if raw is not None:
                revisit["links"] = json.loads(raw)     # the spider's sign: not modified
                if response.status != 304 and self.stats is not None:
                    self.stats.inc_value("leafcrawl/revisit_same_document" if same_document
                                         else "leafcrawl/revisit_same_validators")
                return response
            # the stored links are gone: fetch the page to find them again
        if self.stats is not None:
            self.stats.inc_value("leafcrawl/revisit_changed")
        # the browser's page, or a redirect the page's own request follows without validators
        if response.status == 304 or revisit["playwright"] or 300 <= response.status < 400:
            return self._fetch_again(request)
        request.meta.pop(REVISIT_META, None)     # changed: this answer is the page
        if revisit.get("answer_digest"):          # its digest, taken above: not taken again
            request.meta[DIGEST_META] = revisit["answer_digest"]
        return response

    @staticmethod
    def _fetch_again(request):
        """The page's own request, as the spider built it (browser or plain), of the same
        depth: a request returned here skips the spider middlewares that would deepen it."""
        meta = dict(request.meta)
        revisit = meta.pop(REVISIT_META)
        meta["playwright"] = revisit["playwright"]
        meta[REVISITED_META] = True
        if revisit.get("answer_digest"):
            meta[DIGEST_META] = revisit["answer_digest"]
        statuses = [s for s in meta.get("handle_httpstatus_list", ()) if s != 304]
        if statuses:
            meta["handle_httpstatus_list"] = statuses
        else:
            meta.pop("handle_httpstatus_list", None)
        headers = request.headers.copy()
        for name in ("If-None-Match", "If-Modified-Since"):
            headers.pop(name, None)
        return request.replace(meta=meta, headers=headers, dont_filter=True)
