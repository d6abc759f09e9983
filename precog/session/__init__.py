"""The session layer: a table of seats (humans, bots, lesson scripts) over one game.

It sits between the analysis and the views (engine -> analysis -> session -> tutor/render ->
widgets) and imports no widget.
"""

from precog.session.table import BotSeat, Human, Scripted, Seat, StandIn, Table, TableError

__all__ = ["BotSeat", "Human", "Scripted", "Seat", "StandIn", "Table", "TableError"]
