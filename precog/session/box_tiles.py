"""A box's River tiles and cooperative Objectives as entered in the box editor: each tile
checked field by field before it joins the draft (an Objective also by the engine's loader),
the season's free slots, the form's text of a tile entered, the progress.

:class:`TileDraft` is the part of :class:`~precog.session.box.BoxDraft` that holds tiles; it
reads and writes the draft's ``data`` (the box file's shape) and says its messages in the
draft's language.
"""

from __future__ import annotations

from typing import Any

from precog.engine import DataError
from precog.engine.box import load_box_text
from precog.engine.components import MITIGATION_RESOURCES
from precog.engine.wording import error_text
from precog.session.box_entries import (
    GAIN_KEYS,
    LOSS_KEYS,
    Checked,
    ObjectiveEntry,
    RiverEntry,
    field_of,
    parse_amounts,
    parse_requirements,
)
from precog.session.box_file import box_toml
from precog.session.words import words

RIVER_SLOTS = {s: tuple(f"W{s}{x}" for x in "abcd") for s in (1, 2, 3)}
OBJECTIVE_SLOTS = {s: tuple(f"O{s}{x}" for x in "abcdefgh") for s in (1, 2, 3)}


class TileDraft:
    """The River tiles and Objectives of a box being entered (``data``: the box file's
    shape; messages in ``lang``)."""

    data: dict[str, Any]
    lang: str

    @property
    def say(self) -> Any:
        return words(self.lang).say

    # ------------------------------------------------------------ River tiles
    def river(self) -> list[dict[str, Any]]:
        return list(self.data.get("river", []))

    def check_river(self, entry: RiverEntry) -> Checked:
        say, out = self.say, Checked()
        s = self._season_and_slot(entry.season, entry.id, RIVER_SLOTS, out)
        if s is None:
            return out
        if not entry.name.strip() or len(entry.name) > 80:
            out.errors["name"] = say("box.bad_name")
        keys = GAIN_KEYS if s == 1 else LOSS_KEYS
        try:
            amounts = parse_amounts(entry.effect, keys, self.lang)
            if not amounts:
                raise ValueError(entry.effect or "—")
        except ValueError as err:
            out.errors["effect"] = say("box.bad_amounts", part=str(err), names=", ".join(keys))
            amounts = {}
        out.table = {"id": entry.id, "season": s, "name": entry.name.strip(),
                     "gains" if s == 1 else "losses": amounts}
        out.known = not out.errors
        return out

    def put_river(self, entry: RiverEntry) -> Checked:
        return self._put_tile("river", entry.id, self.check_river(entry))

    def _season_and_slot(self, season_text: str, tile_id: str, slots: Any,
                         out: Checked) -> int | None:
        """A tile's season (None, with the error under "season", when it is not 1-3); a tile
        id that is not one of the season's slots is named under "slot"."""
        season = season_text.strip()
        if season not in ("1", "2", "3"):
            out.errors["season"] = self.say("box.bad_season")
            return None
        s = int(season)
        if tile_id not in slots[s]:
            out.errors["slot"] = self.say("box.bad_tile", ids=", ".join(slots[s]))
        return s

    def _put_tile(self, key: str, tile_id: str, checked: Checked) -> Checked:
        """Keep a checked tile (replacing one of the same id) when it has no error."""
        if not checked.errors:
            tiles = [t for t in self.data.get(key, []) if t.get("id") != tile_id]
            self.data[key] = sorted([*tiles, checked.table], key=lambda t: str(t["id"]))
        return checked

    def free_slots(self, key: str, season: int) -> list[str]:
        """The season's slots (``key`` "river" or "objective") not entered yet, in order."""
        slots = (RIVER_SLOTS if key == "river" else OBJECTIVE_SLOTS)[season]
        taken = {t.get("id") for t in self.data.get(key, [])}
        return [i for i in slots if i not in taken]

    def tile_table(self, key: str, tile_id: str) -> dict[str, Any] | None:
        return next((t for t in self.data.get(key, []) if t.get("id") == tile_id), None)

    def river_entry(self, tile_id: str, season: str) -> RiverEntry:
        """The form's text for River tile ``tile_id`` (empty when not entered)."""
        t = self.tile_table("river", tile_id) or {}
        amounts = t.get("gains") or t.get("losses") or {}
        return RiverEntry(id=tile_id, season=season, name=str(t.get("name", "")),
                          effect=", ".join(f"{k} {v}" for k, v in amounts.items()))

    def objective_entry(self, tile_id: str, season: str) -> ObjectiveEntry:
        """The form's text for Objective ``tile_id`` (empty when not entered)."""
        t = self.tile_table("objective", tile_id) or {}

        def side(reqs: list[dict[str, Any]]) -> str:
            return ", ".join(f"{r['scope']} {r['amount']} {r['resource']}" for r in reqs)

        return ObjectiveEntry(id=tile_id, season=season, full=side(t.get("full", [])),
                              mitigated=side(t.get("mitigated", [])),
                              cost=", ".join(f"{k} {v}" for k, v in
                                             (t.get("mitigate_cost") or {}).items()))

    def replaces(self, key: str, checked: Checked) -> str:
        """A note for the slot when entering ``checked`` would replace another tile already
        entered there ("" when the slot is free or the entry is that tile as entered)."""
        tile_id = checked.table.get("id", "")
        old = self.tile_table(key, tile_id)
        if old is None or old == checked.table:
            return ""
        return self.say("box.slot_taken", id=tile_id)

    def river_progress(self) -> str:
        return self.say("box.river_progress", n=len(self.river()), total=12)

    # ------------------------------------------------------------ Objectives
    def objectives(self) -> list[dict[str, Any]]:
        return list(self.data.get("objective", []))

    def check_objective(self, entry: ObjectiveEntry) -> Checked:
        """Each field parsed, then the tile checked by the engine's loader (a mitigated side
        easier than the full one, ...), its message under the field it names."""
        say, out = self.say, Checked()
        s = self._season_and_slot(entry.season, entry.id, OBJECTIVE_SLOTS, out)
        if s is None:
            return out
        table: dict[str, Any] = {"id": entry.id, "season": s}
        for side in ("full", "mitigated"):
            try:
                table[side] = parse_requirements(getattr(entry, side), self.lang)
            except ValueError as err:
                out.errors[side] = say("box.bad_requirement", part=str(err))
        try:
            table["mitigate_cost"] = parse_amounts(entry.cost, MITIGATION_RESOURCES, self.lang)
            if not table["mitigate_cost"]:
                raise ValueError(entry.cost or "—")
        except ValueError as err:
            out.errors["cost"] = say("box.bad_amounts", part=str(err),
                                     names=", ".join(MITIGATION_RESOURCES))
        out.table = table
        if not out.errors:
            trial = dict(self.data)
            trial["objective"] = [*(o for o in self.objectives() if o.get("id") != entry.id),
                                  table]
            try:
                load_box_text(box_toml(trial), "<box being entered>")
            except DataError as err:
                field_name = field_of(err.problem)
                key = field_name if field_name in ("full", "mitigated") else (
                    "cost" if field_name == "mitigate_cost" else "full")
                out.errors[key] = error_text(err, self.lang)
        out.known = not out.errors
        return out

    def put_objective(self, entry: ObjectiveEntry) -> Checked:
        return self._put_tile("objective", entry.id, self.check_objective(entry))

    def objective_progress(self) -> str:
        return self.say("box.objective_progress", n=len(self.objectives()), total=24)
