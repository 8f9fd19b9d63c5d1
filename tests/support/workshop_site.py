"""A small workshop blog for crawl tests: articles, listings, and pages whose script draws
their entries or their body after load."""

from __future__ import annotations

import json

PROSE = ("The bench plane needs a sharp iron and a flat sole before it will take a shaving "
         "thinner than paper, and getting there is an afternoon of patient work on stones. ")


def article(title: str, words: str, links: str = "") -> str:
    body = "".join(f"<p>{words} {PROSE * 3}</p>" for _ in range(4))
    return f"""<!doctype html><html><head><title>{title}</title>
<meta property="og:type" content="article"></head><body>
<header><a href="/">Workshop notes</a></header>
<main><article><h1>{title}</h1><time datetime="2026-03-0{len(title) % 9 + 1}">March</time>
{body}{links}</article></main></body></html>"""


def listing(heading: str, posts: dict[str, str]) -> str:
    teasers = "".join(
        f'<article><h2><a href="{path}">{title}</a></h2><time datetime="2026-03-01">March 1</time>'
        f"<p>{PROSE}</p></article>" for path, title in posts.items())
    return f"""<!doctype html><html><head><title>Workshop notes</title></head><body>
<header><a href="/">Workshop notes</a><nav><a href="/tags/tools/">Tools</a>
<a href="/picks/">Picks</a></nav></header>
<main><h1>{heading}</h1>{teasers}</main></body></html>"""


def home(posts: dict[str, str]) -> str:
    return listing("Recent notes", posts)


def drawn_by_script(page: str, posts: dict[str, str]) -> str:
    """A listing whose script adds its entries (posts: path -> title) after load."""
    entries = listing("", posts).split("<h1></h1>", 1)[1].split("</main>", 1)[0]
    return page.replace("</body>", "<script>setTimeout(() => document.querySelector('main')"
                        f".insertAdjacentHTML('beforeend', {json.dumps(entries)}), 50);"
                        "</script></body>")


def body_drawn_by_script(page: str, summary: str) -> str:
    """An article whose body its script draws after load; its HTML holds a one-line summary."""
    head, rest = page.split("<p>", 1)
    body = "<p>" + rest.rsplit("</p>", 1)[0] + "</p>"
    return (head + f"<p>{summary}</p>"
            + rest.rsplit("</p>", 1)[1].replace(
                "</body>", "<script>setTimeout(() => document.querySelector('article')"
                f".insertAdjacentHTML('beforeend', {json.dumps(body)}), 50);</script></body>"))
