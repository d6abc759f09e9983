"""Lesson text markup, the glossary tooltips and the rules lookup."""

from __future__ import annotations

from precog.tutor.glossary import glossary, lookup
from precog.tutor.text import fill, inline_html, to_html


def test_lists_join_with_the_languages_and_word_and_plurals_follow_the_number() -> None:
    assert fill("{R:list}", {"R": (4, 8, 12)}) == "4, 8 and 12"
    assert fill("{R:list}", {"R": (4, 8)}, and_word="et") == "4 et 8"
    assert fill("{n} {n:pl:Human|Humans}", {"n": 1}) == "1 Human"
    assert fill("{n} {n:pl:Human|Humans}", {"n": 0}) == "0 Humans"
    assert fill("{{literal}} {C[3]}", {"C": {3: 45}}) == "{literal} 45"


def test_lesson_markup_escapes_html_and_keeps_bold_italic_and_lists() -> None:
    html = to_html("A <script> & **bold** *it*\n\n- one\n- two")
    assert "<script>" not in html and "&lt;script&gt; &amp;" in html
    assert "<b>bold</b>" in html and "<i>it</i>" in html
    assert html.endswith("<ul><li>one</li><li>two</li></ul>")
    assert inline_html("a  **b**\n c") == "a <b>b</b> c"


def test_a_term_gets_one_tooltip_and_never_inside_a_tag_or_another_tooltip() -> None:
    g = glossary()
    html = g.wrap('<p title="Bane here">Bane, Bane and the Bane gauge</p>')
    assert html.count('data-term="bane"') == 1
    assert 'title="Bane here"' in html
    again = g.wrap(html)
    assert again.count("<abbr") == 1


def test_the_longest_spelling_wins_so_x_costs_are_one_term() -> None:
    html = glossary().wrap("<p>An X Cost copies.</p>")
    assert '>X Cost</abbr>' in html


def test_the_lookup_puts_the_exact_term_first_then_lesson_steps() -> None:
    hits = lookup("Protector")
    assert hits[0].term is not None and hits[0].term.id == "protector"
    assert hits[0].lesson == "lesson05"
    assert any(h.term is None and h.step >= 0 for h in lookup("Protector", limit=20))


def test_the_lookup_of_nothing_finds_nothing() -> None:
    assert lookup("   ") == []
    assert lookup("zeppelin") == []
