"""Rulebook: End of the Game; Different Game Modes (the competitive mode, the team mode)."""

from __future__ import annotations

from precog.engine import GameState, Phase, Step, legal_actions
from precog.engine.scoring import TEAMS, OutcomeCode
from tests.engine.positions import RIVER, play, position, seat


def end(boats: list[dict[str, object]], mode: str = "competitive") -> GameState:
    """The last seat loses no Human in round 12: the last Island feeds, the game ends."""
    n = len(boats)
    state = position(players=n, mode=mode, round=12, phase=Phase.MAINTENANCE, step=Step.LOSE,
                 to_move=n - 1, river=RIVER, seats=boats)
    return play(state, "lose 0H 0C")


def fed(healthy: int, contaminated: int = 0) -> dict[str, object]:
    """A Boat with just enough Food for its Healthy Humans and no Doctor to heal anyone."""
    return seat(healthy=healthy, contaminated=contaminated, food=healthy, doctors=0)


def test_the_game_ends_after_the_feeding_of_round_12() -> None:
    state = end([seat(healthy=5, food=3, doctors=0), fed(2)])
    assert state.is_over and (state.round, state.phase, state.to_move) == (12, Phase.OVER, -1)
    assert legal_actions(state) == []
    assert state.players[0].healthy == 3  # fed before counting: 2 unfed Humans were lost
    assert state.outcome is not None and state.outcome.scores == (3, 2)


def test_the_game_goes_on_after_the_feeding_of_round_8() -> None:
    state = position(players=2, round=8, phase=Phase.MAINTENANCE, step=Step.LOSE, to_move=1,
                     river=RIVER)
    state = play(state, "lose 0H 0C")
    assert (state.round, state.phase) == (9, Phase.DECISION)


def test_most_healthy_humans_wins() -> None:
    state = end([fed(5), fed(4, contaminated=9), fed(3)])
    assert state.outcome is not None
    assert (state.outcome.winners, state.outcome.scores) == ((0,), (5, 4, 3))
    assert state.outcome.code == OutcomeCode.MOST_HEALTHY
    assert dict(state.outcome.values) == {"seat": 0, "best": 5}


def test_a_tie_on_healthy_humans_is_broken_by_all_humans() -> None:
    state = end([fed(4, contaminated=1), fed(4, contaminated=3), fed(2, contaminated=9)])
    assert state.outcome is not None
    assert state.outcome.winners == (1,)  # 4 + 3 beats 4 + 1; seat 2's 11 Humans do not count
    assert state.outcome.code == OutcomeCode.TIE_WON_ON_HUMANS
    assert dict(state.outcome.values)["winner"] == 1 and dict(state.outcome.values)["top"] == 7


def test_still_tied_players_share_the_win() -> None:
    state = end([fed(4, contaminated=2), fed(4, contaminated=2), fed(1)])
    assert state.outcome is not None and state.outcome.winners == (0, 1)
    assert "shared win" in state.outcome.reason


def test_team_mode_teams_are_seats_0_and_1_against_2_and_3() -> None:
    assert TEAMS == ((0, 1), (2, 3))
    state = position(players=4, mode="team")
    # neighbours are teammates: seat 0 gives to its teammate, seat 1 to an opponent
    assert state.left(0) == 1 and state.left(1) == 2


def test_team_score_is_the_sum_of_healthy_humans() -> None:
    state = end([fed(5), fed(1), fed(3), fed(2, contaminated=9)], mode="team")
    assert state.outcome is not None
    assert state.outcome.winners == (0, 1)
    assert state.outcome.scores == (5 + 1, 5 + 1, 3 + 2, 3 + 2)


def test_a_team_tie_is_broken_by_contaminated_humans() -> None:
    state = end([fed(3, 1), fed(3, 1), fed(4, 0), fed(2, 1)], mode="team")
    assert state.outcome is not None
    assert state.outcome.winners == (0, 1)  # 6 Healthy each; 2 Contaminated against 1
    assert "wins on Contaminated Humans (2 to 1)" in state.outcome.reason


def test_a_full_team_tie_is_a_shared_win() -> None:
    state = end([fed(3, 1), fed(3, 1), fed(4, 2), fed(2, 0)], mode="team")
    assert state.outcome is not None and state.outcome.winners == (0, 1, 2, 3)
