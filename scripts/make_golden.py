"""Write the golden playthrough transcripts under tests/golden/.

Each transcript is one seeded random-legal game: a header (setup and seed), then every action in
notation with the seat that plays it, the text rendering of the position at the start of every
round, and the outcome. tests/engine/test_golden.py regenerates each transcript in memory and
shows the diff with the file, so any change in what the rules do shows up line by line.

After a deliberate rules change, regenerate and review the diff before committing:

    .venv/bin/python scripts/make_golden.py          # rewrite the files
    .venv/bin/python scripts/make_golden.py --check  # only say which files differ

The player picks uniformly with ``random.Random(seed)`` among the legal actions sorted by their
notation, so reordering ``legal_actions`` alone does not change a transcript.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

from precog.commands.tool_parser import ToolParser
from precog.engine import GameState, apply, legal_actions, new_game, render_text

GOLDEN_DIR = Path(__file__).resolve().parents[1] / "tests" / "golden"
SETUPS: dict[str, dict[str, Any]] = {
    "competitive3-standard": {"players": 3, "mode": "competitive", "setup": "standard"},
    "competitive2-advanced": {"players": 2, "mode": "competitive", "setup": "advanced"},
    "team4-advanced": {"players": 4, "mode": "team", "setup": "advanced"},
    "coop3-hard-standard": {"players": 3, "mode": "coop", "setup": "standard",
                            "difficulty": "hard"},
    "coop4-apocalypse-advanced": {"players": 4, "mode": "coop", "setup": "advanced",
                                  "difficulty": "apocalypse"},
}
# Random play loses most cooperative games in season 1: the second cooperative seeds are ones
# where it survives into season 2 (apocalypse) or to the end of the game (hard).
SEEDS = {"competitive3-standard": (1, 2), "competitive2-advanced": (1, 2),
         "team4-advanced": (1, 2), "coop3-hard-standard": (1, 3),
         "coop4-apocalypse-advanced": (1, 3)}
CASES: dict[str, tuple[dict[str, Any], int]] = {
    f"{name}-seed{seed}": (setup, seed) for name, setup in SETUPS.items() for seed in SEEDS[name]}


def transcript(setup: dict[str, Any], seed: int) -> str:
    """The whole transcript of the seeded random-legal game of ``setup``."""
    state = new_game(seed=seed, **setup)
    rng = random.Random(seed)
    lines = _header(setup, seed)
    shown_round = 0
    while not state.is_over:
        if state.round != shown_round:
            shown_round = state.round
            lines += ["", f"== Round {state.round} ==", render_text(state), ""]
        options = sorted(legal_actions(state), key=str)
        action = options[rng.randrange(len(options))]
        lines.append(f"seat {state.to_move}: {action}")
        state = apply(state, action)
    lines += ["", "== Game over ==", render_text(state), "", _outcome(state)]
    return "\n".join(lines) + "\n"


def _header(setup: dict[str, Any], seed: int) -> list[str]:
    args = ", ".join(f"{k}={v!r}" for k, v in setup.items())
    return ["# precog golden transcript (seeded random-legal play, not a strategy)",
            f"# setup: new_game({args}, seed={seed})",
            f"# player: random.Random({seed}) picks among the legal actions sorted by notation",
            "# regenerate: python scripts/make_golden.py (then review the diff)"]


def _outcome(state: GameState) -> str:
    assert state.outcome is not None
    winners = ", ".join(str(s) for s in state.outcome.winners) or "none"
    scores = " ".join(str(s) for s in state.outcome.scores)
    return (f"Outcome after round {state.round}: winners (seats) {winners}; scores {scores}; "
            f"{state.outcome.reason}")


def main(argv: list[str] | None = None) -> int:
    parser = ToolParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if a file is missing or differs")
    args = parser.parse_args(argv)
    differ = []
    for name, (setup, seed) in CASES.items():
        path = GOLDEN_DIR / f"{name}.txt"
        text = transcript(setup, seed)
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        differ.append(path)
        if not args.check:
            GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    verb = "differ" if args.check else "written"
    print(f"{len(CASES)} transcripts, {len(differ)} {verb}: "
          + (", ".join(p.name for p in differ) or "none"))
    return 1 if args.check and differ else 0


if __name__ == "__main__":
    sys.exit(main())
