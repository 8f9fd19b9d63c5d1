"""Does a page's analysis grow in step with the page? Synthetic pages of one shape each.

    .venv/bin/python bench/eval_huge_pages.py                # 10,000 and 40,000 repeats
    .venv/bin/python bench/eval_huge_pages.py --size 25000   # 25,000 and 100,000

Real sites serve pages far larger than an article: an archive listing every post, an HTML
sitemap, a changelog, a spec on one page. Each shape here (a list of links, paragraphs in one
article, table rows, cards, headings…) is built at N and at 4N repeats and put through what
a crawl does with a page (analyze_page, which scores it and cuts its blocks, then
render_markdown). The figure is the growth: CPU time at 4N over CPU time at N, about 4 for
work that grows with the page. Well above that, something reads the page once per block:
before ElementPaths, libxml2's getpath counted each block's same-named siblings afresh, and a
list of 4N items cost 8-11 times its N (a list of 200,000 links, an 8 MB page, did not finish
in 300 s; it takes 10 s now). Times are the same process's, each shape against itself.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pipelines.content.markdown import render_markdown  # noqa: E402
from pipelines.page import analyze_page  # noqa: E402

# Growth at 4x the size above which a shape is reported as growing faster than the page.
SUPERLINEAR_GROWTH = 6.0

SHAPES = {
    "list of links": lambda n: "<ul>" + "".join(
        f'<li><a href="/p{i}">Post number {i}</a></li>' for i in range(n)) + "</ul>",
    "paragraphs": lambda n: "<article>" + "".join(
        f"<p>Paragraph {i} says something about the topic at some length.</p>"
        for i in range(n)) + "</article>",
    "links in one paragraph": lambda n: "<p>" + " ".join(
        f'word <a href="/t{i}">tag{i}</a>' for i in range(n)) + "</p>",
    "lines split by br": lambda n: "<div>" + "<br>".join(
        f"line {i} of text" for i in range(n)) + "</div>",
    "table rows": lambda n: "<table>" + "".join(
        f'<tr><td>{i}</td><td><a href="/r{i}">row {i}</a></td></tr>' for i in range(n)) + "</table>",
    "cards": lambda n: "".join(
        f'<div class="card"><h2><a href="/c{i}">Card {i}</a></h2><p>Excerpt {i}.</p></div>'
        for i in range(n)),
    "one long text": lambda n: "<p>" + "lorem ipsum dolor " * n + "</p>",
    "headed sections": lambda n: "".join(
        f'<h2 id="s{i}">Section {i}</h2><p>Body {i}.</p>' for i in range(n)),
    "code lines": lambda n: "<pre><code>" + "\n".join(
        f"x = {i}  # line" for i in range(n)) + "</code></pre>",
    "definition list": lambda n: "<dl>" + "".join(
        f"<dt>term {i}</dt><dd>definition {i}</dd>" for i in range(n)) + "</dl>",
    "nested lists": lambda n: "<ul>" + "".join(
        f'<li>item {i}<ul><li><a href="/n{i}">sub {i}</a></li></ul></li>' for i in range(n)) + "</ul>",
    "images": lambda n: "".join(f'<img src="/i{i}.jpg" alt="picture {i}">' for i in range(n)),
}


def cpu_seconds(html: bytes) -> float:
    t0 = time.process_time()
    page = analyze_page(html, "http://127.0.0.1:8000/page/")
    render_markdown(page.blocks)
    return time.process_time() - t0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", type=int, default=10000, help="repeats of the small page (N)")
    args = ap.parse_args(argv)
    n = args.size
    print(f"{'shape':24} {'bytes at 4N':>12} {'N (s)':>8} {'4N (s)':>8}  growth")
    worst = 0.0
    for name, make in SHAPES.items():
        small, big = (f"<html><body>{make(k)}</body></html>".encode() for k in (n, 4 * n))
        t_small, t_big = cpu_seconds(small), cpu_seconds(big)
        growth = t_big / t_small if t_small else float("nan")
        worst = max(worst, growth)
        flag = "  <- grows faster than the page" if growth > SUPERLINEAR_GROWTH else ""
        print(f"{name:24} {len(big):12,} {t_small:8.2f} {t_big:8.2f}  x{growth:.1f}{flag}", flush=True)
    print(f"largest growth x{worst:.1f} (x4 is in step with the page; above "
          f"x{SUPERLINEAR_GROWTH:.0f} is flagged)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
