"""Which component set an analysis ran on, and what its numbers rest on.

On the reference set nothing needs saying. On any other set (a box file, partly or wholly
entered) the analysis says so: how many faces are unknown and drawn from which prior, and that
the evaluation's calibration was fitted on the reference set, with the command that refits it
on the box.
"""

from __future__ import annotations

from typing import Any

from precog.engine import Components
from precog.engine.data_loading import reference_components
from precog.engine.faces import PRIOR_TEXT

REFIT_COMMAND = ("nice -n 10 .venv/bin/python scripts/fit_evaluation.py --box BOX.toml "
                 "--out my_fit.toml "
                 "--positions 600 --playouts 24 --seed 1")
"""Refits the evaluation on a box (``scripts/fit_evaluation.py``; BOX.toml: your box file)."""


def component_note(comps: Components) -> dict[str, Any]:
    """What an analysis on ``comps`` rests on, as plain data (``reference`` True: nothing)."""
    reference = comps.box_id == reference_components().fingerprint
    note: dict[str, Any] = {"name": comps.name, "box": comps.box_id, "reference": reference,
                            "unknown_faces": len(comps.unknown)}
    if comps.unknown:
        note["prior"] = f"{comps.prior or 'reference'} set: {PRIOR_TEXT}"
    if not reference:
        note["calibration"] = "fitted on the reference set"
        note["refit"] = REFIT_COMMAND
    return note
