"""Is the author a page's metadata gives its publisher, or an account behind it?

News sites and company blogs fill meta author or JSON-LD's author with their own name on
every page ("FOCUS Online", "Badische Zeitung", "tagesschau.de") while the story prints its
writer's byline; a site's name is what its pages are published under, not who wrote one.
A CMS fills it with the writer's login as readily ("andrew.keaveney"), and an outlet signs
after its writers ("Rob Roe, CNN"). page.py takes the byline's name over the first two and
drops the outlet from the third.
"""
from __future__ import annotations

import re
from urllib.parse import urlsplit

from .byline import plain_words
from .page_metadata import schema_types, site_names


# Words that make a site's name its staff's ("FlaskBB Team", the forum software's meta
# author on every topic; "The Verge Staff", "Redaktion tagesschau.de"): a collective the site
# signs with, no one writer.
_COLLECTIVE = frozenset({"team", "staff", "editors", "editorial", "redaktion", "redaction",
                         "newsroom", "desk"})


# A company's legal form after its name ("Frankfurter Allgemeine Zeitung GmbH" in meta author,
# "Frankfurter Allgemeine Zeitung" as JSON-LD's publisher): the same organisation.
_LEGAL_FORMS = frozenset({"gmbh", "ag", "kg", "se", "ug", "inc", "llc", "ltd", "limited", "plc",
                          "corp", "sa", "sas", "sarl", "srl", "spa", "bv", "nv", "oy", "ab"})


def _without_collective(plain: str) -> str:
    """plain_words' name without a leading "the", a trailing legal form (_LEGAL_FORMS) and a
    collective before or after the name."""
    words = plain.split()
    if words and words[0] == "the":
        words = words[1:]
    if len(words) > 1 and words[-1] in _LEGAL_FORMS:
        words = words[:-1]
    if len(words) > 1 and words[-1] in _COLLECTIVE:
        words = words[:-1]
    elif len(words) > 1 and words[0] in _COLLECTIVE:
        words = words[1:]
    return " ".join(words)


def site_namer(root, metas: dict, url: str, ld: list[dict] = ()):
    """A test of a name: is it the site's own, its og:site_name or <title>'s tail
    (page_metadata.site_names), an organisation its JSON-LD `ld` names (organization_names)
    or its host without www ("mdr.de", "Tagesschau.de"), alone or signed as its collective
    (_COLLECTIVE)? The page's names are read once for every name asked."""
    names = {_without_collective(n) for n in site_names(root, metas) | organization_names(ld)}
    host = (urlsplit(url).hostname or "") if url else ""
    host = plain_words(host.removeprefix("www.")) if host else ""

    def names_the_site(name: str) -> bool:
        plain = _without_collective(plain_words(name))
        return bool(plain) and (plain in names or plain == host)
    return names_the_site


# An account's login rather than a name a person signs with: one word with a dot, an
# underscore or a digit in it, or all lowercase ("andrew.keaveney", "jdoe_42", "kffnirmitap").
_LOGIN = re.compile(r"^(?=\S*[._\d])[\w.-]+$|^[a-z][a-z\d]{5,}$")


def is_login(name: str) -> bool:
    """Is the author field a CMS account's login (_LOGIN), which the byline the page prints
    names better ("andrew.keaveney" over "Andrew Keaveney"'s byline)?"""
    return bool(_LOGIN.match(name.strip()))


def without_site(names: str, names_the_site) -> str:
    """An author list without its last member where that names the site ("Rob Roe, CNN":
    CNN's stories sign with the writer and then the outlet). A list led by the site's name
    ("hessenschau.de, Frankfurt, Germany") is the publisher's address, left as it is.
    `names_the_site`: the page's site_namer."""
    parts = [p.strip() for p in names.split(",")]
    if len(parts) < 2 or not parts[-1] or names_the_site(parts[0]) \
            or not names_the_site(parts[-1]):
        return names
    return ", ".join(parts[:-1])


# schema.org's organisations: Organization and its subtypes (NewsMediaOrganization,
# GovernmentOrganization, ...), most named so, and the few that are not (lowercased, as
# schema_types gives them)
_ORGANIZATION_TYPES = frozenset({"corporation", "ngo", "consortium"})


def _is_organization(item: dict) -> bool:
    return any(t.endswith("organization") or t in _ORGANIZATION_TYPES
               for t in schema_types(item.get("@type")))


def organization_names(ld: list[dict]) -> frozenset[str]:
    """The organisations a page's JSON-LD names (plain_words): every publisher, and an
    author or creator typed as an organisation. schema.org lets an article's author be an
    Organization, and news CMSes credit the outlet so when they fill the field on every
    story ("STERN.de" as author and publisher) while the story prints its writer's byline:
    the outlet is who published it, not who wrote it."""
    names = set()
    for item in ld:
        for key in ("publisher", "author", "creator"):
            values = item.get(key)
            for v in values if isinstance(values, list) else [values]:
                if isinstance(v, dict) and isinstance(v.get("name"), str) and (
                        key == "publisher" or _is_organization(v)):
                    names.add(plain_words(v["name"]))
    names.discard("")
    return frozenset(names)
