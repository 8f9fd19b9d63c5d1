"""Crawl a labelled corpus site with `leafcrawl crawl` and score what was archived.

    python bench/eval_crawl.py CORPORA/sites/hugo-ananke-melroy --render never

CORPUS_SITE_DIR holds `site/` (served on 127.0.0.1 for the run, on a free port or on
--port: a site mirrored from a live server, whose pages link its address, needs that port,
e.g. `--port 8000` for bench/sites/build_wordpress_blog.py's copies) and `labels.csv`
(path,label,how; label leaf|index|other; an optional url column: the address a mirrored
file was served at, where its name is not that address, which the archive's URLs are then
matched to as well as the file's own). The crawl runs as a subprocess in OUT (so its
embedded Redis lives in OUT/.leafcrawl/), archives into OUT/archive and writes
OUT/summary.json. Each archived .md is mapped back to a labelled page through the `url:`
of its front matter (and the `parts:` of a split post's, one file for all its pages). Reported: leaf precision/recall/F1 of the archive, pages fetched vs
pages in the site, pages/s, and archived vs not per `how` group; the verdict of every
fetched page too when `leafcrawl scores --json` answers. Table on stdout, JSON in
OUT/eval.json. `--evaluate-only` re-scores an existing OUT without crawling.

`--recrawl` measures what a later (scheduled) crawl of the unchanged site costs: after the
first crawl, the same server, archive and Redis are crawled again twice, first with
`--revisit all` (every page fetched again: the reference) and then with the default
`--revisit changed` (archived leaves asked for conditionally, crawler/frontier/revisits.py). It
reports both times, their ratio, and each run's pages fetched and leaves not modified; the
archive is scored after the last run. `--no-validators` serves the site without
Last-Modified, as a CMS does, and runs a second `--revisit changed` after the first (a browser
crawl learns the documents' bytes on the first, crawler/frontier/revisits.py). `--form-tokens` serves a
copy of the site whose every page ends with a search form holding a fresh hidden token in each
answer (a Drupal site's pages), without validators.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import shutil
import subprocess
import sys
import time
import unicodedata
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Callable
from urllib.parse import unquote, urlsplit

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from pipelines.indexiness.hash_routes import route_of  # noqa: E402

LABELS = ("leaf", "index")   # "other" (redirect stubs, static files) is ignored
DEFAULT_OUT = REPO / "bench" / "out" / "eval_crawl"
# A generous cap: the crawl should stop on its own well before twice the site's size.
MAX_PAGES_FACTOR = 2
MAX_PAGES_SLACK = 100
CRAWL_TIMEOUT_S = 3600


@dataclass(frozen=True)
class Label:
    path: str   # as in labels.csv, e.g. "2013/foo/index.html"
    label: str  # leaf | index | other
    how: str
    date: str = ""  # the page's publication day (YYYY-MM-DD) when the generator knows it
    url: str = ""   # the path the server served it at, when the file's name is not that
                    # (wget --adjust-extension named /user/ada user/ada.html)


def load_labels(csv_path) -> list[Label]:
    """Rows of a corpus labels.csv (quoted fields allowed, header path,label,how; date and
    url optional)."""
    with open(csv_path, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    if rows and not {"path", "label", "how"} <= set(rows[0]):
        raise ValueError(f"{csv_path}: expected columns path,label,how")
    return [Label(r["path"], r["label"].strip(), r["how"].strip(), (r.get("date") or "").strip()[:10],
                  (r.get("url") or "").strip())
            for r in rows]


def label_key(lb: Label) -> str:
    """A label's key: that of the address the server served it at when labels.csv gives
    one, else that of its file."""
    return path_key(lb.url or lb.path)


def archived_key(labels: list[Label]) -> Callable[[str], str]:
    """The key of an archived URL against these labels: its path_key, except that a mirror's
    file name for a page whose served address the labels give is that address's key. A crawl
    of the mirror's files (/user/ada.html) and one of the live server (/user/ada) then meet
    the same label."""
    served = {path_key(lb.path): label_key(lb) for lb in labels if lb.url}

    def key(url: str) -> str:
        found = path_key(url)
        return served.get(found, found)
    return key


def right_days(labels: list[Label], urls: dict[str, list[Path]]) -> dict | None:
    """Of the archived leaves whose label gives a date, how many carry that day in their
    front matter's date (None when the labels give no dates)."""
    dated = {label_key(lb): lb.date for lb in labels if lb.label == "leaf" and lb.date}
    if not dated:
        return None
    key_of = archived_key(labels)
    right = checked = 0
    for url, files in urls.items():
        day = dated.get(key_of(url))
        if day is None:
            continue
        checked += 1
        found = str(read_front_matter(files[0].read_text(encoding="utf-8", errors="replace"))
                    .get("date") or "")[:10]
        right += found == day
    return {"leaves_dated": checked, "right_day": right, "share": _ratio(right, checked)}


def path_key(path_or_url: str) -> str:
    """One key for a label path and every URL that serves it.

    "2013/foo/index.html", "/2013/foo/", "/2013/foo" and "http://h:1/2013/foo/index.html"
    all give "/2013/foo"; "index.html" and "http://h:1/" give "/". Percent-escapes are
    decoded ("/tags/c%2B%2B/" is "tags/c++/index.html") and text is NFC-normalised.
    A query string is kept: "/?page=2" is not the home page, but a pager's "page=1" is the
    page itself (FlaskBB links a topic's first page as /topic/x?page=1). So is a hash route
    (pipelines/indexiness/hash_routes.py): "#/routing" and "http://h:1/#/routing?id=x" give "/#/routing".
    """
    parts = urlsplit(path_or_url)
    path = parts.path
    if not (parts.scheme or parts.netloc or path.startswith("/")):
        path = "/" + path
    path = unicodedata.normalize("NFC", unquote(path))
    if path.endswith("/index.html"):
        path = path[: -len("index.html")]
    key = "/" + path.strip("/")
    query = "&".join(q for q in parts.query.split("&") if q != "page=1")
    key = f"{key}?{query}" if query else key
    route = route_of(path_or_url)
    return f"{key}#{route}" if route else key


def read_front_matter(text: str) -> dict:
    """The YAML front matter between the first two `---` lines ({} if there is none)."""
    lines = text.lstrip("\ufeff").splitlines()
    if not lines or lines[0].strip() != "---":
        return {}
    try:
        end = next(i for i, line in enumerate(lines[1:], 1) if line.strip() in ("---", "..."))
    except StopIteration:
        return {}
    block = "\n".join(lines[1:end])
    try:
        import yaml

        data = yaml.safe_load(block)
        if isinstance(data, dict):
            return data
    except Exception:  # noqa: BLE001 - fall back to "key: value" lines
        pass
    data = {}
    for line in lines[1:end]:
        key, sep, value = line.partition(":")
        if sep and key.strip() and not key.startswith(" "):
            data[key.strip()] = value.strip().strip("'\"")
    return data


def archived_urls(archive_dir) -> dict[str, list[Path]]:
    """url -> the .md files under archive_dir whose front matter names it: as its url, or
    among its parts (the further pages of a split post, joined into its first page's file)."""
    found: dict[str, list[Path]] = defaultdict(list)
    for md in sorted(Path(archive_dir).rglob("*.md")):
        front = read_front_matter(md.read_text(encoding="utf-8", errors="replace"))
        for url in [front.get("url"), *(front.get("parts") or [])]:
            if url:
                found[str(url)].append(md)
    return dict(found)


def _ratio(num, den):
    return round(num / den, 4) if den else None


def evaluate(labels: list[Label], archived: list[str], summary: dict | None = None,
             verdicts: dict[str, str] | None = None) -> dict:
    """Score archived URLs (and optional url -> verdict) against the labels."""
    by_key = {label_key(lb): lb for lb in labels if lb.label in LABELS}
    other = {label_key(lb) for lb in labels if lb.label not in LABELS}
    leaves = {k for k, lb in by_key.items() if lb.label == "leaf"}
    key_of = archived_key(labels)
    arch = {key_of(u) for u in archived}
    tp = arch & leaves
    archived_index = {k for k in arch if k in by_key and by_key[k].label == "index"}
    unlabelled = arch - set(by_key) - other
    precision = _ratio(len(tp), len(tp) + len(archived_index) + len(unlabelled))
    recall = _ratio(len(tp), len(leaves))
    f1 = (round(2 * precision * recall / (precision + recall), 4)
          if precision and recall else None)

    groups: dict[str, dict] = {}
    for key, lb in sorted(by_key.items()):
        g = groups.setdefault(lb.how, {"label": lb.label, "pages": 0, "archived": 0,
                                       "not_archived": 0})
        g["pages"] += 1
        g["archived" if key in arch else "not_archived"] += 1

    summary = summary or {}
    fetched = summary.get("pages_fetched")
    crawl_s = summary.get("crawl_s") or summary.get("elapsed_s")
    pages_per_s = summary.get("pages_per_s") or (
        round(fetched / crawl_s, 2) if fetched and crawl_s else None)
    result = {
        "leaf_precision": precision,
        "leaf_recall": recall,
        "leaf_f1": f1,
        "site_pages": len(by_key),
        "site_leaves": len(leaves),
        "site_index": len(by_key) - len(leaves),
        "archived_files_urls": len(arch),
        "archived_leaves": len(tp),
        "archived_index": len(archived_index),
        "archived_unlabelled": len(unlabelled),
        "archived_other": len(arch & other),
        "pages_fetched": fetched,
        "fetched_vs_site": _ratio(fetched, len(by_key)) if fetched is not None else None,
        "crawl_s": crawl_s,
        "elapsed_s": summary.get("elapsed_s"),
        "pages_per_s": pages_per_s,
        "by_how": groups,
        "missed_leaves": sorted(leaves - arch),
        "archived_index_pages": sorted(archived_index),
        "unlabelled_archived": sorted(unlabelled),
    }
    if verdicts:
        result["verdicts"] = _verdict_metrics(by_key, verdicts, groups, key_of)
    return result


def _verdict_metrics(by_key: dict[str, Label], verdicts: dict[str, str], groups: dict,
                     key_of: Callable[[str], str] = path_key) -> dict:
    """Index/leaf confusion over the labelled pages that got a verdict."""
    conf = {"leaf": {"leaf": 0, "index": 0}, "index": {"leaf": 0, "index": 0}}
    for url, verdict in verdicts.items():
        lb = by_key.get(key_of(url))
        if lb is None or verdict not in ("leaf", "index"):
            continue
        conf[lb.label][verdict] += 1
        g = groups[lb.how]
        g[f"verdict_{verdict}"] = g.get(f"verdict_{verdict}", 0) + 1
    leaf_recall = _ratio(conf["leaf"]["leaf"], sum(conf["leaf"].values()))
    index_recall = _ratio(conf["index"]["index"], sum(conf["index"].values()))
    balanced = (round((leaf_recall + index_recall) / 2, 4)
                if leaf_recall is not None and index_recall is not None else None)
    return {"confusion": conf, "leaf_recall": leaf_recall, "index_recall": index_recall,
            "balanced_accuracy": balanced}


def render_table(result: dict, title: str = "") -> str:
    def fmt(v):
        return "-" if v is None else (f"{v:.3f}" if isinstance(v, float) else str(v))

    rows = [
        ("leaf precision", result["leaf_precision"]),
        ("leaf recall", result["leaf_recall"]),
        ("leaf F1", result["leaf_f1"]),
        ("pages fetched / in site",
         f"{fmt(result['pages_fetched'])} / {result['site_pages']}"
         f"  ({fmt(result['fetched_vs_site'])})"),
        ("pages/s", result["pages_per_s"]),
        ("archived: leaf/index/unlabelled",
         f"{result['archived_leaves']}/{result['archived_index']}/{result['archived_unlabelled']}"),
    ]
    if "verdicts" in result:
        v = result["verdicts"]
        rows.append(("verdict balanced acc.", v["balanced_accuracy"]))
    if result.get("dates"):
        d = result["dates"]
        rows.append(("leaves with the right day", f"{d['right_day']} / {d['leaves_dated']}"
                                                  f"  ({fmt(d['share'])})"))
    lines = [title] if title else []
    lines += [f"  {name:<32}{fmt(value)}" for name, value in rows]
    with_verdicts = "verdicts" in result
    head = f"  {'how':<52}{'label':<7}{'pages':>6}{'arch.':>7}{'not':>6}"
    if with_verdicts:
        head += f"{'v:leaf':>8}{'v:index':>8}"
    lines += ["", head]
    for how, g in sorted(result["by_how"].items(), key=lambda kv: (kv[1]["label"], kv[0])):
        line = (f"  {how[:51]:<52}{g['label']:<7}{g['pages']:>6}{g['archived']:>7}"
                f"{g['not_archived']:>6}")
        if with_verdicts:
            line += f"{g.get('verdict_leaf', 0):>8}{g.get('verdict_index', 0):>8}"
        lines.append(line)
    return "\n".join(lines)


def leafcrawl_command(explicit: str | None = None) -> list[str]:
    """The `leafcrawl` executable: --leafcrawl, beside this Python, the repo venv, PATH."""
    if explicit:
        return explicit.split()
    for candidate in (Path(sys.executable).with_name("leafcrawl"), REPO / ".venv/bin/leafcrawl"):
        if candidate.exists():
            return [str(candidate)]
    found = shutil.which("leafcrawl")
    if found:
        return [found]
    raise SystemExit("eval_crawl: no `leafcrawl` command found (pip install -e . first)")


def _collect_verdicts(obj, out: dict[str, str]) -> None:
    if isinstance(obj, dict):
        if isinstance(obj.get("url"), str) and obj.get("verdict") in ("leaf", "index"):
            out[obj["url"]] = obj["verdict"]
        for v in obj.values():
            _collect_verdicts(v, out)
    elif isinstance(obj, list):
        for v in obj:
            _collect_verdicts(v, out)


def crawl(base_url: str, out: Path, args, env: dict, extra: tuple = (),
          name: str = "") -> tuple[int, float]:
    """Run `leafcrawl crawl` in OUT; returns (exit code, wall seconds). Its summary is
    OUT/summary{name}.json, its output OUT/crawl{name}.log."""
    cmd = leafcrawl_command(args.leafcrawl) + [
        "crawl", base_url + "/", "--render", args.render,
        "--archive-dir", str(out / "archive"), "--max-pages", str(args.max_pages),
        "--json-summary", str(out / f"summary{name}.json"), *extra,
    ]
    if args.depth is not None:
        cmd += ["--depth", str(args.depth)]
    if args.threshold is not None:
        cmd += ["--threshold", str(args.threshold)]
    if args.redis_url:
        cmd.append("--with-worker")
    if args.sitemaps:
        cmd.append("--sitemaps")
    if args.expand_rounds is not None:
        cmd += ["--expand-rounds", str(args.expand_rounds)]
    (out / f"command{name}.txt").write_text(" ".join(cmd) + "\n", encoding="utf-8")
    started = time.monotonic()
    with open(out / f"crawl{name}.log", "w", encoding="utf-8") as log:
        proc = subprocess.run(cmd, cwd=out, env=env, stdout=log, stderr=subprocess.STDOUT,
                              timeout=args.timeout, check=False)
    return proc.returncode, time.monotonic() - started


def with_form_tokens(site: Path, copy: Path) -> Path:
    """A copy of site/ whose HTML pages each end with a search form holding a per-request
    token (tests/support/http_server.TOKEN_SLOT, filled in anew for every answer)."""
    from tests.support.http_server import TOKEN_SLOT

    if copy.exists():
        shutil.rmtree(copy)
    shutil.copytree(site, copy)
    form = (f'<form action="/search"><input type="hidden" name="form_build_id" '
            f'value="form-{TOKEN_SLOT}"><input name="q"></form>').encode()
    for page in copy.rglob("*.html"):
        html = page.read_bytes()
        at = html.rfind(b"</body>")
        page.write_bytes(html[:at] + form + html[at:] if at != -1 else html + form)
    return copy


def recrawl(base_url: str, out: Path, args, env: dict) -> dict:
    """Two later crawls of the unchanged site (see the module's docstring), same run."""
    runs = {}
    # without validators a browser crawl learns the documents' bytes on its first
    # --revisit changed, and uses them on the next: both are run
    later = ("all", "changed", "changed-again") if args.no_validators else ("all", "changed")
    for run_name in later:
        mode = run_name.removesuffix("-again")
        name = f"-revisit-{run_name}"
        print(f"crawling again with --revisit {mode} ...", flush=True)
        code, wall = crawl(base_url, out, args, env, ("--revisit", mode), name)
        path = out / f"summary{name}.json"
        summary = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
        runs[run_name] = {"exit_code": code, "wall_s": round(wall, 2),
                      **{k: summary.get(k) for k in ("pages_fetched", "index", "leaf",
                                                     "not_modified", "archived", "unchanged")}}
    last = runs[later[-1]]
    ratio = last["wall_s"] / runs["all"]["wall_s"] if runs["all"]["wall_s"] else None
    print(f"later crawl: --revisit all {runs['all']['wall_s']} s "
          f"({runs['all']['pages_fetched']} pages fetched), --revisit changed "
          + ", then ".join(f"{runs[r]['wall_s']} s ({runs[r]['pages_fetched']} fetched, "
                           f"{runs[r]['not_modified']} not modified)" for r in later[1:])
          + f": ratio {ratio:.3f}" if ratio else f"later crawl: {runs}")
    return {**runs, "time_ratio_changed_vs_all": round(ratio, 3) if ratio else None}


def stored_verdicts(out: Path, args, env: dict) -> dict[str, str]:
    """url -> verdict from `leafcrawl scores --json` (empty when it does not answer)."""
    try:
        proc = subprocess.run(leafcrawl_command(args.leafcrawl) + ["scores", "--json"], cwd=out,
                              env=env, capture_output=True, text=True, timeout=300, check=False)
        data = json.loads(proc.stdout) if proc.returncode == 0 else None
    except (OSError, subprocess.TimeoutExpired, ValueError):
        return {}
    verdicts: dict[str, str] = {}
    _collect_verdicts(data, verdicts)
    return verdicts


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("corpus", type=Path, help="a corpus site folder with site/ and labels.csv")
    ap.add_argument("--render", choices=["never", "always", "auto"], default="never")
    ap.add_argument("--redis-url", help="use this Redis (REDIS_URL) with --with-worker and a "
                                        "fresh key prefix; default: the crawl's embedded Redis")
    ap.add_argument("--out", type=Path, help=f"run folder (default {DEFAULT_OUT}/<corpus>-<render>-<time>)")
    ap.add_argument("--max-pages", type=int, help="default: twice the labelled pages + 100")
    ap.add_argument("--depth", type=int)
    ap.add_argument("--threshold", type=float)
    ap.add_argument("--sitemaps", action="store_true", help="crawl with --sitemaps")
    ap.add_argument("--leafcrawl", help="the leafcrawl command (default: beside this Python)")
    ap.add_argument("--expand-rounds", type=int,
                    help="browser mode: the crawl's --expand-rounds (default: the crawl's own, 5)")
    ap.add_argument("--timeout", type=float, default=CRAWL_TIMEOUT_S)
    ap.add_argument("--port", type=int, default=0,
                    help="serve site/ on this port (default: a free one): a site mirrored from a "
                         "live server links its own address, e.g. WordPress's 127.0.0.1:8000")
    ap.add_argument("--clean-urls", action="store_true",
                    help="answer /x with x.html where no file /x is, as GitHub Pages and "
                         "Netlify do (a Quartz site's links are such addresses)")
    ap.add_argument("--recrawl", action="store_true",
                    help="then crawl the unchanged site twice more, --revisit all and changed, "
                         "and report the later crawls' cost (see above)")
    ap.add_argument("--no-validators", action="store_true",
                    help="serve without Last-Modified (a CMS rendering every page afresh); "
                         "with --recrawl, a second --revisit changed follows the first")
    ap.add_argument("--form-tokens", action="store_true",
                    help="serve a copy of the site whose every page holds a search form with a "
                         "fresh hidden token in each answer, as a Drupal site's pages do; "
                         "implies --no-validators")
    ap.add_argument("--evaluate-only", action="store_true",
                    help="do not crawl: score OUT/archive and OUT/summary.json as they are")
    return ap.parse_args(argv)


def open_corpus(corpus: Path, tool: str) -> tuple[Path, list[Label]] | None:
    """A labelled corpus site's site/ and labels, or None once it has said what it lacks."""
    site, labels_csv = corpus / "site", corpus / "labels.csv"
    if not site.is_dir() or not labels_csv.is_file():
        print(f"{tool}: {corpus} needs site/ and labels.csv", file=sys.stderr)
        return None
    return site, load_labels(labels_csv)


def main(argv=None) -> int:
    args = parse_args(argv)
    corpus = args.corpus.resolve()
    opened = open_corpus(corpus, "eval_crawl")
    if opened is None:
        return 2
    site, labels = opened
    n_pages = sum(lb.label in LABELS for lb in labels)
    if args.max_pages is None:
        args.max_pages = MAX_PAGES_FACTOR * n_pages + MAX_PAGES_SLACK
    stamp = time.strftime("%Y%m%d-%H%M%S")
    if args.out is None:
        if args.evaluate_only:
            print("eval_crawl: --evaluate-only needs --out", file=sys.stderr)
            return 2
        args.out = DEFAULT_OUT / f"{corpus.name}-{args.render}-{stamp}"
    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)

    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    # the crawl's state (embedded Redis, logs) in OUT, fresh for each run (cleared below)
    env["LEAFCRAWL_STATE_DIR"] = str(out / ".leafcrawl")
    if args.redis_url:
        env["REDIS_URL"] = args.redis_url
        # A fresh prefix: an earlier run's content hashes would make this run "unchanged".
        env.setdefault("LEAFCRAWL_REDIS_PREFIX", f"leafcrawl-eval-{stamp}")
    else:
        env.pop("REDIS_URL", None)

    run = {"corpus": str(corpus), "render": args.render, "out": str(out),
           "max_pages": args.max_pages}
    if not args.evaluate_only:
        from tests.support.http_server import serve_directory

        # A fresh crawl in a reused OUT: the last run's embedded Redis (OUT/.leafcrawl) would
        # hold its content hashes, and this run would archive nothing as "unchanged".
        for stale in (out / "archive", out / ".leafcrawl"):
            if stale.exists():
                shutil.rmtree(stale)
        if args.form_tokens:
            args.no_validators = True
            site = with_form_tokens(site, out / "site-with-form-tokens")
        with serve_directory(site, port=args.port, validators=not args.no_validators,
                             tokens=args.form_tokens, clean_urls=args.clean_urls) as base_url:
            print(f"serving {site} at {base_url}; crawling ({args.render}) ...", flush=True)
            code, wall = crawl(base_url, out, args, env)
            run.update(base_url=base_url, exit_code=code, wall_s=round(wall, 2))
            if args.recrawl and code == 0:
                run["recrawl"] = recrawl(base_url, out, args, env)
                code = max(r["exit_code"] for r in run["recrawl"].values() if isinstance(r, dict))
                run["exit_code"] = code
        if code != 0:
            print(f"eval_crawl: leafcrawl crawl exited {code}; see {out / 'crawl.log'}",
                  file=sys.stderr)
    summary_file = out / "summary.json"
    summary = json.loads(summary_file.read_text(encoding="utf-8")) if summary_file.exists() else {}
    if not summary and "wall_s" in run:
        summary = {"elapsed_s": run["wall_s"]}
    urls = archived_urls(out / "archive") if (out / "archive").exists() else {}
    verdicts = stored_verdicts(out, args, env)
    result = evaluate(labels, list(urls), summary, verdicts)
    result["dates"] = right_days(labels, urls)
    result["run"] = run
    result["summary"] = summary
    result["duplicate_files"] = {u: [str(p) for p in ps] for u, ps in urls.items() if len(ps) > 1}
    (out / "eval.json").write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n",
                                   encoding="utf-8")
    print(render_table(result, f"{corpus.name} (render {args.render})"))
    print(f"\nJSON: {out / 'eval.json'}")
    return 0 if run.get("exit_code", 0) == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
