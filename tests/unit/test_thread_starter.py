"""A thread's author is its starter, named by the link to their member page over the first
post: forum software seldom prints a byline."""
import pytest

from pipelines.metadata.thread_starter import is_member_link
from pipelines.page import analyze_page

_REPLIES = [
    "We camp high most summers and the old tent folded in a gust last August. Which tents "
    "hold up on an exposed ridge without weighing a tonne?",
    "A tunnel tent pitched tail to the wind has never let me down, even above the tree line.",
    "Geodesic domes shed wind from every side; worth the extra weight on a ridge like that.",
    "Low pitch, more stakes, and pick your spot behind a boulder if there is one around.",
]


def _thread(member_href, names=("ridgewalker", "alpine_jo", "mkramer", "tarp_only"),
            tools="", head="", json_ld=""):
    posts = "".join(
        f'<div class="post"><div class="postprofile"><a href="{member_href(who, n)}" '
        f'class="username">{who}</a></div><div class="content"><p>{text}</p></div></div>'
        for n, (who, text) in enumerate(zip(names, _REPLIES), 1))
    return (f'<html><head><title>Which tent for a windy ridge? - Camping</title>{head}</head>'
            f'<body><header><a href="/">Outdoors forum</a></header>'
            f'<h1>Which tent for a windy ridge?</h1>{tools}{posts}</body></html>')


@pytest.mark.parametrize("platform, href, url", [
    ("phpBB", lambda who, n: f"./memberlist.php?mode=viewprofile&u={n}&sid=ab12",
     "https://forum.example/viewtopic.php?t=4412"),
    ("XenForo, relative", lambda who, n: f"members/{who}.{n}/",
     "https://forum.example/threads/which-tent-for-a-windy-ridge.4412/"),
    ("Spirit", lambda who, n: f"/user/{n}/{who}/", "https://forum.example/topic/10/which-tent/"),
    ("vBulletin", lambda who, n: f"member.php?s=e3c9&u={n}",
     "https://forum.example/showthread.php?t=4412"),
])
def test_the_first_posts_member_link_names_the_thread_starter(platform, href, url):
    assert analyze_page(_thread(href), url).author == "ridgewalker", platform


def _discourse_author(url="https://forum.example/t/which-tent-for-a-windy-ridge/4412", **parts):
    return analyze_page(_thread(lambda who, n: f"/u/{who}", **parts), url).author


def test_the_member_pages_own_tools_and_mentions_are_no_poster():
    tools = ('<p><a href="/user/register">Sign Up</a> <a href="/user/login">Log In</a> '
             'Thanks to <a href="/u/alpine_jo">@alpine_jo</a> for the split from another thread.</p>')
    assert _discourse_author(tools=tools) == "ridgewalker"


def test_declared_author_wins_and_a_page_that_is_no_thread_gets_no_starter():
    posting = ('<script type="application/ld+json">{"@type": "DiscussionForumPosting", '
               '"author": {"@type": "Person", "name": "Ridge Walker"}}</script>')
    assert _discourse_author(head=posting) == "Ridge Walker"
    # an article that links a commenter's profile is not a thread: its author is its byline's
    assert _discourse_author(url="https://blog.example/2024/02/which-tent-for-a-windy-ridge") is None


def test_member_link_shapes():
    assert is_member_link("https://lobste.rs/~scvalex")
    assert is_member_link("/members/pelex.1378134/")
    assert is_member_link("index.php?action=profile;u=12")
    assert not is_member_link("/user/register")
    assert not is_member_link("/user/guide/advanced.html")
    assert not is_member_link("/search.php?author_id=421190&sr=posts")


def _untitled_thread(joined_label="Joined:"):
    """A thread whose title is a link in a card's header (no heading), each post beside its
    poster's card, which gives the day they joined before the post's own time."""
    posts = "".join(
        f'<div class="post-row"><div class="author"><h4><a href="/user/{who}">{who}</a></h4>'
        f'<div class="author-registered">{joined_label} <time datetime="2018-06-0{n}">'
        f'Jun {n}, 2018</time></div></div><div class="post-box"><a href="/post/{n}">'
        f'<time datetime="2022-04-2{n}T12:00:00+00:00">Apr 2{n}, 2022</time></a>'
        f'<div class="post-content"><p>{text}</p></div></div></div>'
        for n, (who, text) in enumerate(zip(("ridgewalker", "alpine_jo", "mkramer"), _REPLIES), 1))
    return ('<html><head><title>Which tent for a windy ridge? - Camping - Outdoors</title></head>'
            '<body><div class="card-header"><a href="/topic/4412-which-tent">Which tent for a '
            f'windy ridge?</a></div>{posts}</body></html>')


def test_the_first_posts_time_dates_the_thread_and_no_posters_joining_day_does():
    page = analyze_page(_untitled_thread(), "https://forum.example/topic/4412-which-tent")
    assert page.date_published == "2022-04-21T12:00:00+00:00"
    assert page.author == "ridgewalker"
    member_since = analyze_page(_untitled_thread("Member since"),
                                "https://forum.example/topic/4412-which-tent")
    assert member_since.date_published == "2022-04-21T12:00:00+00:00"


@pytest.mark.parametrize("signed", ["Outdoors Team", "The Outdoors Staff", "Redaktion Outdoors"])
def test_a_template_author_signing_as_the_sites_team_yields_to_the_starter(signed):
    # forum software fills meta author with its own team's name on every topic (FlaskBB's
    # "FlaskBB Team"): the site's collective, no writer; the first post names who wrote it
    html = _untitled_thread().replace("</title>", f'</title><meta name="author" content="{signed}">')
    assert analyze_page(html, "https://forum.example/topic/4412-which-tent").author == "ridgewalker"
    # a writer's own name in the same place stays the author
    html = _untitled_thread().replace("</title>", '</title><meta name="author" content="Jo Alpine">')
    assert analyze_page(html, "https://forum.example/topic/4412-which-tent").author == "Jo Alpine"


@pytest.mark.parametrize("url", ["https://forum.example/topic/4412-which-tent?page=2",
                                 "https://forum.example/viewtopic.php?t=4412&start=20",
                                 "https://forum.example/threads/which-tent.4412/page-3"])
def test_a_later_page_of_a_thread_opens_with_a_reply_not_the_thread(url):
    page = analyze_page(_untitled_thread(), url)
    assert page.author is None and page.date_published is None


def test_a_short_shown_time_is_read_from_its_tooltip():
    """Spirit and Discourse print "5 Mar '24" or "3 days ago" and keep the whole date in the
    element's title; the poster card's "Member since" tooltip is no date of the post."""
    card = ('<div class="card"><a href="/user/{n}/{who}/">{who}</a>'
            '<span class="since" title="Member since January 3, 2019">Jan \'19</span></div>')
    posts = "".join(
        card.format(n=n, who=who) + f'<ul class="comment__info__date"><li title="March {n + 4}, '
        f'2024, noon">{n + 4} Mar \'24</li></ul><div class="comment__text"><p>{text}</p></div>'
        for n, (who, text) in enumerate(zip(("ridgewalker", "alpine_jo"), _REPLIES), 1))
    html = (f'<html><head><title>Which tent for a windy ridge?</title></head><body>'
            f'<h1>Which tent for a windy ridge?</h1>{posts}</body></html>')
    page = analyze_page(html, "https://forum.example/topic/10/which-tent/")
    assert page.date_published == "2024-03-05" and page.author == "ridgewalker"
