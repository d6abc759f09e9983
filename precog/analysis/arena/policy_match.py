"""One game of a sensible player's weights against the look-ahead bot: the measure the
self-play search and the distillation check their candidates by.

The player sits at one seat (competitive; the line-up turns by one seat a game) or plays one
team (team; the teams swap sides every game), the look-ahead bot at every other seat. Game
``index`` of ``seed`` has the same setup and bot seeds whatever player is tried, so two
players' margins pair game by game.
"""

from __future__ import annotations

from precog.analysis.arena.bots import LookaheadBot, PolicyBot, play_game
from precog.analysis.arena.tournament import game_seed, lineup
from precog.analysis.playing.policy import SensiblePolicy


def margin_against_lookahead(policy: SensiblePolicy, players: int, mode: str, index: int,
                             seed: int) -> tuple[int, float]:
    """Game ``index`` played out: its game seed and the player's Healthy Humans (competitive)
    or team score (team) less the look-ahead bots' mean."""
    base = (["policy", "policy", "lookahead", "lookahead"] if mode == "team"
            else ["policy"] + ["lookahead"] * (players - 1))
    seats = lineup(base, players, index, mode)
    gseed = game_seed(seed, index)
    bots = [PolicyBot(gseed * 8 + s, policy) if bot == "policy" else LookaheadBot(gseed * 8 + s)
            for s, bot in enumerate(seats)]
    final = play_game(bots, seed=gseed, players=players, mode=mode)
    assert final.outcome is not None
    score = final.outcome.scores if mode == "team" else [p.healthy for p in final.players]
    mine = [score[s] for s, bot in enumerate(seats) if bot == "policy"]
    theirs = [score[s] for s, bot in enumerate(seats) if bot != "policy"]
    return gseed, sum(mine) / len(mine) - sum(theirs) / len(theirs)
