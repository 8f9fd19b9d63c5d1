"""`leafcrawl analyze`: score and render saved pages without crawling.

Input: JSON lines {"id", "url", "path"} (path to .html or .html.gz), or one saved page's file
name (page_record). Output: one JSON line per page {"id", "url", "verdict", "score",
"seed_score", "breakdown", "title", "markdown"}, in input order. Every later evaluation runs through this, so the format stays stable.
"""

from __future__ import annotations

import gzip
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import IO, Iterable, Iterator

CHUNK = 8
"""Pages per task handed to a worker process: amortises pickling without starving a core."""


class InputError(ValueError):
    """A line of the input is not a usable page reference."""


def _read_page(path: str) -> bytes:
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rb") as fh:
        return fh.read()


def analyze_record(record: dict, threshold: float = 0.0) -> dict:
    """Analyse one page reference; failures become an "error" field, never an exception."""
    from pipelines.markdown import render_markdown
    from pipelines.page import IndexinessConfig, PageError, analyze_page

    out = {"id": record.get("id"), "url": record.get("url")}
    started = time.perf_counter()
    try:
        html = _read_page(record["path"])
        analysis = analyze_page(html, record["url"], IndexinessConfig(threshold=threshold))
        markdown = render_markdown(analysis.blocks, {
            "url": analysis.url, "title": analysis.title, "author": analysis.author,
            "date": analysis.date_published, "score": analysis.score, "verdict": analysis.verdict,
        })
    except (OSError, EOFError, PageError) as exc:
        out["error"] = f"{type(exc).__name__}: {exc}"
        return out
    out.update({
        "verdict": analysis.verdict,
        "score": analysis.score,
        "seed_score": analysis.seed_score,
        "breakdown": analysis.breakdown,
        "title": analysis.title,
        "author": analysis.author,
        "date_published": analysis.date_published,
        "markdown": markdown,
        "ms": round((time.perf_counter() - started) * 1000, 2),
    })
    return out


def _analyze_chunk(args: tuple[list[dict], float]) -> list[dict]:
    records, threshold = args
    return [analyze_record(r, threshold) for r in records]


FORMAT = 'JSON lines {"id", "url", "path"}, one per page (or one .html file)'
# The names of a saved page given in place of the JSON lines.
PAGE_SUFFIXES = (".html", ".htm", ".html.gz", ".htm.gz")


def page_record(path: str, url: str | None) -> dict:
    """The record of one saved page given by its file name: its URL is url, else the file's
    own file:// address (its URL-shape terms then say nothing)."""
    file = Path(path).resolve()
    return {"id": file.name, "url": url or file.as_uri(), "path": str(file)}


def parse_input(lines: Iterable[str], source: str) -> Iterator[dict]:
    try:        # a file that is no text fails as it is read, line by line
        for number, line in enumerate(lines, 1):
            line = line.strip()
            if not line:
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError as exc:
                hint = " (it reads as HTML: give the page's file name)" if line.startswith("<") else ""
                raise InputError(f"{source}:{number}: not JSON: {exc.msg}; expected {FORMAT}{hint}") from None
            if not isinstance(record, dict) or not record.get("url") or not record.get("path"):
                raise InputError(f'{source}:{number}: expected {{"id", "url", "path"}}, got {line[:80]!r}')
            yield record
    except UnicodeDecodeError:
        raise InputError(f"{source}: not UTF-8 text: expected {FORMAT}") from None


def _chunks(records: Iterable[dict], size: int) -> Iterator[list[dict]]:
    chunk: list[dict] = []
    for record in records:
        chunk.append(record)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def run_analyze(inp: IO[str], out: IO[str], *, source: str, jobs: int = 1, threshold: float = 0.0) -> dict:
    """Stream records from inp to out; return counts for the closing line."""
    counts = {"pages": 0, "errors": 0}
    records = parse_input(inp, source)

    def emit(results: list[dict]) -> None:
        for result in results:
            counts["pages"] += 1
            counts["errors"] += "error" in result
            out.write(json.dumps(result, ensure_ascii=False) + "\n")

    if jobs <= 1:
        for chunk in _chunks(records, CHUNK):
            emit(_analyze_chunk((chunk, threshold)))
        return counts
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        tasks = ((chunk, threshold) for chunk in _chunks(records, CHUNK))
        for results in pool.map(_analyze_chunk, tasks, chunksize=1):
            emit(results)
    return counts


if __name__ == "__main__":  # pragma: no cover - convenience
    print(run_analyze(sys.stdin, sys.stdout, source="<stdin>"), file=sys.stderr)
