"""Text views of stored page records for `leafcrawl scores` and `leafcrawl explain`."""

from __future__ import annotations

from pipelines.indexiness.score import TERMS
from pipelines.indexiness.term_meanings import term_meanings

MAX_LINKS_SHOWN = 12
"""Per term in `explain`: enough to see the pattern, short enough to read."""


def _fmt_score(value) -> str:
    return "-" if value is None else f"{float(value):+.1f}"


def render_scores(pages_by_site: dict[str, list[dict]], stored: dict[str, int] | None = None,
                  shown_as: str = "") -> str:
    """stored: each site's number of stored pages, when pages_by_site holds only some of
    them: the highest-scored (--limit), or those shown_as says (--near)."""
    if not pages_by_site:
        return "no pages stored yet"
    lines = []
    for site, pages in pages_by_site.items():
        verdicts = [p.get("verdict") for p in pages]
        counts = (f"{verdicts.count('index')} index, {verdicts.count('leaf')} leaf, "
                  f"{sum(1 for p in pages if p.get('error'))} failed")
        total = (stored or {}).get(site, len(pages))
        if total > len(pages):
            which = shown_as or "highest-scored"
            lines.append(f"{site}: {total} pages stored; the {len(pages)} {which}: {counts}")
        else:
            lines.append(f"{site}: {len(pages)} pages, {counts}")
        lines.append(f"  {'score':>8} {'seed':>8}  {'verdict':<7} {'status':<6} url")
        for page in pages:
            verdict = page.get("verdict") or "error"
            lines.append(f"  {_fmt_score(page.get('score')):>8} {_fmt_score(page.get('seed_score')):>8}  "
                         f"{verdict:<7} {str(page.get('status', '')):<6} {page.get('url')}")
    return "\n".join(lines)


# The term every page gets once: the fit's constant, shown apart from the page's evidence.
START_TERM = "head_start"


def render_explanation(page: dict) -> str:
    lines = [f"{page.get('url')}"]
    if page.get("error"):
        lines.append(f"  failed: {page['error']} (status {page.get('status')})")
        return "\n".join(lines)
    lines.append(f"  verdict   {page.get('verdict')}  (score {_fmt_score(page.get('score'))}; "
                 f"positive = index, negative = leaf)")
    lines.append(f"  seed      {_fmt_score(page.get('seed_score'))}  (the seed formula alone)")
    for key, label in (("title", "title"), ("author", "author"), ("date_published", "date"),
                       ("referrer", "referrer"), ("depth", "depth"), ("fetched_at", "fetched_at"),
                       ("render", "render"), ("archived_path", "archived_path"),
                       ("canonical", "canonical")):
        if page.get(key) not in (None, ""):
            lines.append(f"  {label:<9} {page[key]}")
    if page.get("checked_at"):      # a later crawl's revisit found it not modified
        lines.append(f"  checked   {page['checked_at']}  (not modified since fetched)")
    if page.get("declared_canonical"):      # its <link rel="canonical">, when it names another URL
        lines.append(f"  rel=canonical {page['declared_canonical']}")
    breakdown = page.get("breakdown") or {}
    counts = page.get("counts") or {}
    links = page.get("counted_links") or {}
    meanings = term_meanings()
    start = float(breakdown.get(START_TERM, 0) or 0)
    lines.append(f"  start     {_fmt_score(start)}  ({START_TERM}: every page starts here, the fit's "
                 "constant, no evidence of this page)")
    lines.append("  evidence (contribution = count x weight, and what the term means):")
    zero, weightless = [], []
    # every term, whether or not the record keeps it (a stored record keeps those that count)
    every = {**{t: 0.0 for t in TERMS}, **breakdown}
    for term, contribution in sorted(every.items(), key=lambda kv: -abs(float(kv[1]))):
        if term == START_TERM:
            continue
        if not float(contribution):
            # a term that found something but weighs 0 is no term "at zero" of this page
            (weightless if counts.get(term) else zero).append(term)
            continue
        count = counts.get(term)
        shown = f"{count:>4} x {float(contribution) / count:+g}" if count else "      "
        meaning = meanings.get(term, "")
        lines.append(f"    {_fmt_score(contribution):>8}  {shown:<12}  {term:<21} {meaning}".rstrip())
    lines.append(f"    {'=' * 8}")
    lines.append(f"    {_fmt_score(sum(float(v) for v in breakdown.values())):>8}  total")
    if weightless:
        lines.append("  found, but weighted 0 (their evidence is counted by other terms): "
                     + ", ".join(f"{t}={counts[t]}" for t in weightless))
    if zero:
        lines.append(f"  not found on this page: {', '.join(zero)}")
    notes = {k: v for k, v in counts.items() if k not in breakdown and v}
    if notes:
        lines.append("  notes: " + ", ".join(f"{k}={v}" for k, v in sorted(notes.items())))
    for term, urls in links.items():
        if not urls:
            continue
        lines.append(f"  links counted as {term} ({len(urls)}):")
        lines += [f"    {url}" for url in urls[:MAX_LINKS_SHOWN]]
        if len(urls) > MAX_LINKS_SHOWN:
            lines.append(f"    … {len(urls) - MAX_LINKS_SHOWN} more")
    return "\n".join(lines)
