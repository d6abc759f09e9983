"""Which component set and which evaluation fit an analysis rests on, in the reader's words.

One line per analysis, from :func:`precog.analysis.fitted.provenance.component_note` (the ranking's
``meta["components"]``): the reference set and the shipped fit; or your box, its unknown faces
and either the refit command (the fit was made on the reference set) or your own fit with its
held-out error. The command line says it with ``[cli]`` words, the pages with ``[results]``.
"""

from __future__ import annotations

from typing import Any

from precog.session.words import words

_KEYS = {"cli": ("cli.rank_reference", "cli.rank_box_own", "cli.rank_box"),
         "page": ("results.reference_note", "results.box_note_own", "results.box_note")}


def provenance_text(note: dict[str, Any], lang: str, where: str = "page") -> str:
    """The line saying which set and which fit (empty for an analysis without a note)."""
    if not note:
        return ""
    say = words(lang).say
    reference, own, other = _KEYS[where]
    fit = note.get("fit", {})
    about_fit = {"date": fit.get("date", "?"), "positions": fit.get("positions", 0),
                 "error": "±" + words(lang).number(fit.get("error", 0.0), ".2f")}
    name = repr(note["name"]) if where == "cli" else note["name"]
    if note.get("reference", True):
        return say(reference, **about_fit)
    if fit.get("own"):
        kept = " " + say("results.fit_kept") if fit.get("kept") else ""
        return say(own, name=name, unknown=note["unknown_faces"], **about_fit) + kept
    return say(other, name=name, unknown=note["unknown_faces"], refit=note.get("refit", ""))
