"""What the browser shows that a plain parse hides: tree repairs and last-resort sources."""
import json

from pipelines.content.content_repair import json_ld_body, next_data_text, repair_tree
from pipelines.htmlparse import parse_html
from pipelines.page import analyze_page

PROSE = ("Sourdough needs patience more than skill, and the starter tells you when it is ready "
         "by doubling in size within a few hours of feeding at room temperature. ")
URL = "https://crumb.example/post"


def joined(html):
    return "\n".join(b.text for b in analyze_page(html, URL).blocks)


def test_a_menu_button_left_open_does_not_swallow_the_page():
    # libxml2 ignores </button> while a <div> inside it is open: the article ends up inside it
    html = f"""<body><header><button class="menu"><div><div></button></div></header>
    <main><h1>Starter basics</h1><p>{PROSE}</p><p>{PROSE.replace('patience', 'time')}</p></main></body>"""
    body = joined(html)
    assert "Sourdough needs patience" in body and "Sourdough needs time" in body


def test_a_real_button_stays_out():
    root = parse_html("<body><button><span>Subscribe now</span></button><p>x</p></body>")
    repair_tree(root)
    assert root.find(".//button") is not None


def test_react_streamed_part_is_shown_in_place_of_its_placeholder():
    html = f"""<body><main><h1>Starter basics</h1><template id="B:0"></template><p>Tail note.</p></main>
    <div hidden id="S:0"><p>{PROSE}</p><p>{PROSE.replace('patience', 'time')}</p></div>
    <script>$RC("B:0","S:0")</script></body>"""
    root = parse_html(html)
    repair_tree(root)
    main = root.find(".//main")
    assert [c.tag for c in main] == ["h1", "div", "p"] and main[1].get("hidden") is None
    assert "Sourdough needs time" in joined(html)


def test_anti_flicker_hidden_body_is_shown_when_nothing_else_is():
    html = f"""<body><div style="visibility:hidden;min-height:100vh"><main>
    <h1>Starter basics</h1><p>{PROSE}</p><p>{PROSE.replace('patience', 'time')}</p></main></div></body>"""
    assert "Sourdough needs time" in joined(html)
    # a page with visible content keeps its hidden parts hidden
    shown = f"""<body><main><p>{PROSE}</p><p>{PROSE.replace('patience', 'time')}</p></main>
    <div style="display:none"><p>Hidden promo text for later.</p></div></body>"""
    assert "Hidden promo" not in joined(shown)


def test_json_ld_article_body_is_the_last_resort():
    ld = {"@context": "https://schema.org", "@type": "NewsArticle", "headline": "Starter basics",
          "articleBody": PROSE + "\n\n" + PROSE.replace("patience", "time") * 2}
    html = f"""<body><div id="root"></div>
    <script type="application/ld+json">{json.dumps(ld)}</script></body>"""
    body = joined(html)
    assert "Sourdough needs time" in body
    blocks = json_ld_body(parse_html(html))
    assert len(blocks) == 2 and all(b.kind == "paragraph" for b in blocks)


def test_next_data_prose_is_the_last_resort():
    data = {"props": {"pageProps": {"post": {"id": "a1b2", "slug": "starter-basics",
                                             "body": PROSE * 3, "image": "https://x.example/a.jpg"}}}}
    html = f"""<body><div id="__next"></div>
    <script id="__NEXT_DATA__" type="application/json">{json.dumps(data)}</script></body>"""
    assert "Sourdough needs patience" in joined(html)
    assert [b.text for b in next_data_text(parse_html(html))] == [(PROSE * 3).strip()]


def test_a_streamed_part_moved_in_place_gets_its_new_document_position():
    # analyze_page takes every element's position right after the parse; moving the streamed
    # part retakes them, so dom_index follows the order the blocks are read in
    tail = PROSE.replace("patience", "flour")
    html = f"""<body><main><h1>Starter basics</h1><template id="B:0"></template><p>{tail}</p></main>
    <div hidden id="S:0"><p>{PROSE}</p><p>{PROSE.replace('patience', 'time')}</p></div>
    <script>$RC("B:0","S:0")</script></body>"""
    blocks = analyze_page(html, URL).blocks
    assert [b.text[:20] for b in blocks] == ["Starter basics", "Sourdough needs pati",
                                             "Sourdough needs time", "Sourdough needs flou"]
    positions = [b.dom_index for b in blocks]
    assert positions == sorted(positions) and len(set(positions)) == 4
