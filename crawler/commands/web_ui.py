"""`leafcrawl ui`: a local web view of what a crawl left in Redis.

Sites, runs, schedules, a site's pages as a table one can sort and filter (with a histogram
of their scores around the threshold), and a page's explanation: its terms as bars, its
links by kind and its archived Markdown rendered. Server-rendered HTML (Flask and Jinja),
no script at all: filters and sorting are links and a GET form. Crawled pages' text is
untrusted, so templates escape it, the Markdown is rendered with raw HTML shown as text,
and the Content-Security-Policy forbids every script and every request off this server
(archived images from the crawled site are not fetched: no data leaves the machine).
"""
from __future__ import annotations

import math
import re
from pathlib import Path

from flask import Flask, abort, render_template, request

from pipelines.page import IndexinessConfig

CSP = ("default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
# A site's table shows at most this many rows (the filter narrows it); sorting and the
# histogram take every page.
MAX_ROWS = 2000
# Histogram bins are this many score points wide: the threshold's neighbourhood, where a
# verdict could tip, shows bin by bin.
BIN_WIDTH = 5
SORT_KEYS = {
    "score": lambda p: (p.get("score") is None, p.get("score") or 0),
    "url": lambda p: p.get("url") or "",
    "title": lambda p: (p.get("title") or "").lower(),
    "verdict": lambda p: p.get("verdict") or "",
    "status": lambda p: p.get("status") or 0,
}
VERDICTS = ("index", "leaf", "failed")
_UNSAFE_HREF = re.compile(r'href="(?!https?:|mailto:|/|#)[^"]*"', re.I)


def _verdict(page: dict) -> str:
    return "failed" if page.get("error") else (page.get("verdict") or "")


def filter_pages(pages: list[dict], verdict: str, query: str, sort: str, order: str) -> list[dict]:
    """The pages a site's table shows: of one verdict (or every), whose URL or title holds
    `query` (case-insensitive), sorted by `sort` in `order` ("asc" or "desc")."""
    q = query.strip().lower()
    chosen = [p for p in pages
              if (not verdict or _verdict(p) == verdict)
              and (not q or q in (p.get("url") or "").lower() or q in (p.get("title") or "").lower())]
    chosen.sort(key=SORT_KEYS.get(sort, SORT_KEYS["score"]), reverse=order == "desc")
    return chosen


def histogram(scores: list[float], threshold: float, width: int = BIN_WIDTH) -> list[dict]:
    """Bins of `width` score points covering every score: low edge, count, and which side
    of the threshold the bin lies (bins are aligned on the threshold)."""
    if not scores:
        return []
    first = math.floor((min(scores) - threshold) / width)
    last = math.floor((max(scores) - threshold) / width)
    counts = {b: 0 for b in range(first, last + 1)}
    for s in scores:
        counts[math.floor((s - threshold) / width)] += 1
    return [{"low": threshold + b * width, "count": n, "index": b >= 0} for b, n in counts.items()]


def term_bars(page: dict) -> list[dict]:
    """The page's nonzero terms, largest first, with each bar's share of the largest."""
    terms = [(t, float(v)) for t, v in (page.get("breakdown") or {}).items() if float(v or 0)]
    terms.sort(key=lambda tv: -abs(tv[1]))
    top = max((abs(v) for _, v in terms), default=1.0) or 1.0
    counts = page.get("counts") or {}
    return [{"term": t, "value": v, "count": counts.get(t), "share": abs(v) / top} for t, v in terms]


def markdown_html(text: str) -> str:
    """Archived Markdown as HTML, front matter dropped, raw HTML shown as text."""
    import markdown

    if text.startswith("---\n"):
        end = text.find("\n---\n", 4)
        if end >= 0:
            text = text[end + 5:]
    md = markdown.Markdown(extensions=["tables", "fenced_code"])
    md.preprocessors.deregister("html_block")
    md.inlinePatterns.deregister("html")
    # a link is followed only to the web or by mail (the CSP stops javascript: besides)
    return _UNSAFE_HREF.sub('href="#"', md.convert(text))


def archived_markdown(page: dict, archive_dirs: list[Path]) -> str | None:
    """The page's archived Markdown, when its file is readable here."""
    path = page.get("archived_path")
    if not path:
        return None
    for candidate in [Path(path)] + [d / path for d in archive_dirs]:
        try:
            return candidate.read_text(encoding="utf-8")
        except OSError:
            continue
    return None


def scheduled(config_dir: str, store) -> list[dict]:
    """The sites `config_dir` schedules: name, cron line, next run, last recorded run."""
    from rq.cron import CronJob

    from crawler.services.run_records import read_runs
    from workers.scheduled import CRAWL_JOB
    from workers.site_configs import scheduled_sites

    if not Path(config_dir).is_dir():
        return []
    rows = []
    for path, cfg in scheduled_sites(config_dir, on_error=lambda message: None):
        job = CronJob(queue_name="leafcrawl", func_name=CRAWL_JOB, cron=cfg.schedule)
        last = read_runs(store.redis, store.prefix, cfg.name, 1)
        rows.append({"name": cfg.name, "cron": cfg.schedule, "path": str(path),
                     "next": f"{job.next_enqueue_time:%Y-%m-%d %H:%M} UTC",
                     "last": last[0] if last else None})
    return rows


def create_app(store, *, schedules=None, archive_dirs: list[Path] | None = None,
               threshold: float | None = None) -> Flask:
    """The web view over a ScoreStore. `schedules`: a callable giving the scheduled sites
    as dicts (name, cron, next, last), or None."""
    app = Flask(__name__, template_folder=str(Path(__file__).with_name("ui_templates")))
    threshold = IndexinessConfig().threshold if threshold is None else threshold
    archive_dirs = archive_dirs or []

    @app.after_request
    def _headers(response):
        response.headers["Content-Security-Policy"] = CSP
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        return response

    @app.get("/")
    def home():
        from crawler.services.run_records import read_runs

        sites = [{"name": s, "pages": store.site_size(s)} for s in store.sites()]
        runs = read_runs(store.redis, store.prefix, None, 20)
        return render_template("home.html", sites=sites, runs=runs,
                               schedules=schedules() if schedules else None)

    @app.get("/site/<name>")
    def site(name):
        if name not in store.sites():
            abort(404, f"no site named {name!r}")
        pages = store.site_pages(name)
        verdict = request.args.get("verdict", "")
        verdict = verdict if verdict in VERDICTS else ""
        query = request.args.get("q", "")
        sort = request.args.get("sort", "score")
        sort = sort if sort in SORT_KEYS else "score"
        order = "asc" if request.args.get("order") == "asc" else "desc"
        shown = filter_pages(pages, verdict, query, sort, order)
        scores = [float(p["score"]) for p in pages if p.get("score") is not None and not p.get("error")]
        bins = histogram(scores, threshold)
        tallest = max((b["count"] for b in bins), default=1)
        counts = {v: sum(1 for p in pages if _verdict(p) == v) for v in VERDICTS}
        return render_template("site.html", name=name, pages=shown[:MAX_ROWS], total=len(pages),
                               matched=len(shown), max_rows=MAX_ROWS, verdict=verdict, q=query,
                               sort=sort, order=order, bins=bins, tallest=tallest,
                               threshold=threshold, counts=counts, verdicts=VERDICTS)

    @app.get("/page")
    def page():
        from crawler.commands.page_lookup import lookup_page
        from crawler.commands.report import render_explanation

        url = request.args.get("url", "")
        found = lookup_page(store, url) if url else None
        if found is None:
            abort(404, f"no stored page {url!r}")
        text = archived_markdown(found, archive_dirs)
        return render_template("page.html", page=found, explanation=render_explanation(found),
                               bars=term_bars(found), links=found.get("counted_links") or {},
                               markdown=markdown_html(text) if text else None,
                               aliases=store.aliases(found.get("url", "")))

    @app.get("/runs")
    def runs():
        from crawler.services.run_records import read_runs

        site_name = request.args.get("site") or None
        return render_template("runs.html", runs=read_runs(store.redis, store.prefix, site_name, 200),
                               site=site_name)

    return app


def serve(app: Flask, host: str, port: int, announce=print) -> None:
    """Serve `app` until interrupted (Ctrl-C)."""
    from werkzeug.serving import make_server

    server = make_server(host, port, app, threaded=True)
    shown = f"[{host}]" if ":" in host else host
    announce(f"leafcrawl ui: http://{shown}:{server.server_port}/  (Ctrl-C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
