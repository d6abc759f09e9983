"""The sub-commands of ``precog``, one module each.

A command module exposes ``register(subparsers)``, which adds its parser (help text with
examples) and sets ``handler`` to a function ``(args) -> exit status``. ``precog.cli`` lists the
modules; bad input is reported by raising :class:`precog.commands.errors.UsageError` or any
:class:`precog.engine.PrecogError`, which ``precog.cli.main`` prints as one line (exit status 2).
"""
