"""Control labels and per-post metadata inside the content are dropped, prose that mentions
them is kept."""
from pipelines.blocks import Block
from pipelines.content.content_controls import control_rule
from pipelines.page import analyze_page


def blk(text, kind="paragraph"):
    return Block(text=text, rich_text=text, kind=kind, tag="p", xpath="/html/body/div/p", dom_index=0)


def test_control_labels_match_whole_short_blocks():
    for label in ("Add to Cart", "Share", "Reply", "Click to expand...", "5 min read",
                  "Was this helpful?", "Sort by", "Skip to main content"):
        assert control_rule(blk(label)) == "control-label", label
    # an ad slot's label, as ad networks and news sites print it
    for label in ("ADVERTISING", "Advertisement", "Ad", "Sponsored content",
                  "Story continues below advertisement"):
        assert control_rule(blk(label)) == "control-label", label
    assert control_rule(blk("Advertising revenue fell by a third in the first quarter.")) is None
    # ...and in the page's language, as the law asks it over an ad, with its "hide" button
    for label in ("Anzeige", "- ANZEIGE -", "Werbung:", "Publicité", "Hide Ad"):
        assert control_rule(blk(label)) == "control-label", label
    assert control_rule(blk("Anzeige erstattet")) is None


def test_share_print_and_contents_labels_in_other_languages():
    for label in ("Teilen:", "Drucken", "› Versenden", "E-Mail", "Partager", "Lire la suite",
                  "Compartir", "Condividi", "Inhaltsverzeichnis", "Sommaire", "Weiterlesen"):
        assert control_rule(blk(label)) == "control-label", label
    # a sentence that starts so is prose
    assert control_rule(blk("Teilen Sie den Teig in vier Stücke")) is None
    # prose that mentions a control is not a control
    assert control_rule(blk("Share the dough into four pieces and let them rest")) is None
    assert control_rule(blk("Reply to the seller within two days")) is None


def test_gallery_and_player_controls_inside_an_article_are_labels():
    for label in ("1 of 24", "Photo 3 of 12", "Full Screen", "Skip Ad", "View Photos",
                  "Buy Photo", "Wait 1 second to continue.", "Play video", "Next"):
        assert control_rule(blk(label)) == "control-label", label
    assert control_rule(blk("Play resumed after the rain delay")) is None
    assert control_rule(blk("One of the 24 photographs shows the harbour")) is None


def test_a_pagers_position_is_a_label_and_a_thread_keeps_its_posts_without_it():
    for label in ("Page 1 of 2", "page 12 of 40", "Seite 2 von 5", "Página 1 de 3"):
        assert control_rule(blk(label, "list-item")) == "control-label", label
    assert control_rule(blk("The page 1 of 2 shows the old contract")) is None
    posts = "".join(f'<div class="comment"><a href="/user/{n}/{who}/">{who}</a>'
                    f'<div class="comment__text"><p>{text}</p></div></div>'
                    for n, (who, text) in enumerate((
                        ("maintainer", "Release 1.0 is out, with the session and form fixes "
                                       "everyone asked for over the last two betas."),
                        ("dave", "Upgraded three services this morning without a single "
                                 "change to our middleware, thanks.")), 1))
    html = (f'<html><body><h1>Release 1.0</h1><div class="comments">{posts}</div>'
            '<ul class="paginator"><li class="paginator__pages">Page 1 of 2</li>'
            '<li><a href="?page=2">Next</a></li></ul></body></html>')
    page = analyze_page(html, "https://forum.example/topic/83/release-10/")
    text = " ".join(b.text for b in page.blocks)
    assert "Upgraded three services" in text and "Release 1.0 is out" in text
    assert "Page 1 of 2" not in text


def test_forum_post_metadata():
    for line in ("1,234 posts · Joined 2019", "Posts: 512", "Joined: Mar 2014",
                 "12.3k 4 gold badges 35 silver badges 60 bronze badges",
                 "answered Feb 3, 2021 at 14:02", "edited Mar 12 '19 at 9:15"):
        assert control_rule(blk(line)) == "post-metadata", line
    assert control_rule(blk("I joined the club in 2019 and have posted a lot since")) is None


def test_loading_placeholders_are_no_content():
    # what a script shows until it has fetched a part of the page, left in the HTML
    for line in ("Loading reviews...", "Loading prices for your region…", "Loading paragraph.."):
        assert control_rule(blk(line)) == "loading-placeholder", line
    assert control_rule(blk("Loading…")) == "control-label"      # "loading" alone was one already
    # a heading or a sentence about loading is not one
    assert control_rule(blk("Loading time of your pages", kind="heading")) is None
    assert control_rule(blk("Loading the van took us three hours...")) is None


def test_bare_url_and_kinds():
    assert control_rule(blk("https://cdn.example.com/images/160x160/thumb.jpg")) == "bare-url"
    assert control_rule(blk("Share", kind="code")) is None
    assert control_rule(blk("https://example.com/", kind="heading")) is None


def test_product_page_drops_controls_keeps_description():
    desc = ("This wool blanket is woven in a small mill from undyed fleece and keeps its shape "
            "after many washes, warm in winter and light enough for a summer night. ")
    html = f"""<html><head><title>Wool blanket</title></head><body><main>
      <h1>Wool blanket</h1><p>{desc}</p><p>{desc.replace('wool', 'alpaca')}</p>
      <p>Quantity</p><button>Add to cart</button><p>Write a review</p>
      <div class="thread"><p>{desc}</p><p>1,204 posts · Joined 2017</p><p>Reply</p></div>
    </main></body></html>"""
    got = [b.text for b in analyze_page(html, "https://shop.example/blanket").blocks]
    assert got[0] == "Wool blanket"
    assert any(t.startswith("This wool blanket") for t in got)
    for gone in ("Quantity", "Add to cart", "Write a review", "1,204 posts · Joined 2017", "Reply"):
        assert gone not in got


def test_avatar_initial_and_user_titles():
    assert control_rule(blk("J")) == "avatar-initial"
    assert control_rule(blk("A", kind="heading")) is None      # an A-Z index's letter
    assert control_rule(blk("Senior Member")) == "user-title"
    assert control_rule(blk("Moderator")) == "user-title"
    assert control_rule(blk("The moderator closed the thread after a day")) is None


def test_unrendered_template_slots_are_no_content():
    # a Vue or AngularJS shop page fetched without its script: its slots, not its values
    for slot in ("{{priceAnchor.priceWrapper.info.totalPrice}}", "Original Price: {{price.was}}",
                 "{{ board.errors[3].message }}", "{{ item.qty }} x {{ item.name }}"):
        assert control_rule(blk(slot)) == "template-placeholder", slot
    # a template language's docs mention one in a sentence, or show it as code
    assert control_rule(blk("Write {{ user.name }} where the page should greet its reader")) is None
    code = Block(text="{{ user.name }}", rich_text="`{{ user.name }}`", kind="paragraph", tag="p",
                 xpath="/html/body/div/p", dom_index=0)
    assert control_rule(code) is None


def test_a_heading_that_reads_as_a_control_heads_a_section_when_prose_follows():
    # a style guide's "Quote", an API's "Filter": section titles over their own sentences;
    # a share bar's heading over its buttons, and the page furniture's labels, still go
    sentence = "Use a blockquote to set another author's words apart from your own."
    html = f"""<html><head><title>Shortcodes</title></head><body><main><article>
    <h1>Shortcodes</h1><p>{sentence.replace('blockquote', 'figure')}</p>
    <h2>Quote</h2><p>{sentence}</p><blockquote><p>Simplicity is prerequisite for
    reliability, as a famous computer scientist once wrote in a note.</p></blockquote>
    <h2>Advertisement</h2><p>{sentence.replace('Use', 'Do not use')}</p>
    <h3>Share this:</h3><ul><li><a href="https://x.example/share">Twitter</a></li>
    <li><a href="https://fb.example/share">Facebook</a></li></ul></article></main></body></html>"""
    text = [b.text for b in analyze_page(html, "https://blog.example/posts/shortcodes/").blocks]
    assert "Quote" in text and sentence in text
    assert "Advertisement" not in text and "Share this:" not in text


def test_a_section_heading_over_its_picture_and_prose_stays():
    # a server-setup post's "E-mail" section opens with a diagram, then its sentences
    sentence = "Postfix takes the mail in, and Dovecot hands it to the clients over IMAP."
    html = f"""<html><head><title>New server</title></head><body><main><article>
    <h1>New server</h1><p>{sentence.replace('Postfix', 'Nginx')}</p>
    <h2>E-mail</h2><p><img src="/img/email.png" alt="How the mail flows"></p><p>{sentence}</p>
    </article></main></body></html>"""
    text = [b.text for b in analyze_page(html, "https://blog.example/posts/new-server/").blocks]
    assert "E-mail" in text and sentence in text
