"""Which component set an analysis ran on, and which evaluation fit values it.

Every analysis carries this note (``Ranking.meta["components"]``) and every page that analyses
shows it. On the reference set: the set and the shipped fit. On any other set (a box file,
partly or wholly entered): how many faces are unknown and drawn from which prior, and either
that the evaluation's calibration was fitted on the reference set, with the command that
refits it on the box, or that it is the user's own fit made on this box (loaded with
``precog --fit FILE``, the explorer's or Play's box tab), with that fit's held-out error.
"""

from __future__ import annotations

from typing import Any

from precog.analysis.fitted.value import shipped_fit, user_fit
from precog.engine import Components
from precog.engine.data_loading import reference_components
from precog.engine.faces import PRIOR_TEXT

REFIT_COMMAND = ("nice -n 10 .venv/bin/python scripts/fit_evaluation.py --box BOX.toml "
                 "--out my_fit.toml "
                 "--positions 600 --playouts 24 --seed 1")
"""Refits the evaluation on a box (``scripts/fit_evaluation.py``; BOX.toml: your box file)."""


def component_note(comps: Components, mode: str = "competitive") -> dict[str, Any]:
    """What an analysis on ``comps`` (in ``mode``) rests on, as plain data: ``reference``
    True for the reference set; ``fit`` the evaluation fit in use (``own``: the user's)."""
    reference = comps.box_id == reference_components().fingerprint
    note: dict[str, Any] = {"name": comps.name, "box": comps.box_id, "reference": reference,
                            "unknown_faces": len(comps.unknown)}
    if comps.unknown:
        note["prior"] = f"{comps.prior or 'reference'} set: {PRIOR_TEXT}"
    own = user_fit(comps.box_id)
    fit = own or shipped_fit()
    note["fit"] = {"own": own is not None, "date": str(fit.info.get("date", "?")),
                   "positions": int(fit.info.get("positions", 0) or 0),
                   "set": str(fit.info.get("component_set", "?")),
                   "error": round(fit.error(mode, 0, 0), 2),
                   "kept": mode in (fit.info.get("kept") or ())}  # too few positions
    if own is not None:
        note["calibration"] = "fitted on this box (your fit)"
    elif not reference:
        note["calibration"] = "fitted on the reference set"
        note["refit"] = REFIT_COMMAND
    return note
