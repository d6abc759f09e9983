"""The session layer: between analysis and the views (no widget import)."""
