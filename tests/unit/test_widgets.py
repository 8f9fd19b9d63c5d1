"""Widget names from class/id tokens: consent dialogs by their platforms' names too."""
import pytest

from pipelines.blocks.widgets import widget_for, widget_for_id


@pytest.mark.parametrize("token", ["cookie-consent", "consent", "gdpr-banner", "cookie-notice",
                                   "onetrust-consent-sdk", "onetrust-pc-sdk",
                                   "CybotCookiebotDialog", "didomi-popup", "cmp_consent_layer"])
def test_consent_tokens(token):
    assert widget_for("div", None, token) == "consent"
    assert widget_for("div", f"box {token}", None) == "consent"


@pytest.mark.parametrize("token", ["cookie-recipe", "chocolate-cookies", "consentful", "informed"])
def test_words_that_only_contain_a_consent_word_are_not_consent(token):
    assert widget_for("div", token, None) is None


def test_never_on_the_page_wrappers():
    assert widget_for("main", "consent", None) is None


@pytest.mark.parametrize("ident", ["comments", "Sidebar", "disqus_thread", "onetrust-pc-sdk",
                                   "related-posts", "menu-item-123", "post-4411", ""])
def test_an_id_alone_names_the_same_widget_as_through_widget_for(ident):
    assert widget_for_id(ident) == widget_for("div", None, ident)


@pytest.mark.parametrize("token", ["pb-comment-wrapper", "comments-container", "article-comments-section",
                                   "comment-summary", "fb_comments_module", "comments"])
def test_a_comment_thread_wrapper_named_with_a_prefix_or_a_wrapper_word(token):
    # The Washington Post's "pb-comment-wrapper" held its badge legend and "Show Comments":
    # archived as the article's last 20 paragraphs before
    assert widget_for("div", f"lockfix {token}", None) == "comments"


@pytest.mark.parametrize("token", ["commentary", "commentary-section", "comment-body", "no-comments",
                                   "recommended-section", "kommentar", "article-kommentar"])
def test_words_beside_comment_are_no_thread_wrapper(token):
    # (German names an opinion piece "Kommentar": a singular is no thread)
    assert widget_for("div", token, None) != "comments"


@pytest.mark.parametrize("token", ["commentaires", "kommentare-liste", "comentarios", "commenti-wrap",
                                   "reacties"])
def test_a_comment_thread_named_in_the_sites_language(token):
    # lepoint.fr's section#commentaires and ul.commentaires, German and Spanish themes' lists
    assert widget_for("div", token, None) == "comments"
    assert widget_for_id("commentaires", "section") == "comments"


@pytest.mark.parametrize("cls,widget", [
    ("article_comments", "comments"), ("comments-collapsible collapse", "comments"),
    ("recentcomments", "comments"), ("yarpp-related", "post-furniture"),
    ("suggested_reading internal_related", "post-furniture"),
    ("newsletter-promo", "post-furniture"), ("facebook-share", "post-furniture"),
    ("relatedarticle standard", "post-furniture"),
    # a post's footer line in WordPress themes ("This entry was posted in ... Bookmark the
    # permalink"), and a newsroom's donation appeal
    ("entry-utility", "post-furniture"), ("entry-footer", "post-furniture"),
    # ...and its counterparts elsewhere: a blog theme's tags and share line, a forum post's
    # reply count and votes (NodeBB)
    ("post-footer border-bottom pb-2", "post-furniture"), ("article-footer", "post-furniture"),
    ("article-donation-CTA", "post-furniture"), ("mollie-donation-form-holder", "post-furniture"),
    # the licence box under a post (Hexo Fluid, Butterfly, Hugo Stack), and a sidebar column
    # drawn in a <div> (Hexo Butterfly)
    ("license-box my-3", "post-furniture"), ("post-copyright", "post-furniture"),
    ("article-copyright inline-meta", "post-furniture"), ("aside-content", "rail"),
    # a breadcrumb trail by its compound names (Spirit's breadcrumb_nav over every topic,
    # BEM's c-breadcrumb__list, site-breadcrumbs)
    ("breadcrumb_nav", "post-furniture"), ("c-breadcrumb__list", "post-furniture"),
    ("site-breadcrumbs", "post-furniture"),
    # a wiki's page id and "Last modified: ... by ..." lines (DokuWiki)
    ("pageId", "post-furniture"), ("docInfo", "post-furniture"),
    # a box of the site's most read stories, beside or inside the article (UK regional news'
    # "sidebar-most-popular mostPopularInline", a French daily's "article-most-read")
    ("sidebar-most-popular mostPopularInline", "post-furniture"),
    ("article-most-read", "post-furniture"), ("mostviewed-list", "post-furniture"),
    # ...and its recommendations between an article's paragraphs (Arc XP's cards)
    ("recommended-card", "post-furniture"), ("taboola-recommendations", "post-furniture")])
def test_a_furniture_word_as_part_of_a_class_names_the_widget(cls, widget):
    assert widget_for("div", cls, None) == widget


@pytest.mark.parametrize("cls", ["related-product", "commentary", "shareholder-letter",
                                 "entry-content", "entry-footer-content", "post-footer-content", "donator",
                                 "modal-icon", "multimodal", "aside", "license-key", "copyright",
                                 "almost-done", "most-recent", "mostly-sunny",
                                 "article container has-recommendations"])
def test_class_parts_that_name_content_are_not_furniture(cls):
    # a category page's product grid, an opinion column, a word that only contains "share"
    assert widget_for("div", cls, None) is None


def test_an_id_built_from_a_heading_is_not_read_by_its_parts():
    # Sphinx and Markdown tools make ids from heading text: #sharing-with-a-single-developer
    assert widget_for("div", None, "sharing-with-a-single-developer") is None
    assert widget_for("div", "sharing-with-a-single-developer", None) == "post-furniture"


@pytest.mark.parametrize("cls", ["entry themeform share", "post-content social-share",
                                 "entry-content related"])
def test_a_post_body_named_beside_a_furniture_word_is_no_widget(cls):
    # Hueman's post body is "entry themeform share": a body with share buttons inside
    assert widget_for("div", cls, None) is None


def test_the_share_bar_inside_a_body_so_named_still_goes():
    from pipelines.content.markdown import render_markdown
    from pipelines.page import analyze_page

    para = ("The council met on Tuesday to settle the budget for the coming year, and the "
            "vote on the new library wing passed after a long debate about its cost. ")
    html = ("<html><head><title>Budget vote</title></head><body>"
            "<div class='sidebar'><p>" + "Archive links and a blogroll. " * 20 + "</p></div>"
            "<article><h1>Budget vote</h1><div class='entry themeform share'>"
            + "".join(f"<p>Item {n}. {para * 2}</p>" for n in range(3))
            + "<div class='share-buttons'><p>Share on Facebook</p></div></div></article>"
            "</body></html>")
    md = render_markdown(analyze_page(html.encode(), "https://town.example/budget-vote").blocks)
    assert all(f"Item {n}. The council met" in md for n in range(3))
    assert "Share on Facebook" not in md


@pytest.mark.parametrize("ident,widget", [("article_comments", "comments"),
                                          ("related_posts_box", "post-furniture"),
                                          ("main_sidebar_left", None)])
def test_an_underscored_id_names_its_box_by_any_part(ident, widget):
    # a programmer's name for the box, read as a class is: Disqus' wrapper on a news site,
    # div#article_comments, held the house rules for commenters (kept as the article's end)
    expected = widget or widget_for("div", ident, None)
    assert widget_for("div", None, ident) == expected
    assert widget_for_id(ident, "div") == expected


@pytest.mark.parametrize("tag,ident", [("div", "sharing-with-a-single-developer"),
                                       ("section", "comments-and-reviews-policy"),
                                       ("span", "Reader_comments"), ("h2", "Related_articles")])
def test_a_heading_slug_id_names_no_widget(tag, ident):
    # slugifiers join a heading's words with hyphens; MediaWiki's underscored ids sit on the
    # heading itself: either names a section of the text, not furniture
    assert widget_for(tag, None, ident) is None


@pytest.mark.parametrize("token", [
    "comments", "comment-list", "commentlist", "comments-area", "disqus_thread", "respond",
    "discussion", "pb-comment-wrapper", "x_recentcomments", "cookie", "cc-banner",
    "cookies-notice", "cmp-consent-banner", "gdpr", "onetrust-pc-sdk", "cybotcookiebotdialog",
    "didomi-popup", "cmplz-cookiebanner", "sidebar", "side-bar", "widget-area", "secondary",
    "rail", "right-rail", "sidebar-left", "share", "sharing", "social-share", "sharedaddy",
    "facebook-sharebar", "related", "related-posts", "yarpp-related", "breadcrumbs",
    "post-tags", "taglinks", "tag-links", "author-bio", "about-author", "newsletter",
    "newsletter-promo", "subscribe", "post-navigation", "nav-links", "pagination", "pager",
    "entry-utility", "entry-footer", "post-footer", "article-footer", "filters", "facets", "faceted-search", "popup", "pop-up",
    "quiz-popup", "donate", "donation-box", "relatedposts", "modal"])
def test_every_pattern_spells_one_of_the_furniture_words(token):
    # FURNITURE_WORDS is searched before the patterns: a word missing there hides a widget
    assert widget_for("div", token, None) is not None


def test_a_notice_the_reader_closes_is_a_box_over_the_page():
    # Bootstrap's alert-dismissible (NodeBB's guest sign-up appeal), WordPress' is-dismissible
    assert widget_for("div", "alert alert-warning alert-dismissible fade show", None) == "dialog"
    assert widget_for("div", "notice notice-info is-dismissible", None) == "dialog"
    # an alert that stays is the page's (a docs page's warning)
    assert widget_for("div", "alert alert-warning", None) is None


def test_a_dismissible_sign_up_box_after_a_thread_is_not_archived():
    from pipelines.page import analyze_page

    posts = "".join(f'<li itemprop="comment"><p>Reply {n}: the middleware cannot change a context '
                    f'variable the endpoint reads, which is why the docs warn about it.</p></li>'
                    for n in range(6))
    post = analyze_page(f"""<html><body><main itemscope
        itemtype="https://schema.org/DiscussionForumPosting"><h1 itemprop="headline">Middleware
        limits</h1><ul component="topic">{posts}</ul><div class="alert alert-warning
        alert-dismissible fade show" role="alert"><p><strong>Hello! It looks like you're
        interested in this conversation, but you don't have an account yet.</strong></p><p>Getting
        fed up of having to scroll through the same posts each visit? When you register for an
        account, you'll always come back to exactly where you were before.</p></div></main>
        </body></html>""", "https://forum.example/topic/7/middleware-limits")
    text = " ".join(b.text for b in post.blocks)
    assert "Reply 5:" in text and "interested in this conversation" not in text


def test_a_box_a_script_opens_over_the_page_is_a_dialog():
    # Bootstrap's modal (FlaskBB's Markdown cheatsheet and "Are you sure?" prompt on every
    # topic), whatever else its class says; the icon that opens it is no box
    assert widget_for("div", "modal fade", None) == "dialog"
    assert widget_for("div", "modal js-modal country-selector-modal", None) == "dialog"
    assert widget_for("a", "modal-icon", None) is None
