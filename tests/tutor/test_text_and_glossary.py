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


def test_russian_plurals_take_one_few_or_many_by_the_number() -> None:
    spec = "{n} {n:pl:батарея|батареи|батарей}"
    assert [fill(spec, {"n": n}) for n in (1, 2, 4, 5, 11, 12, 21, 22, 25, 111)] == [
        "1 батарея", "2 батареи", "4 батареи", "5 батарей", "11 батарей", "12 батарей",
        "21 батарея", "22 батареи", "25 батарей", "111 батарей"]


def test_a_russian_term_gets_its_tooltip_in_any_case_form_and_only_once() -> None:
    g = glossary("ru")
    html = g.wrap("<p>Угрозу снижают защитники; угроза растёт, шкала угрозы тоже.</p>")
    assert html.count('data-term="bane"') == 1 and '>Угрозу</abbr>' in html
    assert 'data-term="protector"' in html
    assert 'data-term="bane"' not in g.wrap("<p>Ураган и угорь.</p>")


def test_the_russian_lookup_finds_terms_by_any_case_form_and_lesson_steps() -> None:
    hits = lookup("защитника", "ru")
    assert hits[0].term is not None and hits[0].term.id == "protector"
    assert lookup("кормление", "ru")[0].term.id == "island"  # type: ignore[union-attr]
    assert any(h.term is None and h.step >= 0 for h in lookup("защитник", "ru", limit=20))
    assert lookup("дирижабль", "ru") == []


def test_every_glossary_term_of_english_exists_in_russian_and_teaches_in_the_same_lesson() -> None:
    en, ru = glossary("en"), glossary("ru")
    assert [(t.id, t.lesson) for t in en.terms] == [(t.id, t.lesson) for t in ru.terms]
    assert all(t.text and "{" not in t.text for t in ru.terms)


def test_a_russian_spelling_without_a_star_must_match_the_whole_word() -> None:
    g = glossary("ru")
    assert "<abbr" not in g.wrap("<p>Раунд пропускают целиком.</p>")  # not "цели"
    assert 'data-term="objective"' in g.wrap("<p>Все цели выполнены.</p>")
    assert g.find("угрозу") is g.entry("bane") and g.find("целиком") is None


def test_a_short_query_matches_whole_words_or_word_starts_not_inside_words() -> None:
    # "tie" is inside "difficulties", the explanation of Hard: no reason to show Hard
    assert all(h.term is None or h.term.id != "hard" for h in lookup("tie"))
    assert lookup("prot")[0].term.id == "protector"  # type: ignore[union-attr]


def test_the_preview_of_activating_both_cards_at_cost_0_does_not_say_one_card_is_free() -> None:
    import random

    from precog.engine import apply, legal_actions, new_game
    from precog.engine.action_phase import activation_cost
    from precog.engine.actions import Activate
    from precog.tutor.data import ui_texts
    from precog.tutor.preview import preview

    rng = random.Random(3)
    free_both = []
    for seed in range(60):
        if free_both:
            break
        state = new_game(players=3, seed=seed)
        while not state.is_over and not free_both:
            options = legal_actions(state)
            if Activate("both") in options and activation_cost(state, state.to_move) == 0:
                free_both.append(state)
            state = apply(state, rng.choice(options))
    state = free_both[0]
    for lang in ("en", "ru"):
        texts = ui_texts(lang)
        both = preview(state, state.to_move, Activate("both"), texts)
        assert both[0] == texts.say("preview", "free_both")
        one = preview(state, state.to_move, Activate("G"), texts)
        assert one[0] == texts.say("preview", "free")
