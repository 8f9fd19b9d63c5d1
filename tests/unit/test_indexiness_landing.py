"""Landing pages: links that ask the reader to act count against an index verdict, and a
site's home address is a tiebreak, not a verdict."""
from pipelines.indexiness import score as ix
from pipelines.htmlparse import parse_html
from pipelines.indexiness.signals import CONVERSION_TEXT

FEATURES = ["Issues", "Roadmaps", "Cycles", "Insights", "Integrations", "Automations"]
CALLS = ('<a class="btn" href="/signup">Get started</a> '
         '<a class="btn" href="/contact/sales">Talk to sales</a> '
         '<a href="https://app.acme.example/trial">Start free trial →</a>')


def _landing(calls: str) -> str:
    """A product's home: a hero and feature cards, each headed by a link to its section."""
    hero = ("<h1>Ship software faster</h1><p>"
            + "Plan, build and ship with one tool your whole team loves. " * 3 + "</p>" + calls)
    cards = "".join(
        f'<div class="card"><h3><a href="/features/{n.lower()}">{n}</a></h3><p>Everything you '
        f'need for {n.lower()}, in one place. '
        + "Your team sees what matters and moves it forward without the busywork. " * 2
        + "</p></div>" for n in FEATURES)
    return ('<html><head><meta property="og:type" content="website"></head><body><main>'
            f"{hero}<section>{cards}</section></main></body></html>")


def _score(html: str, url: str):
    return ix.score_tree(parse_html(html), url)[0]


def test_calls_to_act_turn_a_landing_page_with_linked_cards_leaf():
    bare = _score(_landing(""), "https://acme.example/")
    landing = _score(_landing(CALLS), "https://acme.example/")
    assert bare.counts["conversion_links"] == 0
    # in-site and out-of-site calls alike: the trial lives on the app's host
    assert landing.counts["conversion_links"] == 3
    assert landing.breakdown["conversion_links"] == 3 * ix.CONVERSION_LINK
    # explained by the links' words
    assert landing.counted_links["conversion_links"] == [
        'https://acme.example/signup  ("Get started")',
        'https://acme.example/contact/sales  ("Talk to sales")',
        'https://app.acme.example/trial  ("Start free trial →")']
    # its cards link the product's sections like a listing's entries: without its calls
    # the page reads as an index, with them as the leaf it is
    assert bare.score > 0 > landing.score


def test_calls_count_up_to_their_cap():
    many = CALLS + " ".join(f'<a href="/signup?plan={p}">Sign up</a>' for p in ("a", "b", "c"))
    r = _score(_landing(many), "https://acme.example/")
    assert r.counts["conversion_links"] == ix.CONVERSION_LINKS_CAP


def test_an_entry_titled_like_a_call_is_no_call():
    # a docs listing's entries: "Get started with X" is a title, not a button
    entries = "".join(
        f'<li><h3><a href="/docs/get-started-{i}/">Get started with Azure {name}</a></h3>'
        f'<p>Create your first {name.lower()} app and deploy it in minutes.</p></li>'
        for i, name in enumerate(["Functions", "Storage", "Queues", "Tables", "Cosmos DB"]))
    r = _score(f"<html><body><main><h1>Quickstarts</h1><ul>{entries}</ul></main></body></html>",
               "https://docs.example/quickstarts/")
    assert r.counts["conversion_links"] == 0
    assert r.score > 0


def test_call_texts():
    calls = ["Get started", "Get started →", "Sign up for free", "Start your free trial",
             "Request a demo", "Talk to sales", "Get a quote", "Get started — it's free",
             "Try it free"]
    others = ["Get started with Azure Functions", "Learn more", "Read more", "Shop now",
              "Sign up for our newsletter and get weekly tips", "Pricing"]
    assert all(CONVERSION_TEXT.fullmatch(t) for t in calls)
    assert not any(CONVERSION_TEXT.fullmatch(t) for t in others)


def test_a_home_address_is_a_tiebreak():
    # the same landing page at the site's root and at a section's address: the root adds
    # URL_HOME and nothing else, too little to carry a landing page's calls
    home = _score(_landing(CALLS), "https://acme.example/")
    section = _score(_landing(CALLS), "https://acme.example/product")
    assert home.counts["url_home"] == 1 and section.counts["url_home"] == 0
    assert home.breakdown["url_home"] == ix.URL_HOME
    assert home.score < 0
