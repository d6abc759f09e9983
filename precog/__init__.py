"""precog: a rules engine, tutor and explorer for the board game Precognition.

An unofficial fan project; Precognition, its name and its rules are © Ludonaute.
"""

__version__ = "0.1.0"

LANDING_PATH = "notebooks/index.ipynb"
"""The app's landing page, relative to the folder the app serves."""
