"""A leaf's list of links is its content only when the links read as headlines: a leaf whose
text never reached its HTML (a paywall, a script that fetches it) is not archived as its
site's menu."""
from pipelines.page import analyze_page

URL = "https://harbour-news.example/2022/05/04/prison-official-anyone-could-escape/"
HEAD = """<html><head><title>Prison official: anyone could escape</title>
<meta property="og:type" content="article">
<meta property="article:published_time" content="2022-05-04T10:00:00Z"></head><body>"""
SECTIONS = ("News", "Business", "Crime and Courts", "Living", "Opinion", "Editorial", "Letters",
            "Sports", "Politics", "Weather", "Real Estate", "World", "Archives", "Jobs",
            "Travel", "Beaches", "Events", "Obituaries", "Classifieds", "Podcasts")


def menu():
    # a theme's mega-menu, drawn without <nav>: sections and their subsections
    items = "".join(f'<li><a href="/category/{s.lower().replace(" ", "-")}/">{s}</a>'
                    f'<ul><li><a href="/category/{s.lower()}/local/">Local {s}</a></li>'
                    f'<li><a href="/category/{s.lower()}/more/">More {s}</a></li></ul></li>'
                    for s in SECTIONS)
    return f'<div class="menu-wrap"><ul class="menu">{items}</ul></div>'


# The site's consent notice, drawn on every page: words of the page that are not its content.
CONSENT = '<div class="cookie-notice">' + "".join(
    f"<p>We and our partners store cookies to measure visits and show you relevant offers; "
    f"you can change your choices at any time in the privacy settings of this site ({i}).</p>"
    for i in range(8)) + "</div>"


def test_a_leaf_without_its_text_is_not_archived_as_the_sites_menu():
    html = HEAD + menu() + """<article><header><h1>Prison official: anyone could escape</h1>
    <p>The prison is not fit for high-risk offenders</p></header>
    <div class="paywall-content"></div></article>""" + CONSENT + "</body></html>"
    page = analyze_page(html, URL)
    assert page.verdict == "leaf"
    text = "\n".join(b.text for b in page.blocks)
    assert "Prison official: anyone could escape" in text
    assert "Crime and Courts" not in text and "Local Weather" not in text


def test_links_read_as_headlines_by_their_median_length():
    from pipelines.blocks import Block
    from pipelines.content.page_content import reads_as_headlines

    def item(text, href):
        return Block(text=text, rich_text=f"[{text}]({href})", kind="list-item", tag="li",
                     xpath="/html/body/ul/li", dom_index=0)

    menu_items = [item(s, f"/category/{n}/") for n, s in enumerate(SECTIONS)]
    stories = [item(f"Harbour board approves the ferry timetable for route {n}", f"/2022/{n}/")
               for n in range(5)]
    assert not reads_as_headlines(menu_items)
    assert reads_as_headlines(stories)
    assert reads_as_headlines(stories + menu_items[:4])      # the median: a few labels among them
    assert not reads_as_headlines([])
