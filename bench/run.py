"""Every benchmark in one command: the quality evaluations and the crawls, with plots.

    .venv/bin/python bench/run.py CORPORA [--quick] [--out bench/out/run] [--only NAME ...]

Runs, each in a process of its own, one after the other (so no two time each other):
grouped-CV verdicts, article snippets, main text and analysis time against trafilatura,
publication dates against htmldate, a long plain crawl of a generated blog (100,000 posts;
--quick 5,000) and a 2,000-page browser crawl of one (--quick 200), and leafcrawl against
the bare spiders a user would write, alternately on the Hugo corpus blog. Each step's output
goes to OUT/<name>.txt; OUT/figures.json holds what the crawls measured, and OUT/*.png the
plots the docs show: pages/s over the long crawl, the browser's memory over its crawl, and
leafcrawl's pages/s against the bare spiders'. A step that fails is reported and the others
still run; the exit status says whether all passed.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH.parent))
sys.path.insert(0, str(BENCH))

from eval_scale import rate  # noqa: E402
PY = sys.executable
BINS = 100          # points of the pages/s curve


def steps(corpora: Path, out: Path, quick: bool) -> dict[str, list[str]]:
    sites = sorted(str(p) for p in (corpora / "sites").iterdir() if p.is_dir())
    return {
        "grouped_cv": [PY, BENCH / "eval_grouped_cv.py", corpora / "wcxb-dev", *sites,
                       corpora / "readability", corpora / "trafilatura-eval"],
        "snippets": [PY, BENCH / "eval_snippets.py", corpora / "trafilatura-eval"],
        "extraction": [PY, BENCH / "eval_extraction.py", corpora / "wcxb-dev", corpora / "readability"],
        "dates": [PY, BENCH / "eval_dates.py", corpora / "htmldate-eval"],
        "scale_plain": [PY, BENCH / "eval_scale.py", "--leaves", "5000" if quick else "100000",
                        "--series", out / "scale_plain.json"],
        "scale_browser": [PY, BENCH / "eval_scale.py", "--leaves", "190" if quick else "1905",
                          "--render", "always", "--series", out / "scale_browser.json"],
        "bare_spiders": [PY, BENCH / "crawl_throughput.py", corpora / "sites" / "hugo-ananke-melroy",
                         "--bare", "--rounds", "1" if quick else "2", "--out", out / "bare_spiders.json"],
        "browser_ceiling": [PY, BENCH / "browser_ceiling.py", corpora / "sites" / "hugo-ananke-melroy",
                            "--rounds", "1" if quick else "2", "--out", out / "browser_ceiling.json"],
    }


def pages_per_s_curve(arrivals: list[float]) -> tuple[list[float], list[float]]:
    """(share of the requests, pages/s) over BINS equal runs of requests."""
    n = len(arrivals)
    size = max(2, n // BINS)
    xs, ys = [], []
    for start in range(0, n - size + 1, size):
        chunk = arrivals[start:start + size]
        if chunk[-1] > chunk[0]:
            xs.append((start + size) / n)
            ys.append((len(chunk) - 1) / (chunk[-1] - chunk[0]))
    return xs, ys


def _line(plt, path: Path, xs, ys, xlabel: str, ylabel: str, title: str) -> None:
    fig, ax = plt.subplots(figsize=(7, 3.2))
    ax.plot(xs, ys)
    ax.set(xlabel=xlabel, ylabel=ylabel, ylim=(0, None), title=title)
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def plot(out: Path) -> list[str]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    made = []
    plain = out / "scale_plain.json"
    if plain.exists():
        data = json.loads(plain.read_text())
        xs, ys = pages_per_s_curve(data["arrivals"])
        _line(plt, out / "scale_plain.png", [x * 100 for x in xs], ys, "% of the crawl's requests",
              "pages/s", f"Plain crawl of a generated blog, {len(data['arrivals']):,} pages")
        made.append("scale_plain.png")
    browser = out / "scale_browser.json"
    if browser.exists():
        data = json.loads(browser.read_text())
        samples = [(t, kb) for t, kb in data["browser_rss_kb"] if kb]
        if samples:
            _line(plt, out / "scale_browser.png", [t - samples[0][0] for t, _ in samples],
                  [kb / 1024 for _, kb in samples], "seconds into the crawl", "Chromium PSS, MB",
                  f"Browser crawl of a generated blog, {len(data['arrivals']):,} pages")
            made.append("scale_browser.png")
    bare = out / "bare_spiders.json"
    if bare.exists():
        rows = json.loads(bare.read_text())["bare_rounds"]
        fig, axes = plt.subplots(1, 2, figsize=(7, 3.2))
        for ax, mode in zip(axes, ("plain", "browser")):
            for i, row in enumerate(rows):
                ax.bar([i * 3, i * 3 + 1], [row[f"leafcrawl_{mode}"], row[f"bare_{mode}"]],
                       color=["tab:blue", "tab:gray"])
            ax.set_xticks([i * 3 + 0.5 for i in range(len(rows))],
                          [f"round {row['round']}" for row in rows])
            ax.set(title=f"{mode}: leafcrawl (blue), bare (gray)", ylabel="pages/s")
        fig.tight_layout()
        fig.savefig(out / "bare_spiders.png", dpi=100)
        made.append("bare_spiders.png")
    return made


def figures(out: Path) -> dict:
    """What the crawls measured, from their series and results."""
    found: dict = {}
    for name in ("scale_plain", "scale_browser"):
        path = out / f"{name}.json"
        if not path.exists():
            continue
        data = json.loads(path.read_text())
        arrivals = data["arrivals"]
        tenth = max(2, len(arrivals) // 10)
        first, last = rate(arrivals[:tenth]), rate(arrivals[-tenth:])
        found[name] = {"pages": len(arrivals), "pages_per_s": data["pages_per_s"],
                       "peak_rss_mb": round(data["peak_rss_kb"] / 1024),
                       "last_tenth_over_first": round(last / first, 3) if first else None}
        samples = [kb for _, kb in data["browser_rss_kb"] if kb]
        if samples:
            quarter = max(1, len(samples) // 4)
            found[name]["browser_pss_mb_first_quarter"] = round(sum(samples[:quarter]) / quarter / 1024)
            found[name]["browser_pss_mb_last_quarter"] = round(sum(samples[-quarter:]) / quarter / 1024)
    bare = out / "bare_spiders.json"
    if bare.exists():
        found["bare_spiders"] = json.loads(bare.read_text())["bare_rounds"]
    ceiling = out / "browser_ceiling.json"
    if ceiling.exists():
        found["browser_ceiling"] = [{name: row["over_bare"] for name, row in rnd.items()}
                                    for rnd in json.loads(ceiling.read_text())["rounds"]]
    return found


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpora", type=Path, help="the evaluation corpora's folder")
    ap.add_argument("--quick", action="store_true", help="small crawls, one round")
    ap.add_argument("--out", type=Path, default=BENCH / "out" / "run")
    ap.add_argument("--only", nargs="*", help="these steps alone (default: all)")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    failed = []
    for name, argv_ in steps(args.corpora, args.out, args.quick).items():
        if args.only and name not in args.only:
            continue
        t0 = time.monotonic()
        with open(args.out / f"{name}.txt", "w") as log:
            code = subprocess.run([str(a) for a in argv_], stdout=log, stderr=subprocess.STDOUT).returncode
        status = "ok" if code == 0 else f"failed ({code})"
        print(f"{name:<14} {status:<12} {time.monotonic() - t0:7.0f} s   {args.out / (name + '.txt')}")
        if code:
            failed.append(name)
    (args.out / "figures.json").write_text(json.dumps(figures(args.out), indent=2))
    for png in plot(args.out):
        print(f"plot           {args.out / png}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
