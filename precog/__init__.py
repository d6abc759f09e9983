"""precog: a rules engine, tutor and explorer for the board game Precognition.

An unofficial fan project; Precognition, its name and its rules are © Ludonaute.
"""

__version__ = "0.2.0.dev0"
"""The version, written only here (the build reads it; CHANGELOG.md says what changed)."""

LANDING_PATH = "notebooks/index.ipynb"
"""The app's landing page, relative to the folder the app serves."""
