"""Pure renderings of engine values to HTML/SVG (no widget or IPython imports)."""
