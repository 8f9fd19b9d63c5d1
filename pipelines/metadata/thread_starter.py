"""Who started a discussion and when: the member whose name heads its first post, and the
time the first post gives.

Forum and Q&A software prints each post under its poster's name, a link to the member's
page, and the thread's first post follows its title. Few of them name the poster anywhere
a byline reader looks (meta author, JSON-LD, "By …" under the title): a username is one
lowercase word ("chunix64", "b.scherer") beside an avatar, classed "username", "author",
"bigusername" or nothing at all. What they share is where the link goes: the member's page,
at the address each platform gives one.
"""
from __future__ import annotations

import re
from urllib.parse import urlsplit

from ..indexiness.url_shape import PAGE_EXTENSION
from .page_date import parse_text_date

# A member's page, each the default of its platform: Discourse, Flarum, Lemmy and Reddit
# /u/name, NodeBB, FlaskBB and Reddit /user/name, Spirit /user/12/name/, Stack Exchange and
# Askbot /users/12/name, XenForo /members/name.12/, Invision /profile/12-name/, the
# /profile/name of hosted communities, lobste.rs and tilde sites /~name; and in the query,
# phpBB memberlist.php?mode=viewprofile&u=12, vBulletin member.php?u=12, MyBB
# member.php?action=profile&uid=12, SMF index.php?action=profile;u=12.
_MEMBER_PATH = re.compile(
    r"(?:^|/)(?:u|user|users|members?|profiles?)/[^/?#]+(?:/[^/?#]+)?/?$|(?:^|/)~[^/?#]+/?$", re.I)
# The member pages' own tools, under the same prefix: /user/register, /u/login.
_ACCOUNT_PAGE = re.compile(r"(?:^|/)(?:register|login|logout|sign[-_]?(?:up|in|out)|password|"
                           r"settings|preferences|edit)/?$", re.I)
_MEMBER_QUERY = re.compile(r"(?:^|[?&;])(?:mode=viewprofile|action=profile|u=\d)", re.I)
_MEMBER_SCRIPT = re.compile(r"(?:^|/)(?:memberlist|member|profile|index)\.php$", re.I)
# How far past the title the first post's name is looked for, in links: a thread's title
# is followed by its tools (reply, watch, share, pages) before the first post, never by
# dozens of links.
FIRST_POST_LINKS = 40
# A member's name is a handle: one to three words ("Matt Brooks"), never a sentence. Links
# to the member's page with other words ("View Public Profile", "Find more posts") are
# the post's tools.
NAME_MAX_CHARS = 40
NAME_MAX_WORDS = 3
_TOOL_WORDS = re.compile(r"\b(?:profile|posts|view|find|more|member|send|message)\b", re.I)


def is_member_link(href: str) -> bool:
    """Does href lead to a member's page (_MEMBER_PATH, or a forum script's profile query)?
    A page file under such a prefix is a document (a docs site's /user/guide.html)."""
    parts = urlsplit(href)
    if _MEMBER_PATH.search(parts.path):
        return (_ACCOUNT_PAGE.search(parts.path) is None
                and PAGE_EXTENSION.search(parts.path) is None)
    return bool(parts.query) and _MEMBER_SCRIPT.search(parts.path) is not None \
        and _MEMBER_QUERY.search(parts.query) is not None


def _after(el, tag: str | None):
    """The `tag` elements (None: all) after el in document order (XPath's following::tag,
    lazily: the search stops at the first post); in it, where el is the <body>."""
    if el.tag == "body":
        yield from el.iter(tag)
        return
    while el is not None:
        for sibling in el.itersiblings():
            yield from sibling.iter(tag)
        el = el.getparent()


def thread_starter(title_heading) -> str | None:
    """The name on the first link to a member's page after the discussion's title heading
    (or from the start of its <body>, where it has none; within FIRST_POST_LINKS links), or
    None. An @name is a mention inside a post, not
    its poster; a link without a letter is a count beside the avatar."""
    if title_heading is None:
        return None
    for n, link in enumerate(_after(title_heading, "a")):
        if n >= FIRST_POST_LINKS:
            return None
        href = link.get("href")
        if not href or not is_member_link(href):
            continue
        name = " ".join("".join(link.itertext()).split())
        # (a number on the link is the member's karma or post count beside the avatar)
        if name and not name.startswith("@") and len(name) <= NAME_MAX_CHARS \
                and len(name.split()) <= NAME_MAX_WORDS and not _TOOL_WORDS.search(name) \
                and any(c.isalpha() for c in name):
            return name
    return None


# The poster's card beside a post gives the day they joined ("Joined: <time>", "Member
# since", "Registered"), often before the post's own time: no date of the post.
_JOINED = re.compile(r"join|regist|member since|mitglied seit|inscri|beigetreten", re.I)
# A thread's first post shows its time among the first few after the title; later ones are
# replies'. Where it prints only a short or relative one ("5 Mar '24", "3 days ago"), the
# full date is its tooltip (a title attribute: Spirit, Discourse), looked for in the first
# FIRST_POST_ELEMENTS elements.
FIRST_POST_TIMES = 4
FIRST_POST_ELEMENTS = 200


def first_post_time(title_heading) -> str | None:
    """The first post's time after the discussion's title heading (or <body>, as
    thread_starter): the first <time datetime>, or the first title attribute holding a
    whole date, that is no poster's joining day; within FIRST_POST_TIMES such times and
    FIRST_POST_ELEMENTS elements, else None. A thread's posts each show their time, so the
    page holds many and lone_time names none; the first is the thread's start."""
    if title_heading is None:
        return None
    times = 0
    for n, el in enumerate(_after(title_heading, None)):
        if n >= FIRST_POST_ELEMENTS or times >= FIRST_POST_TIMES:
            return None
        tip = ""
        if el.tag == "time":
            value = (el.get("datetime") or "").strip()
        else:
            tip = el.get("title") or ""
            value = parse_text_date(tip) if any(c.isdigit() for c in tip) else None
        if not value:
            continue
        times += 1
        parent = el.getparent()
        before = (el.getprevious().tail if el.getprevious() is not None else parent.text) or ""
        if not _JOINED.search(f"{before} {tip} {parent.get('class') or ''}"):
            return value
    return None
