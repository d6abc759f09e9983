"""The bots that sit at the table in the play page, from :mod:`precog.analysis.arena.bots`.

A bot sees only what its seat may see: the table asks it through
:func:`precog.analysis.playing.players.ask` (its observation, the legal actions, worlds sampled
from the observation).
"""

from __future__ import annotations

from precog.analysis.arena.bots import Bot
from precog.analysis.arena.bots import make_bot as make_analysis_bot
from precog.analysis.basics.errors import AnalysisCode, AnalysisInputError
from precog.engine.problems import Problem

BOT_NAMES = ("Random", "Greedy", "Lookahead", "Rollout")
DEFAULT_BOT = "Greedy"
BOT_BLURBS = {
    "Random": "plays any legal action",
    "Greedy": "takes the best-looking choice for this round",
    "Lookahead": "looks ahead over the known incoming cards",
    "Rollout": "plays out many games to the end (slowest)",
}


def make_bot(name: str, seed: int) -> Bot:
    """The bot called ``name`` (one of :data:`BOT_NAMES`), seeded."""
    if name not in BOT_NAMES:
        raise AnalysisInputError(Problem.of(AnalysisCode.ONE_OF, name="bot", got=repr(name)[:40],
                                            known=list(BOT_NAMES)), input=name)
    bot: Bot = make_analysis_bot(name.lower(), seed)
    return bot
