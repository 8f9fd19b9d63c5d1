"""`leafcrawl analyze`: score and render saved pages without crawling.

Input: JSON lines {"id", "url", "path"} (path to .html or .html.gz), or one saved page's file
name (page_record). Output: one JSON line per page {"id", "url", "verdict", "score",
"seed_score", "breakdown", "title", "markdown"}, in input order; a page that fails, or a
line that names no page, answers {"id", "error"} (and "line") in its place. Every later evaluation runs through this, so the format stays stable.
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


def _read_page(path: str) -> bytes:
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rb") as fh:
        return fh.read()


def analyze_record(record: dict, threshold: float = 0.0) -> dict:
    """Analyse one page reference; failures become an "error" field, never an exception."""
    from pipelines.content.markdown import render_markdown
    from pipelines.page import IndexinessConfig, PageError, analyze_page

    if "error" in record:       # an input line that named no page (parse_input)
        return record
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


def _bad_line(source: str, number: int, message: str, record=None) -> dict:
    """The output record of an input line that names no usable page: its id when it has
    one, its line number, and what is wrong with it."""
    rid = record.get("id") if isinstance(record, dict) else None
    return {"id": rid, "line": number, "error": f"{source}:{number}: {message}"}


def parse_input(lines: Iterable[str | bytes], source: str) -> Iterator[dict]:
    """The page references of the input, one per non-blank line; a line that is not one
    becomes an error record (_bad_line) in its place, so a batch answers every line."""
    for number, line in enumerate(lines, 1):
        if isinstance(line, bytes):
            try:
                line = line.decode("utf-8")
            except UnicodeDecodeError:
                yield _bad_line(source, number, f"not UTF-8 text: expected {FORMAT}")
                continue
        line = line.strip()
        if not line:
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            hint = " (it reads as HTML: give the page's file name)" if line.startswith("<") else ""
            yield _bad_line(source, number, f"not JSON: {exc.msg}; expected {FORMAT}{hint}")
            continue
        if not isinstance(record, dict) or not all(
                isinstance(record.get(k), str) and record[k] for k in ("url", "path")):
            yield _bad_line(source, number, f'expected {{"id", "url", "path"}} with url and path '
                                            f'as text, got {line[:80]!r}', record)
            continue
        yield record


def _chunks(records: Iterable[dict], size: int) -> Iterator[list[dict]]:
    chunk: list[dict] = []
    for record in records:
        chunk.append(record)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


# Characters that are valid inside a JSON string but end a line for common readers
# (Python's str.splitlines, JavaScript before ES2019): escaped so one record stays one line.
_LINE_BREAKERS = {"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"}
_LINE_BREAKER_TABLE = str.maketrans(_LINE_BREAKERS)


def json_line(record: dict) -> str:
    """One JSON record as one line, whatever separators its strings hold."""
    return json.dumps(record, ensure_ascii=False).translate(_LINE_BREAKER_TABLE) + "\n"


def run_analyze(inp: Iterable[str | bytes], out: IO[str], *, source: str, jobs: int = 1,
                threshold: float = 0.0, on_error=None) -> dict:
    """Stream records from inp to out, one output line per input line; return counts for
    the closing line. on_error(message) hears each failed line's error as it is written."""
    counts = {"pages": 0, "errors": 0}
    records = parse_input(inp, source)

    def emit(results: list[dict]) -> None:
        for result in results:
            counts["pages"] += 1
            if "error" in result:
                counts["errors"] += 1
                if on_error is not None:
                    on_error(result["error"])
            out.write(json_line(result))
        out.flush()     # what is answered is kept, whatever happens to the rest

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
