"""Does a page declare itself a discussion: a forum thread, or a question with its answers?

Forum and Q&A software says so in schema.org terms, in JSON-LD or as microdata:
DiscussionForumPosting (Discourse, XenForo, vBulletin, phpBB extensions, Reddit) and QAPage
(Stack Exchange, Discourse's Q&A). No article, product or service page of WCXB dev declares
either; 61 of its 113 forum threads do (42 in JSON-LD, 19 as microdata only), and Stack
Exchange names QAPage on its <html>.
"""
from __future__ import annotations

from lxml import etree

DISCUSSION_TYPES = frozenset({"discussionforumposting", "qapage"})
# an itemtype naming either, found by libxml2 in one pass over the attributes
_MICRODATA = etree.XPath("descendant-or-self::*/@itemtype[contains(., 'DiscussionForumPosting') "
                         "or contains(., 'QAPage')]", smart_strings=False)


def declares_discussion(root, ld_types) -> bool:
    """ld_types: the page's JSON-LD @types, lowercased (metadata.ld_types)."""
    return not DISCUSSION_TYPES.isdisjoint(ld_types) or bool(_MICRODATA(root))
