"""The app's widgets (ipywidgets 8 + plotly): the board, play, the position editor, the
explorer. They compose engine and analysis calls and never decide a rule themselves.

Import the one you need (``from precog.widgets.play import PlayApp``); importing this package
does not import ipywidgets.
"""
