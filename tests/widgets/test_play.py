"""The play page without a browser: set values, click buttons, check the engine state and
what is shown."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import plotly.graph_objects as go
import pytest

from precog.engine import GameState, Phase, legal_actions, to_position
from precog.engine.actions import Choose
from precog.session.lines import move_text
from precog.widgets.choices import CardButton
from precog.widgets.play import PlayApp


class FirstLegalBot:
    """A stand-in seat: always the first legal action (keeps these tests about the widget)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, state: GameState) -> object:
        return legal_actions(state)[0]


def _app(**kw: object) -> PlayApp:
    kw.setdefault("players", 3)
    kw.setdefault("seed", 4)
    return PlayApp(bots={"First": FirstLegalBot}, bot="First", **kw)  # type: ignore[arg-type]


def _cards(app: PlayApp, refused: bool = False) -> list[CardButton]:
    """The clickable card buttons (``refused``: the greyed ones instead)."""
    assert app.choices.picker is not None
    return [w for w in app.choices.picker.children[1].children
            if isinstance(w, CardButton) and bool(w.refused) == refused]


def _choose(app: PlayApp, keep_index: int = 0, give_index: int = 0) -> None:
    _cards(app)[keep_index].click()
    _cards(app)[give_index].click()


def _play_until(app: PlayApp, done: object) -> None:
    for _ in range(400):
        if done(app.game.state):  # type: ignore[operator]
            return
        if app.choices.picker is not None:
            _choose(app)
        else:
            app.choices.buttons[0].click()
    pytest.fail("the game did not reach the wanted point")


def test_keep_offers_exactly_the_legal_keeps_then_give_the_legal_gives() -> None:
    app = _app()
    state = app.game.state
    legal = [a for a in legal_actions(state) if isinstance(a, Choose)]
    assert {c.card_id for c in _cards(app)} == {a.keep for a in legal}
    keep = _cards(app)[0].card_id
    _cards(app)[0].click()
    assert {c.card_id for c in _cards(app)} == {a.give for a in legal if a.keep == keep}
    assert all(c.description.startswith("Give") for c in _cards(app))


def test_a_card_that_may_not_be_given_is_greyed_with_the_rules_reason() -> None:
    """A Give comes from the Decision Zone: a hand card is shown greyed, saying so."""
    app = _app()
    p = app.game.state.players[app.human]
    keep = p.decision_zone[0]
    next(c for c in _cards(app) if c.card_id == keep).click()
    greyed = _cards(app, refused=True)
    assert {c.card_id for c in greyed} == set(p.hand)
    moves = len(app.game.actions)
    for card in greyed:
        assert "Decision Zone" in card.refused
        assert card.refused in app.choices.picker.children[-1].value
        card.click()  # refused: nothing happens
    assert len(app.game.actions) == moves and app.choices.picker.keep == keep


def test_a_click_sent_for_an_older_drawing_of_a_card_is_dropped() -> None:
    """The browser sends a card's click with the drawing it was made for: a click on a card
    since redrawn (another choice) never plays the choice the player has not seen."""
    app = _app()
    card = _cards(app)[0]
    card._clicked({"drawing": card.drawing - 1})
    assert app.choices.picker is not None and app.choices.picker.keep is None
    card._clicked({"drawing": card.drawing})
    assert app.choices.picker.keep == card.card_id


def test_activate_both_unaffordable_is_greyed_with_the_cost_and_the_cabins() -> None:
    from precog.engine import why_illegal
    from precog.engine.actions import Activate

    app = _app(players=2)
    for _ in range(200):
        state = app.game.state
        if (state.to_move == app.human and why_illegal(state, Activate("both")) is not None
                and state.step.value == "activate"):
            break
        if app.choices.picker is not None:
            _choose(app)
        elif app.choices.buttons:
            app.choices.buttons[0].click()
        else:
            pytest.fail("the game ended before an unaffordable activation")
    else:
        pytest.fail("no unaffordable activation in this game")
    both = [b for b in app.choices.refused if b.description.startswith("Activate both")]
    assert len(both) == 1 and both[0].disabled and "Cabin" in both[0].tooltip
    assert both[0].tooltip in app.choices.children[-1].value


def test_a_choice_is_played_and_the_bots_answer_until_your_next_decision() -> None:
    app = _app(seat=1)
    before = len(app.game.actions)
    _cards(app)[0].click()
    give = _cards(app)[0].card_id
    _cards(app)[0].click()
    mine = [a for i, a in enumerate(app.game.actions) if app.game.states[i].to_move == 1]
    assert isinstance(mine[0], Choose) and mine[0].give == give
    assert len(app.game.actions) > before
    assert app.game.state.to_move == 1 or app.game.state.is_over


def test_buttons_outside_the_decision_are_the_legal_actions_in_notation() -> None:
    app = _app(players=2)
    _play_until(app, lambda s: s.phase is Phase.ACTION and s.to_move == app.human)
    shown = [b.tooltip for b in app.choices.buttons]
    assert shown == [str(a) for a in legal_actions(app.game.state)]
    assert "Activate" in app.choices.buttons[0].description


def test_a_stale_click_is_refused_with_a_message_and_changes_nothing() -> None:
    app = _app(players=2)
    keep_card = _cards(app)[0]
    keep_card.click()
    give_card = _cards(app)[0]
    give_card.click()
    state, count = app.game.state, len(app.game.actions)
    give_card.click()  # the same card again, a step later
    assert app.message.kind == "error" and app.message.text.startswith("Your choice:")
    assert app.game.state is state and len(app.game.actions) == count


def test_undo_takes_back_your_choice_and_the_bots_replies_then_redo_replays_them() -> None:
    app = _app(players=3, seat=2)
    start_actions = app.game.actions
    _choose(app)
    after = app.game.state
    app.undo_button.click()
    assert app.game.actions == start_actions
    assert app.game.state.to_move == 2
    app.redo_button.click()
    assert app.game.state == after


def test_undo_with_nothing_of_yours_to_take_back_only_says_so() -> None:
    app = _app(players=3, seat=2)
    count = len(app.game.actions)  # the bots of seats 0 and 1 chose first
    app.undo()
    assert app.message.kind == "info" and len(app.game.actions) == count
    assert app.undo_button.disabled


def test_saved_position_string_loads_back_into_the_same_position() -> None:
    app = _app()
    _choose(app)
    text = to_position(app.game.state)
    app.tabs.selected_index = 1  # the save box is drawn while its tab is open
    assert text in app.save_html.value
    other = _app(seed=9)
    other.load_text.value = text
    other.load_button.click()
    assert other.game.state == app.game.state
    assert other.load_message.kind == "ok"
    app.choices.buttons[0].click()  # the open save box follows the game
    assert to_position(app.game.state) in app.save_html.value


def test_a_loaded_game_s_settings_show_in_the_new_game_bar() -> None:
    # a cooperative, advanced 4-player game loaded into a competitive 3-player page: the bar
    # names the board's game (players, seat, mode, difficulty, setup), not the page's defaults
    source = _app(players=4, seat=1, mode="coop", difficulty="hard", setup="advanced")
    other = _app()
    assert (other.mode_in.value, other.players_in.value) == ("competitive", 3)
    other.load_text.value = to_position(source.game.state)
    other.load_button.click()
    assert other.load_message.kind == "ok"
    assert other.game.state.config.mode == "coop"
    assert (other.players_in.value, other.seat_in.value, other.mode_in.value,
            other.difficulty_in.value, other.setup_in.value) == (4, other.human, "coop",
                                                                 "hard", "advanced")
    assert not other.difficulty_in.disabled


def test_the_cooperative_supplies_switch_shows_in_the_cooperative_mode_and_sets_the_rule() -> None:
    # rule option coop_supplies: on by default, shown only when the mode is cooperative; off,
    # the cooperative River tiles bring nothing (the rulebook's literal reading)
    app = _app(players=2)
    assert app.supplies_in.layout.display == "none" and app.supplies_in.value
    app.mode_in.value = "coop"
    assert app.supplies_in.layout.display == ""
    app.new_button.click()
    supplied = app.game.state
    assert supplied.config.options.coop_supplies
    app.supplies_in.value = False
    app.new_button.click()
    bare = app.game.state
    assert not bare.config.options.coop_supplies and bare.config.seed == supplied.config.seed
    assert all(s.food > b.food and s.humans > b.humans
               for s, b in zip(supplied.players, bare.players, strict=True))
    other = _app(players=2)  # a loaded game's reading shows in the bar
    other.load_text.value = to_position(bare)
    other.load_button.click()
    assert other.load_message.kind == "ok" and other.game.state.config == bare.config
    assert (other.mode_in.value, other.supplies_in.value) == ("coop", False)
    other.mode_in.value = "competitive"  # off in a cooperative game only: hidden, and no rule
    other.new_button.click()
    assert other.supplies_in.layout.display == "none"
    assert other.game.state.config.options.coop_supplies


def test_saved_game_json_loads_with_its_moves_so_undo_still_works() -> None:
    app = _app()
    _choose(app)
    text = json.dumps(app.game.to_json())
    other = _app(seed=9)
    other.upload.value = ({"name": "game.json", "type": "application/json", "size": len(text),
                           "content": memoryview(text.encode()),
                           "last_modified": datetime.now(UTC)},)
    assert [str(a) for a in other.game.actions] == [str(a) for a in app.game.actions]
    other.undo()
    assert other.game.state.round == 1 and other.game.state.to_move == other.human


def test_malformed_paste_names_the_input_and_keeps_game_and_history() -> None:
    app = _app()
    _choose(app)
    state, actions = app.game.state, app.game.actions
    app.load_text.value = "pg1.not-a-position.00000000"
    app.load_button.click()
    assert app.load_message.kind == "error"
    assert app.load_message.text.startswith("Load (pasted text): position string")
    assert app.game.state is state and app.game.actions == actions
    app.load_text.value = '{"format": "precog-position", "version": 1}'
    app.load_button.click()
    assert "missing field" in app.load_message.text and app.game.state is state


def test_an_impossible_setup_is_refused_and_the_game_goes_on() -> None:
    app = _app(players=3)
    game = app.game
    app.mode_in.value = "team"  # team mode needs 4 players
    app.new_button.click()
    assert app.message.kind == "error" and app.message.text.startswith("New game:")
    assert app.game is game


def test_the_setup_bar_deals_the_rooms_typed_or_at_random_and_names_a_bad_one() -> None:
    app = _app(players=2)
    app.rooms_in.value = "R01 R05, R02 R07"
    app.new_button.click()
    assert [p.rooms for p in app.game.state.players] == [("R01", "R05"), ("R02", "R07")]
    before = app.game.state
    app.rooms_in.value = "R01 R05, R02 R99"
    app.new_button.click()
    assert app.game.state is before  # refused: the game goes on
    assert "R99" in app.message.value
    app.rooms_in.value = ""
    app.new_button.click()
    assert len({r for p in app.game.state.players for r in p.rooms}) == 4


def test_other_seats_secret_choices_stay_secret_in_the_log_until_all_have_chosen() -> None:
    app = _app(players=3, seat=2)
    secret = [move_text(a, "en", app.game.states[i], i) for i, a in enumerate(app.game.actions)]
    assert len(secret) == 2  # seats 0 and 1 chose before you
    assert "secret" in app.game_log.value
    assert not any(text in app.game_log.value for text in secret)
    _choose(app)
    assert all(text in app.game_log.value for text in secret)


def test_the_end_shows_the_result_the_tie_break_rule_and_resource_plots() -> None:
    app = _app(players=2)
    _play_until(app, lambda s: s.is_over)
    outcome = app.game.state.outcome
    head, fig = app.result.children
    assert outcome.reason in head.value and "How the winner is decided" in head.value
    assert isinstance(fig, go.FigureWidget)
    assert len(fig.data) == 6 * 2  # six resources, one line per seat
    assert app.choices.children == ()


def test_hint_ranks_your_choices_beside_the_board_from_your_view() -> None:
    app = _app(players=2, seat=1, background=False)
    app.hint_button.click()
    answer = app.hint_panel.answer
    legal = {(a.keep, a.give) for a in legal_actions(app.game.state) if isinstance(a, Choose)}
    assert answer is not None and answer.final and 1 <= len(answer.rows) <= 3
    assert {(r.keep, r.give) for r in answer.rows} <= legal
    assert all(r.reasons for r in answer.rows)
    assert app.hint_panel in app.table.children  # beside the board, not in a tab
    assert "?view=pv1." in app.hint_panel.link and "position=" not in app.hint_panel.link


def test_the_hint_shows_the_values_of_the_explorers_own_analysis() -> None:
    """The refined hint is the explorer's opening analysis of the same view: same values."""
    from precog.engine.view import from_view_position
    from precog.session.explore import query_view
    from precog.widgets.explorer import Explorer

    app = _app(players=3, seat=0, background=False)
    app.hint()
    answer = app.hint_panel.answer
    view = query_view(app.hint_panel.link.split("?", 1)[1])
    explorer = Explorer(state=from_view_position(view).world(), seat=0, background=False,
                        lang="en")
    top = {r.action: r.value for r in explorer.ranking.rows}
    assert answer is not None
    for r in answer.rows:
        assert r.value == pytest.approx(top[f"keep {r.keep} give {r.give}"])


@pytest.mark.parametrize("phase", [Phase.ACTION, Phase.MAINTENANCE])
def test_the_hint_at_a_decision_after_keep_give_ranks_every_legal_option_best_first(
        phase: Phase) -> None:
    from precog.session.step_hint import REFINE

    app = _app(players=2, background=False)
    _play_until(app, lambda s: s.phase is phase and s.to_move == app.human
                and len(legal_actions(s)) > 1)
    state = app.game.state
    assert not app.hint_button.disabled
    app.hint_button.click()
    answer = app.hint_panel.answer
    assert answer is not None and answer.final and answer.step == state.step.value
    assert sorted(r.action for r in answer.rows) == sorted(str(a) for a in legal_actions(state))
    assert answer.rows[0].loss == 0.0
    assert [r.loss for r in answer.rows] == sorted(r.loss for r in answer.rows)
    samples = REFINE["worlds"] * REFINE["repeats"]
    assert answer.samples == samples and all(r.samples == samples for r in answer.rows)
    assert all(r.ci95 is not None and r.ci95 >= 0 for r in answer.rows)
    body = app.hint_panel.body.value
    assert f'data-step="{state.step.value}"' in body and "pc-hint-open" not in body
    assert body.count('class="pc-hint-row"') == len(answer.rows)


def test_no_hint_in_the_advanced_setup_and_the_reason_is_said() -> None:
    app = _app(players=3, setup="advanced")
    assert app.game.state.phase is Phase.SETUP_ROOMS
    assert app.hint_button.disabled and "pc-hint-why" in app.hint_panel.body.value
    app.hint()
    assert app.message.kind == "info" and app.hint_panel.answer is None


def test_a_move_redraws_only_the_board_parts_it_changed() -> None:
    app = _app(players=3)
    sent: list[str] = []
    app.board.river.observe(lambda c: sent.append("river"), names="value")
    app.board.boats.children[0].observe(lambda c: sent.append("your boat"), names="value")
    _choose(app)  # a Keep/Give flips no River tile, and your Decision Zone changes
    assert "river" not in sent and "your boat" in sent
    assert "<style>" not in app.board.boats.children[0].value  # the page's own stylesheet


def test_the_choices_are_redrawn_in_place_not_made_anew_at_every_move() -> None:
    app = _app(players=2)
    made = set()
    for _ in range(12):
        if app.choices.picker is not None:
            made |= {id(w) for w in app.choices.picker.row.children}
            _choose(app)
        else:
            made |= {id(b) for b in app.choices.buttons + app.choices.refused}
            app.choices.buttons[0].click()
    # two sets of each (used in turn): a handful of widgets, not a dozen moves' worth
    assert len(made) <= 2 * (8 + 4)


def test_the_game_log_says_each_move_with_the_cards_names_not_their_ids() -> None:
    from precog.session.names import component_name

    app = _app(players=2)
    keep = _cards(app)[0].card_id
    _choose(app)
    log = app.game_log.value
    assert component_name(app.game.states[0].card(keep).name, "en") in log
    assert f"keep {keep}" not in log  # the notation, "keep D05 give T08", is not shown


def test_the_action_buttons_name_each_card_with_its_mark_as_every_page_does() -> None:
    from precog.session.card_names import card_name

    app = _app(players=3)
    _play_until(app, lambda s: s.phase is Phase.ACTION and s.to_move == app.human
                and s.step.value == "activate")
    state = app.game.state
    zone = state.players[app.human].action_zone
    said = [b.description for b in app.choices.buttons]
    for card_id in zone:
        named = card_name(card_id, state.components, "en", quoted=True)
        assert "·" + card_id in named  # the reference set's decks share every name
        assert any(named in text for text in said)


def test_the_action_phase_hint_marks_each_ranked_option_on_its_button_and_a_move_clears_it(
        ) -> None:
    import random

    from precog.engine import Phase, apply, legal_actions, to_position
    from precog.engine.playout import random_playout

    state = random_playout(random.Random(3), stop_round=3, players=3, seed=3, mode="coop").final
    while not (state.phase is Phase.ACTION and state.to_move == 0
               and len(legal_actions(state)) > 1):
        state = apply(state, legal_actions(state)[0])
    app = PlayApp(players=3, mode="coop", background=False)
    app.load_text.value = to_position(state)
    app.load_text_value()
    app.hint()
    answer = app.hint_panel.answer
    assert answer is not None and answer.step != "choose"
    ranks = {b.action: [c for c in b._dom_classes if c.startswith("pc-hint-rank-")]
             for b in app.choices.buttons}
    assert ranks == {r.action: [f"pc-hint-rank-{i}"] for i, r in enumerate(answer.rows, 1)}
    assert [b.icon for b in app.choices.buttons if b.action == answer.rows[0].action] == ["star"]
    app.human_plays(legal_actions(app.game.state)[0])
    assert not any("pc-hint-marked" in b._dom_classes for b in app.choices.buttons)
