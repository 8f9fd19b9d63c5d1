"""A leaf's title as readers see it (metadata.heading_title): its heading, when its h1 says
it, over og:title and <title>, which are written for search results and shares."""
import pytest

from pipelines.htmlparse import parse_html
from pipelines.metadata.page_metadata import heading_title
from pipelines.page import analyze_page

PROSE = "<p>" + "A paragraph of the post, long enough to be its prose. " * 12 + "</p>"
URL = "https://x.org/2024/05/zero-waste-for-beginners/"


def page(head: str, body: str) -> str:
    return f"<html><head>{head}</head><body>{body}</body></html>"


def test_the_one_h1_is_the_title():
    html = page('<meta property="og:title" content="Zero Waste: 12 Tips, Costs &amp; FAQ (2024)">',
                f"<main><article><h1>Zero Waste for Beginners</h1>{PROSE}</article></main>")
    assert heading_title(parse_html(html), declared="Zero Waste: 12 Tips, Costs & FAQ (2024)") \
        == "Zero Waste for Beginners"
    leaf = analyze_page(html, URL)
    assert leaf.verdict == "leaf" and leaf.title == "Zero Waste for Beginners"


def test_of_several_h1s_the_first_when_the_declared_title_starts_with_it():
    body = f"<h1>Zero Waste for Beginners</h1>{PROSE}<h1>Comments</h1>"
    root = parse_html(page("", body))
    assert heading_title(root, declared="Zero Waste for Beginners Archives") == "Zero Waste for Beginners"
    assert heading_title(root, declared="Something else") is None


def test_a_sites_name_in_an_h1_is_no_title():
    # a logo heading linking home, relative or absolute
    logo = f'<header><h1><a href="/">My Blog</a></h1></header><main><h2>A post</h2>{PROSE}</main>'
    assert heading_title(parse_html(page("", logo)), declared="A post", url=URL) is None
    absolute = logo.replace('href="/"', 'href="https://x.org/"')
    assert heading_title(parse_html(page("", absolute)), declared="A post", url=URL) is None
    # Lektor's banner: the site's name, which <title> ends with
    banner = page("<title>Release 0.14.0 — Release notes</title>",
                  f"<header><h1>Release notes</h1></header><h2>Release 0.14.0</h2>{PROSE}")
    assert heading_title(parse_html(banner), declared="Release 0.14.0 — Release notes") is None


def test_a_headings_anchor_mark_is_no_part_of_its_title():
    html = page("", f'<h1>Release 0.14.0<a class="headerlink" href="#release">¶</a></h1>{PROSE}')
    assert heading_title(parse_html(html)) == "Release 0.14.0"


def test_an_index_page_keeps_its_declared_title():
    teasers = "".join(f'<article><h2><a href="/2024/0{i}/post-{i}/">Post {i}</a></h2><p>An excerpt '
                      f'of post {i}, long enough to be a teaser.</p></article>' for i in range(1, 6))
    html = page("<title>Tag: rust | My Blog</title>", f"<main><h1>Rust</h1>{teasers}</main>")
    index = analyze_page(html, "https://x.org/tags/rust/")
    assert index.verdict == "index" and index.title == "Tag: rust"


def test_a_declared_title_drops_the_site_name_its_banner_heading_shows():
    from pipelines.metadata.page_metadata import title

    banner = page("<title>Release 0.14.0 — Release notes</title>",
                  f"<header><h1>Release notes</h1></header><h2>Release 0.14.0</h2>{PROSE}")
    assert title(parse_html(banner)) == "Release 0.14.0"
    leaf = analyze_page(banner, "https://x.org/blog/release-0-14-0/")
    assert leaf.verdict == "leaf" and leaf.title == "Release 0.14.0"


def test_a_title_led_by_the_site_name_its_logo_heading_shows_names_the_post():
    from pipelines.metadata.page_metadata import title

    # Pelican's simple theme: "<title>SITENAME - post title</title>" under a logo heading
    logo = page("<title>Release notes - Release 0.14.2</title>",
                '<header><h1><a href="/">Release notes</a></h1></header><main><article>'
                f'<h2><a href="/release-0-14-2.html">Release 0.14.2</a></h2>{PROSE}</article></main>')
    assert title(parse_html(logo), url="https://x.org/release-0-14-2.html") == "Release 0.14.2"
    leaf = analyze_page(logo, "https://x.org/release-0-14-2.html")
    assert leaf.verdict == "leaf" and leaf.title == "Release 0.14.2"
    assert "Release notes" not in [b.text for b in leaf.blocks]
    # HonKit's header h1 links home with the page's own title: the site's name is the tail
    honkit = page("<title>Applications · Starlette</title>",
                  '<div class="book-header"><h1><a href=".">Applications</a></h1></div>'
                  f'<section><h1 id="applications">Applications</h1>{PROSE}</section>')
    assert title(parse_html(honkit), url="https://x.org/applications.html") == "Applications"
    # on the home page the site's name is the page's
    assert title(parse_html(logo.replace(" - Release 0.14.2", " - Latest posts")),
                 url="https://x.org/") == "Release notes"


def test_a_menus_brand_is_no_title_heading_on_a_home_titled_as_its_site():
    # hugo-book's home: <title>Starlette</title>, the menu's brand an <h2> linking home, inside
    # <main> beside the article (kept as the title heading, it opened the archive)
    menu = ('<nav><h2><a href="/">Starlette</a></h2><ul>'
            + "".join(f'<li><a href="/docs/p{i}/">Page {i}</a></li>' for i in range(6)) + '</ul></nav>')
    body = f"<main>{menu}<article><h2>Introduction</h2>{PROSE}{PROSE}</article></main>"
    home = analyze_page(page("<title>Starlette</title>", body), "https://x.org/")
    assert home.title == "Starlette"
    assert [b.text for b in home.blocks][0] == "Introduction"


def test_a_bracketed_site_name_its_banner_heading_shows_is_dropped():
    from pipelines.metadata.page_metadata import title

    # DokuWiki's <title>: "PAGE [WIKI]", under the wiki's logo heading
    wiki = page("<title>Early Hints [Release wiki]</title>",
                '<header><h1><a href="/start">Release wiki</a></h1></header>'
                f'<main><h1>Early Hints</h1>{PROSE}</main>')
    assert title(parse_html(wiki)) == "Early Hints"
    # brackets the site's banner does not show are the title's own
    own = page("<title>Zero waste [updated]</title>",
               f'<header><h1>My blog</h1></header><main><h2>Zero waste</h2>{PROSE}</main>')
    assert title(parse_html(own)) == "Zero waste [updated]"


def test_a_buttons_label_in_the_heading_is_no_part_of_the_title():
    # Askbot's question heading: the title, then an inline "edit" control
    qa = page("<title>What changed in 0.47.2? - My site</title>",
              '<main><h1><div>What changed in 0.47.2?</div><button class="js-edit">edit</button>'
              f'</h1>{PROSE}</main>')
    leaf = analyze_page(qa, "https://x.org/question/108/what-changed-in-0472/")
    assert leaf.verdict == "leaf" and leaf.title == "What changed in 0.47.2?"


def test_without_an_h1_the_longest_heading_the_title_holds_is_the_title():
    # phpBB titles a topic with an h2 and its <title> adds the board's name; a blog theme's
    # h2 names the blog, which the <title> holds too, and the post's h3 is its title
    topic = page("<title>Turning off all LEDs of a Pi 5 - Raspberry Pi Forums</title>",
                 f"<h2>Turning off all LEDs of a Pi 5</h2>{PROSE}<h3>Re: Turning off all LEDs</h3>")
    assert analyze_page(topic, "https://forums.example/viewtopic.php?t=35").title \
        == "Turning off all LEDs of a Pi 5"
    post = page("<title>Online Security Blog: Safer browsing in Chrome</title>",
                f"<h2>Security Blog</h2><h3>Safer browsing in Chrome</h3>{PROSE}")
    assert analyze_page(post, URL).title == "Safer browsing in Chrome"
    # no heading the <title> holds: the declared title stays
    plain = page("<title>Safer browsing in Chrome - Online Security Blog</title>",
                 f"<h2>Archive</h2>{PROSE}")
    assert analyze_page(plain, URL).title == "Safer browsing in Chrome - Online Security Blog"


@pytest.mark.parametrize("why, title, heading", [
    # a forum or a link aggregator sets a post's vote count in an h1 beside its title's
    ("a count", "Scalable interpretability — LessWrong",
     "<h1>94</h1><h1>Scalable interpretability</h1>"),
    ("a line break", "Scalable interpretability | Punto",
     "<h1>Scalable<span><br>interpretability</span></h1>"),
    # XenForo's thread prefix and Bootstrap's badge are tags set beside the title
    ("a thread prefix", "Scalable interpretability | Forum",
     '<h1><span class="label label--lightGreen">News</span>&#160;Scalable interpretability</h1>'),
    ("a badge", "Scalable interpretability | Forum",
     '<h1><span class="badge bg-secondary">New</span> Scalable interpretability</h1>'),
])
def test_the_title_is_the_headings_words_without_counts_breaks_or_badges(why, title, heading):
    html = page(f"<title>{title}</title>", f"<main>{heading}{PROSE}<h1>12</h1></main>")
    assert analyze_page(html, URL).title == "Scalable interpretability", why


def test_a_heading_that_is_all_badge_leaves_the_declared_title():
    html = page("<title>Digital cameras in 2024</title>",
                f'<main><h1><span class="label">News</span></h1>{PROSE}</main>')
    assert analyze_page(html, URL).title == "Digital cameras in 2024"


@pytest.mark.parametrize("heading", [
    '<h1><span class="dachzeile">Nach den Lockerungen</span> '
    '<span class="headline">Autohäuser rechnen mit langsamem Anlauf</span></h1>',
    "<h1><small>Handel</small><br>Autohäuser rechnen mit langsamem Anlauf</h1>",
    '<h1><span class="article-heading__kicker">Handel</span><span class="visually-hidden">: '
    '</span><span class="article-heading__title">Autohäuser rechnen mit langsamem Anlauf</span></h1>',
    '<h1><span class="article__subheadline">Handel</span><br>'
    '<span itemprop="headline">Autohäuser rechnen mit langsamem Anlauf</span></h1>',
])
def test_a_news_headlines_kicker_is_no_part_of_its_title(heading):
    html = page("<title>Handel: Autohäuser rechnen mit langsamem Anlauf | Zeitung</title>",
                f"<main><article>{heading}{PROSE}</article></main>")
    assert analyze_page(html, URL).title == "Autohäuser rechnen mit langsamem Anlauf"


def test_a_leading_span_that_is_no_kicker_stays_in_the_title():
    html = page("<title>How to bake bread</title>",
                f'<main><h1><span class="highlight">How to</span> bake bread</h1>{PROSE}</main>')
    assert analyze_page(html, URL).title == "How to bake bread"


def test_an_h1_linking_another_hosts_root_is_a_logo_not_the_title():
    # a department's pages head with their university's logo, which links the university
    html = page("<title>The Agency | Machine Learning at Example Tech</title>",
                '<h1><a href="https://www.example.edu/">Example Institute of Technology</a></h1>'
                f"<main><article><h2>The Agency</h2>{PROSE}</article></main>")
    leaf = analyze_page(html, "https://ml.example.edu/agency")
    assert leaf.verdict == "leaf" and leaf.title != "Example Institute of Technology"


def test_an_h1_in_the_comment_section_is_not_the_title():
    html = page('<meta property="og:title" content="Code of the elites">',
                f'<main><article><h2 class="post-title">Code of the elites</h2>{PROSE}'
                '<section class="post_comments"><div class="section-title"><h1>Comments Form</h1>'
                "</div><form><textarea></textarea></form></section></article></main>")
    leaf = analyze_page(html, URL)
    assert leaf.verdict == "leaf" and leaf.title == "Code of the elites"
