"""render_markdown: blocks -> GitHub-flavoured Markdown with optional YAML front matter."""
from __future__ import annotations

import re

import yaml

from ..blocks import Block
from .image_captions import fold_captions

FRONT_MATTER_KEYS = ("url", "title", "author", "date", "fetched_at", "score", "verdict")
# Spaces per list nesting level: enough for any ordered marker up to "99. ".
LIST_INDENT = 4


def _as_block(b) -> Block:
    return b if isinstance(b, Block) else Block.from_dict(b)


# The score as the breakdown's sum shows it: -155.3, not -155.29999999999998.
SCORE_DECIMALS = 2


def front_matter_text(front: dict) -> str:
    data = {k: front[k] for k in FRONT_MATTER_KEYS if front.get(k) is not None}
    if isinstance(data.get("score"), float):
        data["score"] = round(data["score"], SCORE_DECIMALS)
    data.update({k: v for k, v in front.items() if k not in FRONT_MATTER_KEYS and v is not None})
    body = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=False)
    return f"---\n{body}---\n"


def _fence(text: str) -> str:
    runs = [len(r) for r in re.findall(r"`{3,}", text)]
    return "`" * max(3, (max(runs) + 1) if runs else 3)


def _cell(s: str) -> str:
    return s.replace("\\|", "|").replace("|", "\\|").replace("\n", " ")


def _table(b: Block) -> str:
    if b.table_html:
        return b.table_html
    rows = b.rich_rows or b.rows or []
    if not rows:
        return ""
    width = max(len(r) for r in rows)
    rows = [list(r) + [""] * (width - len(r)) for r in rows]
    lines = ["| " + " | ".join(_cell(c) for c in rows[0]) + " |",
             "|" + "|".join(" --- " for _ in range(width)) + "|"]
    lines += ["| " + " | ".join(_cell(c) for c in r) + " |" for r in rows[1:]]
    return "\n".join(lines)


def _image(b: Block, title: str = "") -> str:
    alt = (b.alt or "").replace("[", "\\[").replace("]", "\\]")
    src = (b.href or "").replace(" ", "%20").replace("(", "%28").replace(")", "%29")
    if title:
        title = title.replace("\\", "\\\\").replace('"', '\\"')
        src += f' "{title}"'
    md = f"![{alt}]({src})"
    if b.link:
        md = f"[{md}]({b.link.replace(' ', '%20').replace('(', '%28').replace(')', '%29')})"
    return md


def _indent(text: str, prefix: str) -> str:
    return "\n".join(prefix + line if line else line for line in text.split("\n"))


# A heading that is one link (a post's title linking to its own permalink, as blog themes
# write it): the link is dropped when it leads to the page itself, whose address the front
# matter already gives.
_WHOLE_LINK = re.compile(r"\[(?P<text>.+)\]\((?P<url>[^\s)]+)\)")


def _same_page(url: str, page_url: str) -> bool:
    return url.split("#", 1)[0].rstrip("/") == page_url.split("#", 1)[0].rstrip("/")


def _render_one(b: Block, ordinal: int, delim: str = ".", bullet: str = "-",
                page_url: str = "", title: str = "", depth: int = 1) -> tuple[str, str]:
    """(markdown of the block, kind of joint: 'list' items stick together); depth: a list
    item's nesting among the items written (render_markdown)."""
    kind = b.kind
    if kind == "paragraph":     # most blocks: tested first, not after seven other kinds
        if b.tag == "dt":
            return f"**{b.rich_text}**" if "**" not in b.rich_text else b.rich_text, "block"
        if b.tag == "dd":
            return ": " + b.rich_text, "block"
        return b.rich_text, "block"
    if kind == "heading":
        level = min(max(b.level or 2, 1), 6)
        text = b.rich_text.replace("\n", " ")
        whole = _WHOLE_LINK.fullmatch(text) if page_url and text.startswith("[") else None
        if whole and "](" not in whole["text"] and _same_page(whole["url"], page_url):
            text = whole["text"]
        if text.endswith("#") and (text.rstrip("#").endswith(" ") or not text.rstrip("#")):
            text = text[:-1] + "\\#"          # a closing sequence would eat "Issue #"
        return "#" * level + " " + text, "block"
    if kind == "list-item":
        marker = f"{ordinal}{delim}" if b.ordered else bullet
        pad = " " * (LIST_INDENT * (depth - 1))
        cont = " " * (LIST_INDENT * (depth - 1) + len(marker) + 1)
        lines = b.rich_text.split("\n")
        text = pad + marker + " " + lines[0] + "".join("\n" + cont + ln for ln in lines[1:])
        return text, "list"
    if kind == "code":
        fence = _fence(b.text)
        return f"{fence}{b.language or ''}\n{b.text}\n{fence}", "block"
    if kind == "table":
        return _table(b), "block"
    if kind == "image":
        return _image(b, title), "block"
    if kind == "rule":
        return "---", "block"
    if kind == "quote":
        return _indent(b.rich_text, "> ").replace("\n\n", "\n>\n"), "block"
    if kind == "figure-caption":
        return f"*{b.rich_text}*" if "*" not in b.rich_text else b.rich_text, "block"
    if b.tag == "dt":
        return f"**{b.rich_text}**" if "**" not in b.rich_text else b.rich_text, "block"
    if b.tag == "dd":
        return ": " + b.rich_text, "block"
    return b.rich_text, "block"


def _list_of(xpath: str) -> str:
    """The xpath of the list a list item's block belongs to: the parent of its last <li>
    step (the block may be the item's first <p>, deeper down)."""
    at = max(xpath.rfind("/li["), xpath.rfind("/li/"), len(xpath) - 3 if xpath.endswith("/li") else -1)
    return xpath[:at] if at >= 0 else xpath.rpartition("/")[0]


def _quote_of(xpath: str) -> str:
    """The xpath of the innermost <blockquote> a quoted block sits in: two quotes side by
    side (a theme's note, tip and warning callouts) are two, a blank line apart, not one."""
    at = xpath.rfind("/blockquote")
    if at < 0:
        return "/"      # quoted, its quote unnamed: one with its neighbours
    end = xpath.find("/", at + 1)
    return xpath if end < 0 else xpath[:end]


def render_markdown(blocks: list, front_matter: dict | None = None) -> str:
    blocks = [b if isinstance(b, Block) else Block.from_dict(b) for b in blocks]   # _as_block
    folded, titles = fold_captions(blocks)
    page_url = (front_matter or {}).get("url") or ""
    out: list[str] = []
    counters: dict[int, int] = {}
    # An ordered list that restarts right after another one needs the other delimiter
    # ("1)" after "1."), or Markdown reads the two as one list.
    delims: dict[int, str] = {}
    types: dict[int, bool] = {}       # depth -> ordered, of the list being written
    # Two lists side by side (<ul>..</ul><ul>..</ul>) read as one in Markdown unless the
    # second changes its bullet ("*" after "-"): depth -> the element holding the list being
    # written (its items' parent xpath), and the bullet it is written with.
    holders: dict[int, str] = {}
    bullets: dict[int, str] = {}
    # A list item's depth as written: one below the items written above it. Its level in
    # the HTML also counts lists the page lays out with and no item of which is written (a
    # forum's posts, a comment thread's comments, each an <li>): padded by that, a post's
    # list read as a code block.
    shown: dict[int, int] = {}
    prev_joint = None
    prev_quote = ""
    for i, b in enumerate(blocks):
        if i in folded:
            continue
        delim, bullet = ".", "-"
        new_list = False
        if b.kind == "list-item":
            depth = b.level or 1
            # every depth written since the last reset is in types, and the five maps are
            # cut together: when types holds none deeper, none does, and the five copies
            # (made for every list item before) are not needed
            if any(d > depth for d in types):
                counters = {d: n for d, n in counters.items() if d <= depth}
                delims = {d: v for d, v in delims.items() if d <= depth}
                types = {d: v for d, v in types.items() if d <= depth}
                holders = {d: v for d, v in holders.items() if d <= depth}
                bullets = {d: v for d, v in bullets.items() if d <= depth}
            if depth in types and types[depth] != bool(b.ordered):
                counters.pop(depth, None)
                new_list = True
            types[depth] = bool(b.ordered)
            holder = _list_of(b.xpath)
            if not b.ordered and holders.get(depth, holder) != holder and not new_list:
                bullets[depth] = "*" if bullets.get(depth, "-") == "-" else "-"
                new_list = True
            holders[depth] = holder
            bullet = bullets.get(depth, "-")
            last = counters.get(depth)
            if b.ordered and b.ordinal is not None:
                ordinal = b.ordinal
                if last is not None and ordinal != last + 1:
                    delims[depth] = ")" if delims.get(depth, ".") == "." else "."
                    new_list = True
            else:
                ordinal = (last or 0) + 1
            counters[depth] = ordinal
            delim = delims.get(depth, ".")
            shown[i] = 1 + sum(1 for d in types if d < depth)
        else:
            ordinal = 1
            if b.body_of is None and types:     # (all five are empty when types is)
                counters, delims, types, holders, bullets = {}, {}, {}, {}, {}
        md, joint = _render_one(b, ordinal, delim, bullet, page_url, titles.get(i, ""), shown.get(i, 1))
        if not md or md.isspace():     # = not md.strip(), without copying the text
            continue
        parent = blocks[b.body_of] if b.body_of is not None and 0 <= b.body_of < len(blocks) else None
        if parent is not None and parent.kind == "list-item":
            md = _indent(md, " " * (LIST_INDENT * shown.get(b.body_of, max(parent.level or 1, 1))))
            joint = "cont"
        elif parent is not None and parent.tag == "dd":
            md = _indent(md, " " * LIST_INDENT)   # a <dd> of several paragraphs: one marker
            joint = "cont"
        # the <blockquote> a quoted block's lines are prefixed for ("" for none, and for a
        # quote block, which renders its own prefix)
        quote = _quote_of(b.xpath) if b.quoted and b.kind != "quote" else ""
        if quote:
            md = _indent(md, "> ").replace("\n\n", "\n>\n")
        if out:
            # items of one list stick together; an item after a continuation paragraph or
            # starting another list needs a blank line, or it reads as the paragraph's text
            sep = "\n" if joint == "list" and prev_joint == "list" and not new_list else "\n\n"
            if b.tag == "dd" and prev_joint == "dt":
                sep = "\n"
            if quote and quote == prev_quote:
                sep = "\n" if sep == "\n" else "\n>\n"    # one quote, several blocks
            out.append(sep)
        out.append(md)
        prev_joint = "dt" if b.tag == "dt" else joint
        prev_quote = quote
    text = "".join(out)
    if _has_control_characters(text):
        text = _TERMINAL_CONTROLS.sub("", text)
    text = text.rstrip() + "\n" if out else ""
    if front_matter:
        return front_matter_text(front_matter) + ("\n" + text if text else "")
    return text


# Control characters and terminal escape sequences (ESC [ 31 m) in a page's text: no reader
# of Markdown shows them, and `cat` of an archive would run them in the user's terminal.
# Tabs and line ends stay.
_TERMINAL_CONTROLS = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[@-_]|[\x00-\x08\x0b-\x1f\x7f-\x9f]")
# Every match of _TERMINAL_CONTROLS holds one of these characters (ESC is one of them): a
# text without any needs no substitution. Looked for in the UTF-8 bytes, where the C0
# controls and DEL are themselves and a C1 control (U+0080..U+009F) is 0xC2 then 0x80..0x9F
# (0xC2 is never a continuation byte): bytes.translate drops everything else in one C pass.
# The regex scanned the whole Markdown character by character: 0.18 ms on a 21 kB page,
# the check 0.03 ms.
_C0_CONTROLS = bytes([*range(0x00, 0x09), *range(0x0b, 0x20), 0x7f])
_NOT_C0_OR_LEAD = bytes(c for c in range(256) if c not in _C0_CONTROLS and c != 0xc2)
_C1_CONTROL_UTF8 = re.compile(rb"\xc2[\x80-\x9f]")


def _has_control_characters(text: str) -> bool:
    """Does text hold a character _TERMINAL_CONTROLS's last class matches?"""
    data = text.encode("utf-8", "surrogatepass")
    left = data.translate(None, _NOT_C0_OR_LEAD)
    if not left:
        return False
    if left.strip(b"\xc2"):
        return True          # a C0 control or DEL
    return _C1_CONTROL_UTF8.search(data) is not None
