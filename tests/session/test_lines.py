"""The analysis said in words: every edge of the look-ahead tree, every kind of move a plan can
hold, the principal line, the progress stages and the bots' names, in English and Russian."""

from __future__ import annotations

import random
import re
import typing

import pytest

from precog.analysis.basics.edges import (
    EDGE_TYPES,
    Arrives,
    Chosen,
    Draw,
    Edge,
    Plan,
    RiverTile,
    Stage,
    Start,
    line_notation,
)
from precog.analysis.basics.errors import AnalysisCode
from precog.analysis.choices.ranking import rank_options
from precog.analysis.playing.world import AnalysisError
from precog.analysis.search.tree import TreeNode, build_tree, choice_of
from precog.engine import Action, GameState, apply, legal_actions, new_game
from precog.engine.actions import Activate, Choose, PlaceBattery, TakeHumans
from precog.session.card_names import card_name
from precog.session.explore import deal
from precog.session.lines import (
    MOVE_TYPES,
    bot_name,
    edge_names,
    edge_text,
    line_text,
    move_text,
    stage_text,
)
from precog.session.names import component_name, quoted_name
from precog.session.words import words
from precog.widgets.seats import BOT_NAMES
from tests.codes import raises_code

# Ids, slots and machine numbers are data in any language: T16, W1b, I1, G, m2.
LATIN_WORD = re.compile(r"(?<![\w-])[A-Za-z]{2,}(?![\w-])")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def _russian(text: str) -> None:
    assert CYRILLIC.search(text), text
    assert not LATIN_WORD.findall(text), f"English left in {text!r}"


def _moves() -> dict[type, tuple[GameState, Action]]:
    """One real move of every kind, with the position it was legal in (random games)."""
    rng = random.Random(5)
    found: dict[type, tuple[GameState, Action]] = {}
    setups = [{"players": 2, "mode": "coop", "setup": "advanced"}, {"players": 3},
              {"players": 4, "mode": "team", "setup": "advanced"}]
    for i in range(9):
        state = new_game(seed=i, **setups[i % 3])  # type: ignore[arg-type]
        while not state.is_over:
            options = legal_actions(state)
            for a in options:
                found.setdefault(type(a), (state, a))
            state = apply(state, rng.choice(options))
    return found


EDGES: list[Edge] = [
    Start(3, 1), Chosen(Choose("T16", "T15")), Arrives("D02", 2),
    Plan((Activate("both"), TakeHumans(2), PlaceBattery(1)),
         (("W1b", Plan((TakeHumans(1),))), ("W1d", Plan((PlaceBattery(None),))))),
    Plan(), RiverTile("W2b"), RiverTile("I1"), Draw(("D08", "D10"), ("T01", "T09")),
    Draw((), ("T01", "T09")), Draw(("D08", "D10"), ("T01", "T09"), 2, 3),
]


def test_two_sampled_deals_of_the_same_cards_read_apart() -> None:
    first, second = Draw(("D08",), ("T01", "T09"), 1, 2), Draw(("D08",), ("T01", "T09"), 2, 2)
    for lang in ("en", "ru"):
        a, b = edge_text(first, lang), edge_text(second, lang)
        assert a != b and "2" in b and "{" not in a
    assert edge_text(Draw(("D08",), ("T01", "T09"))).lower() in edge_text(first).lower()


def test_a_tree_row_says_the_next_cards_in_few_words_with_the_deal_first() -> None:
    from precog.session.lines import component_label, edge_row_text

    state = new_game(players=3, seed=1)
    deal = Draw(("D08", "D09"), ("T01", "T09"), 2, 3)
    for lang in ("en", "ru"):
        row, full = edge_row_text(deal, lang, state, 0), edge_text(deal, lang, state, 0)
        assert len(row) < len(full) and "{" not in row
        assert "2" in row[:len(row) // 3]  # the deal's number leads: a cut row keeps it
        names = [component_label(c, state.components, lang) for c in ("D08", "D09", "T01", "T09")]
        assert all(name in row for name in names), (row, names)
    assert edge_row_text(EDGES[0]) == edge_text(EDGES[0])  # other edges as they are


def test_every_kind_of_move_has_words() -> None:
    assert set(MOVE_TYPES) == set(typing.get_args(Action))


def test_every_kind_of_edge_is_tested_here() -> None:
    assert {type(e) for e in EDGES} == set(EDGE_TYPES)


def test_every_move_a_plan_can_hold_is_said_in_english_and_russian() -> None:
    moves = _moves()
    assert set(moves) == set(MOVE_TYPES)
    for state, action in moves.values():
        english, russian = move_text(action), move_text(action, "ru", state, state.to_move)
        assert english and "{" not in english and "{" not in russian
        assert english != russian
        _russian(russian)


@pytest.mark.parametrize("edge", EDGES, ids=lambda e: type(e).__name__)
def test_every_edge_of_the_tree_is_a_label_in_english_and_russian(edge: Edge) -> None:
    english, russian = edge_text(edge), edge_text(edge, "ru")
    assert english and "{" not in english
    _russian(russian)
    for card in re.findall(r"\b[A-Z]\d\d\b|\bW\d[a-z]\b|\bI\d\b", str(edge)):  # ids kept
        assert card in english and card in russian


def test_a_plan_names_the_room_and_effect_of_a_battery_when_the_position_is_known() -> None:
    state = new_game(players=3, seed=2)
    room = state.components.room_by_id[state.players[0].rooms[0]]
    effect = room.face(state.config.advanced)[1].effect
    assert move_text(PlaceBattery(1), "en", state, 0) == (
        f"Battery on m2 ({room.name}: {words('en').gains(effect)})")
    assert move_text(PlaceBattery(1)) == "Battery on m2"


def test_a_principal_line_with_every_kind_of_step_reads_in_both_languages() -> None:
    line = tuple(e for e in EDGES if not isinstance(e, Start))
    english = line_text(line)
    assert english.startswith("Then keep T16, give T15. Seat 2 gives you D02. ")
    assert "The River reaches I1." in english
    assert ("You activate both, take 2 Humans, Battery on m2, [if the River brings W1b: take 1 "
            "Human; if the River brings W1d: no Battery]") in english
    assert edge_text(EDGES[3]).endswith(
        "[if the River brings W1b: take 1 Human; if the River brings W1d: no Battery]")
    _russian(line_text(line, "ru"))


def test_with_a_position_the_line_names_cards_tiles_and_seats_in_sentences() -> None:
    state = deal(3, 1, players=3)
    comps = state.components
    card = comps.cards[state.players[0].hand[0]]
    tile = comps.river_by_id[next(t for t in state.river if t in comps.river_by_id)]
    island = comps.islands[0]
    line = (Chosen(Choose(card.id, card.id)), Arrives(card.id, 2), RiverTile(tile.id),
            RiverTile(island.id), Draw((card.id,), (card.id,)))
    for lang in ("en", "ru"):
        text = line_text(line, lang, state, 0)
        # the card's id only as the mark that tells it from its namesakes of other decks
        assert card.id not in text.replace(f"·{card.id}", "")
        assert tile.id not in text and island.id not in text
        assert card_name(card.id, comps, lang, quoted=True) in text  # «name» ·id in Russian
        assert component_name(tile.name, lang) in text
        assert component_name(island.name, lang) in text
    english = line_text(line, "en", state, 0)
    assert f"give {card.name} ·{card.id} to Seat 1." in english  # Seat 0's left neighbour
    assert f"Seat 2 gives you {card.name} ·{card.id}." in english
    assert f"Seat 1 passes you {card.name} ·{card.id}." in english
    _russian(line_text(line, "ru", state, 0))


def test_the_notation_of_the_line_is_what_precog_analyse_printed_before() -> None:
    line = (Arrives("D02", 2), Plan((Activate("G"), PlaceBattery(1))), RiverTile("W1b"),
            Draw(("D08",), ("T01", "T09")), Chosen(Choose("D08", "T01")))
    assert line_notation(line) == ("D02 arrives; activate G, battery m2; River W1b; "
                                   "you draw D08; left neighbour passes T01 T09; "
                                   "then keep D08 give T01")


@pytest.mark.parametrize("stage", [
    Stage("first", (("round", 3), ("choice", Choose("T16", "T15")))),
    Stage("deepen", (("round", 4), ("choice", Choose("T16", "T15")), ("card", "D02"))),
    Stage("rollouts", (("done", 64), ("total", 256)))], ids=lambda s: s.code)
def test_every_progress_stage_is_said_in_both_languages(stage: Stage) -> None:
    assert stage_text(stage) != str(stage) or stage.code == "rollouts"
    assert "{" not in stage_text(stage)
    _russian(stage_text(stage, "ru"))


def test_the_bots_have_russian_names() -> None:
    for name in BOT_NAMES:
        assert bot_name(name) == name
        _russian(bot_name(name, "ru"))
    assert bot_name("First", "ru") == "First"  # a bot the page was given keeps its name


def test_the_tree_holds_its_edges_as_data_not_sentences() -> None:
    state = deal(3, 1, players=3)
    root = build_tree(state, 0, depth_rounds=1)
    assert isinstance(root.edge, Start) and root.edge.seat == 0
    for opp in root.children:
        assert choice_of(opp) in legal_actions(state)
        assert all(isinstance(c.edge, Arrives) and c.edge.seat == 2 for c in opp.children)
    with raises_code(AnalysisError, AnalysisCode.NOT_A_CHOICE):
        choice_of(TreeNode(id="x", edge=RiverTile("W1a"), kind="leaf"))


def test_a_ranking_row_keeps_its_choice_and_line_and_its_json_keys() -> None:
    ranking = rank_options(deal(3, 1, players=3), 0, depth_rounds=1)
    row = ranking.rows[0]
    assert row.action == str(row.choice) and (row.keep, row.give) == (row.choice.keep,
                                                                      row.choice.give)
    assert row.principal_line == line_notation(row.line)
    assert set(row.to_dict()) == {"keep", "give", "action", "value", "loss", "loss_ci95", "ci95",
                                  "principal_line", "return_chance", "give_value_to_left",
                                  "samples"}
    _russian(line_text(row.line, "ru"))


def test_the_cards_and_tiles_of_an_edge_are_named_in_the_readers_language() -> None:
    state = deal(3, 1, players=3)
    keep, give = state.players[0].hand[0], state.players[0].decision_zone[0]
    tile = state.river[0]
    english = dict(edge_names(Chosen(Choose(keep, give)), state))
    assert english == {keep: f"{state.components.cards[keep].name} ·{keep}",
                       give: f"{state.components.cards[give].name} ·{give}"}
    tiles = {t.id: t.name for t in (*state.components.river, *state.components.islands)}
    [(got_tile, label)] = edge_names(RiverTile(tile), state, "ru")  # name and effect
    assert got_tile == tile and label.startswith(quoted_name(tiles[tile], "ru"))
    assert len(label) > len(quoted_name(tiles[tile], "ru"))  # and its effect
    assert edge_names(Plan(), state) == []


def test_precog_analyse_names_the_cards_and_says_its_table_and_tree_in_russian() -> None:
    from precog.analysis.search.tree import render_tree_text
    from precog.session.reports import ranking_text, tree_text

    ranking = rank_options(deal(3, 1, players=3), 0, depth_rounds=1)
    assert ranking.tree is not None
    tree = tree_text(ranking.tree, "en", 0)
    assert len(tree.splitlines()) == len(render_tree_text(ranking.tree, max_depth=6).splitlines())
    # by name, the id only as the mark that tells a card from its namesakes
    assert all(row.keep not in tree.replace(f"·{row.keep}", "") for row in ranking.rows)
    english = ranking_text(ranking, "en")
    state = ranking.tree.state
    for row in ranking.rows:  # names, not ids (an id only as a name's mark)
        unmarked = english.replace(f"·{row.keep}", "").replace(f"·{row.give}", "")
        assert row.keep not in unmarked and row.give not in unmarked
        assert f"{state.components.cards[row.keep].name} ·{row.keep}" in english
    russian = tree_text(ranking.tree, "ru", 0) + ranking_text(ranking, "ru")
    assert "Оставить" in russian and "отдаёт вам" in russian
    assert not set(LATIN_WORD.findall(russian)) - {"uniform"}  # the model's name is an option


def test_the_principal_line_says_what_activating_both_cards_pays_once_both_are_known() -> None:
    state = deal(3, 1, players=3)
    cards = state.components.cards
    fixed = sorted((c for c in cards.values() if c.cost is not None and c.cost > 0),
                   key=lambda c: c.id)
    kept, arrived = fixed[0], fixed[-1]
    pay = kept.cost + arrived.cost  # two printed Costs: both are paid
    plan = Plan((Activate("both"), TakeHumans(1)))
    line = (Chosen(Choose(kept.id, kept.id)), Arrives(arrived.id, 2), plan)
    english = line_text(line, "en", state, 0)
    assert f"You activate both, paying {pay} Healthy Humans, take 1 Human." in english
    russian = line_text(line, "ru", state, 0)
    assert f"активировать обе, заплатив {pay} здоровых" in russian
    _russian(russian)
    # before the line says which card arrives, the cost is unknown and not guessed
    assert "paying" not in line_text((Chosen(Choose(kept.id, kept.id)), plan), "en", state, 0)
    assert "paying" not in line_text(line)  # no position: no card to price


def test_an_x_cost_beside_another_x_cost_makes_activating_both_free_in_the_line() -> None:
    state = deal(3, 1, players=3)
    xs = sorted((c for c in state.components.cards.values() if c.cost is None),
                key=lambda c: c.id)
    if len(xs) < 2:
        pytest.skip("the reference set has fewer than two X-Cost cards")
    line = (Chosen(Choose(xs[0].id, xs[0].id)), Arrives(xs[1].id, 2),
            Plan((Activate("both"),)))
    assert "You activate both, paying nothing." in line_text(line, "en", state, 0)
    assert "активировать обе бесплатно" in line_text(line, "ru", state, 0)


def test_precog_analyse_says_what_a_cooperative_value_counts_before_its_rows() -> None:
    from precog.engine.playout import random_playout
    from precog.session.reports import ranking_text

    coop = random_playout(random.Random(3), stop_round=3, players=3, seed=3, mode="coop").final
    lines = ranking_text(rank_options(coop, 0, depth_rounds=1), "en").splitlines()
    note = next(i for i, line in enumerate(lines) if "misses an Objective" in line)
    assert note < next(i for i, line in enumerate(lines) if line.strip().startswith("1 "))
    other = random_playout(random.Random(2), stop_round=3, players=3, seed=2).final
    competitive = ranking_text(rank_options(other, 0, depth_rounds=1), "en")
    assert "misses an Objective" not in competitive


# -- sampled futures are possibilities, each with its chance -------------------------------

SAMPLED_LINE = (Arrives("D02", 2, chance=0.731), Plan((Activate("G"),)),
                RiverTile("W1b", chance=1 / 3), Draw(("D08", "D04"), ("T01", "T09"), chance=0.5),
                Chosen(Choose("D08", "T01")))


def test_every_sampled_edge_of_a_principal_line_carries_its_nodes_chance() -> None:
    """The card that arrives, the River tile and the next cards are chance's: each edge of the
    line carries the probability of its node in the tree (the opponent model's, 1 in k for a
    River tile, the share of sampled worlds for the next cards)."""
    from precog.analysis.choices.ranking import describe_line
    from precog.analysis.search.tree import principal_line

    state = deal(3, 1, players=3)
    ranking = rank_options(state, 0, depth_rounds=2, seed=0)
    assert ranking.tree is not None
    kinds = set()
    for opp in ranking.tree.children:
        line = describe_line(opp)
        nodes = [n for n in principal_line(opp) if isinstance(n.edge, (Arrives, Plan, RiverTile,
                                                                        Draw, Chosen))]
        assert len(nodes) == len(line)
        for node, edge in zip(nodes, line, strict=True):
            if isinstance(edge, (Arrives, RiverTile, Draw)):
                kinds.add(type(edge))
                assert edge.chance == pytest.approx(node.probability, abs=1e-6)
                assert 0 < edge.chance <= 1
            else:
                assert not hasattr(edge, "chance")
    assert kinds == {Arrives, RiverTile, Draw}
    row = ranking.rows[0]
    assert row.line == describe_line(next(c for c in ranking.tree.children
                                          if choice_of(c) == row.choice))


def test_a_chance_is_one_in_k_for_a_few_equal_outcomes_else_a_percentage() -> None:
    from precog.session.lines import chance_text

    say = words("en").say
    assert chance_text(1 / 3) == say("line.chance_in", part=1, whole=3)
    assert chance_text(2 / 4) == say("line.chance_in", part=1, whole=2)
    assert chance_text(3 / 12) == say("line.chance_in", part=1, whole=4)
    assert chance_text(0.731) == say("line.chance_percent", percent=73)
    assert chance_text(0.999) == say("line.chance_percent", percent=99)  # never "100%"


def test_a_line_says_each_sampled_edge_with_the_possibility_words_and_its_chance() -> None:
    """The words used are the possibility keys, never the fact keys, and each sampled edge's
    chance is said (compared as the words' own renderings, not as English sentences)."""
    from precog.session.lines import chance_text, line_text

    say = words("en").say
    text = line_text(SAMPLED_LINE)
    assert say("line.arrives_may", card="D02", seat=2, chance=chance_text(0.731)) in text
    assert say("line.river_if", tile="W1b", chance=chance_text(1 / 3))[1:] in text
    assert chance_text(0.5) in text
    for fact in (say("line.river", tile="W1b"), say("line.arrives_short", card="D02", seat=2)):
        assert f"{fact[:1].upper()}{fact[1:]}." not in text  # never said as a sentence
    certain = line_text((Arrives("D02", 2, chance=1.0), RiverTile("I1", chance=1.0)))
    assert certain == line_text((Arrives("D02", 2), RiverTile("I1")))  # a certainty is a fact


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_sampled_future_reads_as_a_possibility(lang: str) -> None:
    state = deal(3, 1, players=3)
    comps = state.components
    card = comps.cards[state.players[0].hand[0]]
    tile = comps.river_by_id[next(t for t in state.river if t in comps.river_by_id)]
    line = (Arrives(card.id, 2, chance=0.5), Plan((Activate("G"),)),
            RiverTile(tile.id, chance=1 / 3), Draw((card.id, card.id), (card.id, card.id),
                                                   chance=2 / 3), Chosen(Choose(card.id, card.id)))
    text = line_text(line, lang, state, 0)
    name = card_name(card.id, comps, lang, quoted=True)  # «name» ·id in Russian
    if lang == "en":
        assert text.startswith(f"Seat 2 may give you {name} (1 in 2). You would activate G only. "
                               f"If the River brings {component_name(tile.name, 'en')}")
        assert ", a 1 in 3 chance, next round you may draw " in text
        assert f"Seat 1 may pass you {name} and {name} (2 in 3). " in text
        assert text.endswith(f"Then you would keep {name} and give {name} to Seat 1.")
    else:
        _russian(text)
        assert name.startswith("«")
        assert text.startswith(f"Место 2 может отдать вам карту {name} (1 из 2). ")
        assert "(шанс 1 из 3), в следующем раунде вы можете взять карты " in text
        assert f"передать вам карты {name} и {name} (2 из 3). " in text
        assert text.endswith(f"Затем вы оставили бы карту {name} и отдали бы карту {name} "
                             "месту 1.")
