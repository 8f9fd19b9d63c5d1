"""Tables: telling layout tables from data tables, and reading data tables into rows.

A layout table is a container (Hacker News once came out as one 3,720-character block); a
data table becomes rows, or cleaned table_html when its cells span or a table nests, since
pipe tables cannot say "this cell covers three columns".
"""
from __future__ import annotations

from html import escape

from ..htmlparse import first_descendant, text_of
from .block_inline import InlineBuffer, normalize_ws

# A cell holding more prose than this holds a page, not a datum (HN's story cell is far longer,
# a data cell with a short description is well under it).
LONG_CELL_CHARS = 400
# Elements that make a cell a page region rather than a datum.
PAGE_IN_CELL_TAGS = frozenset({"table", "form", "h1", "h2", "h3", "h4", "h5", "h6"})
# Tags kept in preserved table markup.
TABLE_HTML_TAGS = frozenset({"table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td"})
# Elements inside a cell that must keep their words apart when flattened.
CELL_BREAK_TAGS = frozenset({"br", "p", "li", "div", "dd", "dt", "h1", "h2", "h3", "h4",
                             "h5", "h6", "tr", "pre", "blockquote"})


def own_rows(table) -> list:
    """The table's own <tr>s (not those of nested tables)."""
    rows = []
    for child in table:
        tag = child.tag
        if tag == "tr":
            rows.append(child)
        elif tag in ("thead", "tbody", "tfoot"):
            rows.extend(c for c in child if c.tag == "tr")
    return rows


def own_cells(tr) -> list:
    return [c for c in tr if c.tag in ("td", "th")]


def _has_header(table, rows) -> bool:
    for child in table:
        if child.tag in ("thead", "caption"):
            return True
    return any(c.tag == "th" for tr in rows for c in tr)


def is_layout_table(table) -> bool:
    """True when the table lays out a page instead of holding data (see module doc)."""
    rows = own_rows(table)
    if _has_header(table, rows):
        return False
    if len(rows) <= 1:
        return True
    max_cols = 0
    for tr in rows:
        cells = own_cells(tr)
        max_cols = max(max_cols, len(cells))
        if not cells or all(_blank(c) for c in cells):
            return True   # a spacer row
        for cell in cells:
            if first_descendant(cell, PAGE_IN_CELL_TAGS) is not None:
                return True
            if len(normalize_ws(text_of(cell))) > LONG_CELL_CHARS:
                return True
    return max_cols <= 1


def _blank(cell) -> bool:
    return not text_of(cell).strip() and next(cell.iter("img"), None) is None


def needs_html(table) -> bool:
    """A spanning cell or a nested table: pipes cannot express it."""
    for el in table.iterdescendants("td", "th", "table"):
        if el.tag == "table":
            return True
        for attr in ("rowspan", "colspan"):
            v = el.get(attr)
            if v and v.strip() not in ("", "1"):
                return True
    return False


def cell_text(cell, base: str) -> tuple[str, str]:
    """(plain, rich) of one cell; <br>, <p>, <li> keep the words apart."""
    buf = InlineBuffer(base)
    _fill(cell, buf)
    plain, rich, _ = buf.finish()
    return plain.replace("\n", " "), rich.replace("  \n", "<br>")


def _fill(el, buf: InlineBuffer) -> None:
    buf.text(el.text)
    for child in el:
        tag = child.tag
        if not isinstance(tag, str):
            pass
        elif tag in CELL_BREAK_TAGS:
            if tag == "br":
                buf.hard_break()
            else:
                buf.hard_break()
                _fill(child, buf)
                buf.hard_break()
        elif tag in ("ul", "ol", "dl", "table", "thead", "tbody", "tfoot", "section", "span",
                     "a", "strong", "b", "em", "i") and first_descendant(child, CELL_BREAK_TAGS) is not None:
            _fill(child, buf)
        else:
            buf.element(child)
        buf.text(child.tail)


def read_rows(table, base: str) -> tuple[list[list[str]], list[list[str]]]:
    rows, rich_rows = [], []
    for tr in own_rows(table):
        cells = [cell_text(c, base) for c in own_cells(tr)]
        if not cells:
            continue
        rows.append([p for p, _ in cells])
        rich_rows.append([r for _, r in cells])
    return rows, rich_rows


def table_html(table) -> str:
    """The table cleaned to table tags plus rowspan/colspan; cell content as text."""
    return _clean(table)


def _clean(el) -> str:
    tag = el.tag
    attrs = ""
    for name in ("rowspan", "colspan"):
        v = el.get(name)
        if v and v.strip().isdigit() and v.strip() != "1":
            attrs += f' {name}="{v.strip()}"'
    if tag in ("td", "th", "caption"):
        inner = _cell_inner(el)
    else:
        inner = "".join(_clean(c) for c in el if isinstance(c.tag, str) and c.tag in TABLE_HTML_TAGS)
    return f"<{tag}{attrs}>{inner}</{tag}>"


def _cell_inner(cell) -> str:
    parts = []
    nested = [c for c in cell.iterdescendants("table")]
    if nested:
        # a nested table keeps its structure; words outside it stay as text
        for child in cell:
            if child.tag == "table":
                parts.append(_clean(child))
            elif isinstance(child.tag, str):
                t = normalize_ws(text_of(child))
                if t:
                    parts.append(escape(t))
        lead = normalize_ws(cell.text or "")
        return (escape(lead) if lead else "") + "".join(parts)
    buf = InlineBuffer("")
    _fill(cell, buf)
    plain, _, _ = buf.finish()
    return "<br>".join(escape(line) for line in plain.split("\n"))


def table_plain(rows: list[list[str]]) -> str:
    return "\n".join(" ".join(c for c in row if c) for row in rows if any(row))
