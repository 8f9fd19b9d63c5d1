import lxml.etree as etree

from pipelines.blocks import build_blocks
from pipelines.htmlparse import parse_html
from pipelines.blocks.shadow_dom import flatten_shadow_roots

URL = "https://example.org/"

CARD = ('<my-card><template shadowrootmode="open"><div class="card">'
        '<h2><slot name="title">Untitled card</slot></h2>'
        '<slot>No description</slot>'
        '<footer><slot name="foot">Default footer</slot></footer></div></template>'
        '<span slot="title">Real title</span> loose words <p>Body paragraph</p>'
        '<b slot="nowhere">never shown</b></my-card>')


def flat(body):
    root = parse_html(f"<html><body>{body}</body></html>")
    flatten_shadow_roots(root)
    return etree.tostring(root.find("body"), encoding=str)


def test_slots_by_name_then_first_unnamed_and_fallback_only_when_empty():
    out = flat(CARD)
    assert "Untitled card" not in out and "No description" not in out
    assert "<h2><span slot=\"title\">Real title</span></h2>" in out
    assert "loose words <p>Body paragraph</p>" in out
    assert "Default footer" in out                  # nothing assigned: fallback shows
    assert "never shown" not in out                 # no slot of that name: not rendered
    assert "template" not in out


def test_slotted_title_becomes_heading_block():
    bs = build_blocks(f"<html><body>{CARD}</body></html>", URL)
    assert [(b.kind, b.text) for b in bs] == [
        ("heading", "Real title"), ("paragraph", "loose words"), ("paragraph", "Body paragraph"),
        ("paragraph", "Default footer")]


def test_only_first_unnamed_slot_receives_and_later_ones_show_fallback():
    out = flat('<x-a><template shadowrootmode="open"><slot>fb1</slot><i><slot>fb2</slot></i>'
               '</template><p>light</p></x-a>')
    assert out == "<body><x-a><p>light</p><i>fb2</i></x-a></body>"


def test_nested_components_composed_inside_out_with_forwarded_slot():
    out = flat('<outer-x><template shadowrootmode="open"><inner-y><slot name="a">outer fb</slot>'
               '<template shadowrootmode="open"><em><slot>inner fb</slot></em></template></inner-y>'
               '</template><i slot="a">forwarded</i></outer-x>')
    assert out == '<body><outer-x><inner-y><em><i slot="a">forwarded</i></em></inner-y></outer-x></body>'


def test_host_without_slots_drops_light_dom_and_plain_templates_untouched():
    out = flat('<relative-time datetime="2024"><template shadowrootmode="open">3 days ago</template>'
               'Jan 1, 2024</relative-time><template><p>inert</p></template>')
    assert "<relative-time datetime=\"2024\">3 days ago</relative-time>" in out
    assert "Jan 1" not in out and "<template><p>inert</p></template>" in out
    bs = build_blocks('<html><body><p>Updated <relative-time><template shadowrootmode="open">'
                      '3 days ago</template>Jan 1</relative-time></p></body></html>', URL)
    assert [b.text for b in bs] == ["Updated 3 days ago"]


def test_no_templates_is_a_no_op():
    root = parse_html("<html><body><p>x</p></body></html>")
    assert flatten_shadow_roots(root) == 0
