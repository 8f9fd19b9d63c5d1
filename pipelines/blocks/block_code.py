"""Code and its furniture: <pre> verbatim, code editors, languages, the copy-button strip.

A language is read from language-js, lang-js, highlight-js, MDN's ``brush: js`` and
data-language/data-lang; the words a highlighter writes when it found none are not languages.
CodeMirror (5 and 6), Monaco and Ace draw a file as one element per line among gutters,
cursors and measuring layers: the lines become one code block, completed from the hidden
<pre> or <textarea> beside a viewport editor that only drew the lines on screen.
"""
from __future__ import annotations

import re

# Words a highlighter writes when it found no language (perldoc's fences came out "undefined").
NOT_A_LANGUAGE = frozenset({"undefined", "none", "null", "text", "plaintext", "plain",
                            "nohighlight", "txt", "no-highlight", "default", "auto"})
_LANG_CLASS_RE = re.compile(r"(?:^|\s)(?:language|lang|highlight|brush)[-:]\s*([\w#+.-]+)", re.I)
LANG_ATTRS = ("data-lang", "data-language", "data-mode-id", "data-mode")

# Editor roots by class token, and the class of one drawn line inside each.
EDITOR_LINE_CLASS = {
    "CodeMirror": "CodeMirror-line",      # CodeMirror 5: pre.CodeMirror-line per line
    "cm-editor": "cm-line",               # CodeMirror 6: div.cm-line in .cm-content
    "monaco-editor": "view-line",         # Monaco: div.view-line, absolutely positioned
    "ace_editor": "ace_line",             # Ace: div.ace_line in .ace_text-layer
}
_EDITOR_RE = re.compile(r"(?:^|\s)(CodeMirror|cm-editor|monaco-editor|ace_editor)(?:\s|$)")
_TOP_RE = re.compile(r"top\s*:\s*(-?\d+(?:\.\d+)?)px")
# Zero-width and no-break characters editors draw to keep empty lines and spaces open.
_EDITOR_JUNK = {0x200B: None, 0x200C: None, 0xFEFF: None, 0xA0: 0x20}

# The strip above a code block ("js Copy" on MDN) is consumed when it holds a control or
# nothing but labels. Its words must be few: a <p> of this many words is prose that
# introduces the code ("is made equivalent to", "For example, this program": perldoc).
STRIP_PROSE_WORDS = 4
# A strip with a control may also name a file or a language: at most this many words.
STRIP_MAX_WORDS = 4
# Words of the furniture itself; captions like "Output" or "main.rs" are the page's words.
STRIP_LABEL_WORDS = frozenset({
    "copy", "copied", "copy!", "clipboard", "to", "run", "edit", "raw", "play", "try", "it",
    "expand", "collapse", "wrap", "download", "open", "in", "playground", "sandbox", "select",
    "all", "code",
})
KNOWN_LANGUAGES = frozenset({
    "js", "javascript", "ts", "typescript", "jsx", "tsx", "python", "py", "python3", "bash",
    "sh", "zsh", "shell", "console", "powershell", "html", "css", "scss", "json", "yaml", "yml",
    "xml", "sql", "go", "golang", "rust", "rs", "java", "c", "c++", "cpp", "c#", "csharp", "cs",
    "ruby", "rb", "php", "kotlin", "swift", "diff", "toml", "ini", "perl", "lua", "r", "scala",
    "haskell", "elixir", "erlang", "clojure", "dart", "dockerfile", "makefile", "graphql",
    "markdown", "md", "vue", "svelte", "nginx", "http", "text", "plaintext",
})
CONTROL_TAGS = ("button", "input", "select", "clipboard-copy")


# Line numbers highlighters write into the code's own markup: Pygments' span.linenos
# (span.lineno before 2.7), Chroma's span.ln inline and span.lnt / a.lnlinks in its table,
# Rouge's td.rouge-gutter, highlight.js-line-numbers' td.hljs-ln-numbers. Read as text
# they ran into every line ("1H1 {", "2    color: red;": Pelican's and Hugo's code).
LINE_NUMBER_CLASSES = frozenset({"linenos", "lineno", "ln", "lnt", "lnlinks", "rouge-gutter",
                                 "hljs-ln-numbers"})


def _is_line_number(el) -> bool:
    cls = el.get("class")
    return bool(cls) and not LINE_NUMBER_CLASSES.isdisjoint(cls.split())


def verbatim(el, skip_tags) -> str:
    """The code's text as written, less its line numbers; a table row inside it (a
    highlighter that lays each line out as a row) is a line."""
    parts = [el.text or ""]
    for child in el:
        tag = child.tag
        if isinstance(tag, str) and tag not in skip_tags and not _is_line_number(child):
            if tag == "br":
                parts.append("\n")
            else:
                text = verbatim(child, skip_tags)
                parts.append(text + "\n" if tag == "tr" and not text.endswith("\n") else text)
        parts.append(child.tail or "")
    return "".join(parts)


def is_line_number_gutter(pre, text: str) -> bool:
    """Is this <pre> the line-number column of a table laid out beside the code's own
    (Pygments' highlighttable, Chroma's lntable): numbers alone, ascending, in a cell with
    a cell after it? A program's output of numbers stands on its own, in no such cell."""
    numbers = text.split()
    if not numbers or not all(n.isdigit() for n in numbers):
        return False
    values = [int(n) for n in numbers]
    if any(later <= earlier for earlier, later in zip(values, values[1:])):
        return False
    cell = next(pre.iterancestors("td", "th"), None)
    return cell is not None and cell.getnext() is not None


def _lang_of(el) -> str | None:
    for attr in LANG_ATTRS:
        v = (el.get(attr) or "").strip().lower()
        if v and v not in NOT_A_LANGUAGE:
            return v
    cls = el.get("class")
    if cls:
        for m in _LANG_CLASS_RE.finditer(cls):
            v = m.group(1).strip().lower().rstrip(";")
            if v and v not in NOT_A_LANGUAGE:
                return v
    return None


def language(pre) -> str | None:
    """The code's language from the element, its <code> child or two ancestors."""
    candidates = []
    code = next(pre.iterchildren("code"), None)
    if code is not None:
        candidates.append(code)
    candidates.append(pre)
    parent = pre.getparent()
    for _ in range(2):
        if parent is None:
            break
        candidates.append(parent)
        parent = parent.getparent()
    for el in candidates:
        v = _lang_of(el)
        if v:
            return v
    return None


def editor_kind(el) -> str | None:
    cls = el.get("class")
    if not cls:
        return None
    m = _EDITOR_RE.search(cls)
    return m.group(1) if m else None


def _has_token(el, token: str) -> bool:
    cls = el.get("class")
    return bool(cls) and token in cls.split()


def editor_lines(editor, kind: str) -> list[str]:
    """The lines an editor drew, in line order (Monaco positions its lines by style top)."""
    token = EDITOR_LINE_CLASS[kind]
    found = []
    for n, el in enumerate(editor.iter()):
        if isinstance(el.tag, str) and _has_token(el, token):
            text = "".join(el.itertext()).translate(_EDITOR_JUNK).rstrip()
            top = None
            if kind == "monaco-editor":
                m = _TOP_RE.search(el.get("style") or "")
                top = float(m.group(1)) if m else None
            found.append((top if top is not None else float(n), n, text))
    if kind == "monaco-editor":
        found.sort()
    return [t for _, _, t in found]


def editor_language(editor) -> str | None:
    v = _lang_of(editor)
    if v:
        return v
    for el in editor.iter():
        if isinstance(el.tag, str) and any(el.get(a) for a in LANG_ATTRS):
            v = _lang_of(el)
            if v:
                return v
    return language(editor)


def editor_source(editor, lines: list[str]):
    """The hidden <pre>/<textarea> beside a viewport editor holding the whole file, or None.

    It must hold every drawn line, in order, and more than the editor drew.
    """
    drawn = [ln.strip() for ln in lines if ln.strip()]
    if not drawn:
        return None
    parent = editor.getparent()
    scopes = [parent] if parent is not None else []
    if parent is not None and parent.getparent() is not None:
        scopes.append(parent.getparent())
    for scope in scopes:
        for cand in scope.iter("pre", "textarea"):
            if cand is editor or _inside(cand, editor):
                continue
            text = "".join(cand.itertext()).strip("\n")
            src_lines = [ln.strip() for ln in text.split("\n") if ln.strip()]
            if len(src_lines) <= len(drawn) and len(text) <= len("\n".join(lines)):
                continue
            if _in_order(drawn, src_lines):
                return cand, text
    return None


def _inside(el, ancestor) -> bool:
    return any(a is ancestor for a in el.iterancestors())


def _in_order(drawn: list[str], src: list[str]) -> bool:
    k = 0
    for line in src:
        if k < len(drawn) and line == drawn[k]:
            k += 1
    return k == len(drawn)


def strip_element(pre):
    """The element just before a code block (or before its wrapper), where a strip sits."""
    el = pre
    for _ in range(3):
        prev = el.getprevious()
        while prev is not None and not isinstance(prev.tag, str):
            prev = prev.getprevious()
        if prev is not None:
            return prev
        el = el.getparent()
        if el is None:
            return None
    return None


def is_strip(strip_el, block_text: str, block_tag: str, code_language: str | None) -> bool:
    """A copy/label strip: holds a control, or nothing but labels; never a <p> of prose."""
    words = block_text.lower().split()
    if not words or len(words) > STRIP_MAX_WORDS:
        return False
    if block_tag == "p" and len(words) >= STRIP_PROSE_WORDS:
        return False
    if all(w.strip(":,.()") in STRIP_LABEL_WORDS or w == code_language or w in KNOWN_LANGUAGES
           for w in words):
        return True
    if block_tag == "p":
        return False
    return next(strip_el.iter(*CONTROL_TAGS), None) is not None or any(
        el.get("role") == "button" for el in strip_el.iter() if isinstance(el.tag, str))


def strip_language(block_text: str) -> str | None:
    for w in block_text.lower().split():
        if w in KNOWN_LANGUAGES and w not in NOT_A_LANGUAGE:
            return w
    return None
