"""The bots' secret Keep/Give choices, worked out while the human is still deciding.

In the Decision phase every seat chooses in secret: a bot that chooses after the human sees
only *that* the human has chosen, never what (its observation, its legal actions and the worlds
it samples are the same whatever the human picked). So its choice can be worked out before the
human clicks, as players at a real table think at the same time, with any legal choice of the
human standing in for the real one. :class:`BotsAhead` does that in the background, through the
project's one :class:`~precog.session.background.Background` (a named daemon thread); the Give
click then only plays the choices already made.

One look ahead runs at a time: a new one (after an undo, a redo or the bots' moves) first asks
the one under way to stop after the bot it is asking and waits for it, since a bot's own random
numbers must not be drawn by two threads at once (the game would no longer follow its seed). A
superseded look ahead never hands its choices over. A bot that fails ahead is not reported
here: its choices are simply not ready, and the table asks it again after the human's move, in
the foreground, where its error reaches the page with its code.

Only :class:`~precog.session.table.BotSeat` players are asked ahead (a stand-in policy is handed
the whole position and could see the human's choice); the others are left to the table.

>>> from precog.analysis.arena.bots import RandomBot
>>> from precog.engine import new_game
>>> from precog.session.table import BotSeat, Human, Table
>>> table = Table(new_game(players=3, seed=5))
>>> table.sit(0, Human()); table.sit(1, BotSeat(RandomBot(1), "Random"))
>>> table.sit(2, BotSeat(RandomBot(2), "Random"))
>>> ahead = BotsAhead(background=False)
>>> ahead.start(table, human=0)
>>> sorted(ahead.take(table.state))
[1, 2]
"""

from __future__ import annotations

from precog.analysis.playing.players import Player, ask
from precog.engine import Action, GameState, Phase, apply, legal_actions
from precog.session.background import Background, Job
from precog.session.table import BotSeat, Table


class BotsAhead:
    """One look ahead at a time, for one position: :meth:`take` hands its choices over."""

    def __init__(self, background: bool = True) -> None:
        self.jobs = Background("precog-bots-ahead", background)
        self._for: GameState | None = None
        self._choices: dict[int, Action] = {}

    @property
    def background(self) -> bool:
        """Whether the look ahead runs on its own thread (False: inline, for scripts and tests)."""
        return self.jobs.background

    def start(self, table: Table, human: int) -> None:
        """Work out the choices of the bots after ``human`` in this Decision (if it is the
        human's Keep/Give choice; otherwise nothing)."""
        self.jobs.cancel()
        self.wait()
        state = table.state
        self._for, self._choices = None, {}
        if state.phase is not Phase.DECISION or state.to_move != human:
            return
        bots: dict[int, Player] = {s: who.player for s in range(human + 1, state.config.players)
                                   if isinstance(who := table.seat(s), BotSeat)}
        if not bots or len(bots) != state.config.players - human - 1:
            return  # none, or a seat after the human is no BotSeat: the table plays them
        self.jobs.start(lambda job: self._work(job, state, human, bots))

    def _work(self, job: Job, state: GameState, human: int, bots: dict[int, Player]) -> None:
        """Ask each bot in turn on a world where the human made any choice; hand the choices
        over unless superseded or asked to stop (an error: none handed over, see the module)."""
        stand_in = legal_actions(state)[0]  # any choice: the bots never see which
        world = apply(state, stand_in)
        choices: dict[int, Action] = {}
        for seat, player in bots.items():
            if job.stopped:
                return
            choices[seat] = ask(player, world, seat)
            world = apply(world, choices[seat])
        if job.current and not job.stopped:
            self._for, self._choices = state, choices

    def wait(self) -> None:
        """Block until the look ahead under way ends."""
        self.jobs.wait()

    def take(self, before: GameState) -> dict[int, Action]:
        """The bots' choices worked out for ``before`` (the position the human chose in),
        waiting for them if need be; empty when they were for another position."""
        self.wait()
        choices = self._choices if self._for is before else {}
        self._for, self._choices = None, {}
        return choices
