"""A user's own evaluation fit: a file ``scripts/fit_evaluation.py --box B --out F`` wrote.

The one value's leaf model (:mod:`precog.analysis.fitted.value`) ships fitted on the reference set.
On your own box you may refit it (the command
:data:`precog.analysis.fitted.provenance.REFIT_COMMAND`) and load the result here: :func:`load_fit`
reads it (a regular TOML file of at most
:data:`MAX_FIT_BYTES`, every number checked; never anything but TOML), :func:`apply_fit` checks
that it was made on the box in play and puts it in use for that box only. A bad file is a
:class:`~precog.engine.errors.DataError` naming the file and the field.
"""

from __future__ import annotations

import math
import os
import tomllib
from typing import Any

from precog.analysis.basics.errors import AnalysisCode
from precog.analysis.fitted.value import MODES, Fit, feature_names, use_fit
from precog.engine import Components
from precog.engine.errors import DataError
from precog.engine.files import clip_path, read_regular_file
from precog.engine.problems import ErrorCode, Problem

__all__ = ["MAX_FIT_BYTES", "apply_fit", "fit_from_text", "load_fit"]

MAX_FIT_BYTES = 64 * 1024  # a fit file is about 3 KB
_LARGEST = 1e6  # no coefficient or error of a sensible fit comes near it


def load_fit(path: str | os.PathLike[str]) -> Fit:
    """The fit in the file at ``path`` (see the module text)."""
    raw = read_regular_file(path, MAX_FIT_BYTES, DataError)
    return fit_from_text(raw, clip_path(path))


def fit_from_text(raw: str | bytes, label: str = "<fit text>") -> Fit:
    """The fit a fit file's content describes; :class:`DataError` naming ``label`` and the
    field when it is not one."""
    data = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw
    if len(data) > MAX_FIT_BYTES:
        raise DataError(Problem.of(ErrorCode.DATA_AT_FILE, file=label, what=Problem.of(
            ErrorCode.FILE_TOO_BIG, size=len(data), limit=MAX_FIT_BYTES)), input=label)
    try:
        table = tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise DataError(Problem.of(AnalysisCode.FIT_TOML, file=label, detail=str(exc)[:120]),
                        input=label) \
            from None
    info = table.get("fit")
    if not isinstance(info, dict) or not isinstance(info.get("box", info.get("components")),
                                                    str):
        raise DataError(Problem.of(AnalysisCode.FIT_FIELD, file=label, field="fit.box"),
                        input=label)
    modes = table.get("modes")
    if not isinstance(modes, dict):
        raise DataError(Problem.of(AnalysisCode.FIT_FIELD, file=label, field="modes"), input=label)
    coefficients, residual = {}, {}
    for mode in MODES:
        coefficients[mode], residual[mode] = _mode(label, mode, modes.get(mode))
    return Fit(coefficients, residual, {str(k): v for k, v in info.items()})


def _mode(label: str, mode: str, table: object) -> tuple[Any, dict[str, float]]:
    import numpy as np

    where = f"modes.{mode}"
    if not isinstance(table, dict):
        raise DataError(Problem.of(AnalysisCode.FIT_FIELD, file=label, field=where), input=label)
    if tuple(table.get("features", ())) != feature_names(mode):
        raise DataError(Problem.of(AnalysisCode.FIT_FEATURES, file=label, field=f"{where}.features",
                                   expected=list(feature_names(mode))), input=label)
    numbers = table.get("coefficients")
    if not isinstance(numbers, list) or len(numbers) != len(feature_names(mode)) or \
            not all(_finite(x) for x in numbers):
        raise DataError(Problem.of(AnalysisCode.FIT_NUMBERS, file=label,
                                   field=f"{where}.coefficients",
                                   n=len(feature_names(mode))), input=label)
    errors = table.get("residual", {})
    if not isinstance(errors, dict) or len(errors) > 64 or not all(
            _finite(v) and v >= 0 for v in errors.values()):
        raise DataError(Problem.of(AnalysisCode.FIT_RESIDUAL, file=label,
                                   field=f"{where}.residual"),
                        input=label)
    return (np.array(numbers, dtype=float),
            {str(k)[:16]: float(v) for k, v in errors.items()})


def _finite(x: object) -> bool:
    return type(x) in (int,
                       float) and math.isfinite(float(x)) and abs(float(x)) < _LARGEST  # type: ignore[arg-type]


def apply_fit(fit: Fit, comps: Components, label: str = "<fit>") -> Fit:
    """Put ``fit`` in use for the box ``comps`` (the analysis then values its positions with
    it and says so); :class:`DataError` if it was made on another component set."""
    if fit.box != comps.box_id:
        raise DataError(Problem.of(AnalysisCode.FIT_OTHER_BOX, file=label, fit_box=fit.box[:16],
                                   name=fit.info.get("component_set", "?"), box=comps.box_id,
                                   box_name=comps.name), input=label)
    use_fit(fit)
    return fit
