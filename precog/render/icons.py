"""Small SVG pictures of the game's pieces (pawns, cubes, tokens, Batteries, Bane).

Pure strings, no widget imports. Each picture is drawn once, as a ``<symbol>`` of the
:func:`sprite` the page holds once (with the stylesheet, :func:`precog.render.style.style_tag`);
each icon is a small ``<svg>`` sized in pixels that points at its symbol with ``<use>``.

>>> icon("healthy", 14).endswith('aria-hidden="true"><use href="#pc-i-healthy"/></svg>')
True
>>> sprite().count("<symbol") == len(icon_names())
True
"""

from __future__ import annotations

_PAWN = ('<circle cx="10" cy="6" r="5"/>'
         '<path d="M1.5 23.5c0-7.5 3.5-11.5 8.5-11.5s8.5 4 8.5 11.5z"/>')
_SHAPES: dict[str, tuple[str, str]] = {
    # name: (viewBox, body)
    "healthy": ("0 0 20 24", f'<g fill="#2f6fd0" stroke="#1c4a94" stroke-width="1">{_PAWN}</g>'),
    "contaminated": (
        "0 0 20 24",
        f'<g fill="#8a9a3c" stroke="#5b6824" stroke-width="1">{_PAWN}</g>'
        '<circle cx="7" cy="17" r="1.6" fill="#e5f08a"/><circle cx="13" cy="19" r="1.3" '
        'fill="#e5f08a"/><circle cx="11" cy="15" r="1" fill="#e5f08a"/>',
    ),
    "human": ("0 0 20 24", f'<g fill="#2f6fd0" stroke="#1c4a94" stroke-width="1">{_PAWN}</g>'),
    "doctor": (
        "0 0 20 24",
        f'<g fill="#f7f7f2" stroke="#2e9e5b" stroke-width="1.4">{_PAWN}</g>'
        '<path d="M8.6 14h2.8v2.6H14v2.8h-2.6V22H8.6v-2.6H6v-2.8h2.6z" fill="#d64541"/>',
    ),
    "protector": (
        "0 0 20 24",
        '<path d="M10 1.5l8 3v7c0 5.5-3.5 9.5-8 11-4.5-1.5-8-5.5-8-11v-7z" fill="#2e9e5b" '
        'stroke="#1d6b3c" stroke-width="1.2"/><path d="M10 5l4.5 1.8v4.4c0 3.3-2 5.8-4.5 '
        '6.8-2.5-1-4.5-3.5-4.5-6.8V6.8z" fill="#8fd6a9"/>',
    ),
    "ymune": (
        "0 0 20 20",
        '<path d="M10 1l7.8 4.5v9L10 19l-7.8-4.5v-9z" fill="#2e9e5b" stroke="#1d6b3c" '
        'stroke-width="1.2"/><circle cx="10" cy="10" r="3.2" fill="#c9f0d6"/>',
    ),
    "food": (
        "0 0 20 20",
        '<path d="M10 2l7 3.5-7 3.5-7-3.5z" fill="#ffe07a" stroke="#8a6a00" stroke-width=".8"/>'
        '<path d="M3 5.5l7 3.5v8.5l-7-3.5z" fill="#f2c230" stroke="#8a6a00" stroke-width=".8"/>'
        '<path d="M17 5.5l-7 3.5v8.5l7-3.5z" fill="#d9a400" stroke="#8a6a00" stroke-width=".8"/>',
    ),
    "food10": (
        "0 0 24 24",
        '<circle cx="12" cy="12" r="11" fill="#f2c230" stroke="#8a6a00" stroke-width="1.4"/>'
        '<circle cx="12" cy="12" r="8" fill="none" stroke="#fff3c4" stroke-width="1"/>'
        '<text x="12" y="16" text-anchor="middle" font-size="10" font-weight="700" '
        'font-family="sans-serif" fill="#5a4300">10</text>',
    ),
    "battery": (
        "0 0 20 20",
        '<rect x="3" y="5" width="13" height="11" rx="2" fill="#d64541" stroke="#8e2420" '
        'stroke-width="1.2"/><rect x="16" y="8" width="2.2" height="5" rx=".8" fill="#8e2420"/>'
        '<path d="M10.5 6.5l-3.5 5h3l-1 3.5 3.5-5h-3z" fill="#fff2d6"/>',
    ),
    "battery-empty": (
        "0 0 20 20",
        '<rect x="3" y="5" width="13" height="11" rx="2" fill="#fff" stroke="#b9b2a6" '
        'stroke-width="1.2" stroke-dasharray="2 1.5"/><rect x="16" y="8" width="2.2" height="5" '
        'rx=".8" fill="#b9b2a6"/>',
    ),
    "bane": (
        "0 0 20 20",
        '<path d="M10 1.5c3 4 6.5 7.5 6.5 11a6.5 6.5 0 0 1-13 0c0-3.5 3.5-7 6.5-11z" '
        'fill="#6b2fa3" stroke="#3f1766" stroke-width="1"/><circle cx="7.8" cy="12.5" r="1.4" '
        'fill="#e7d6ff"/><circle cx="12.2" cy="12.5" r="1.4" fill="#e7d6ff"/>'
        '<path d="M8 16h4" stroke="#e7d6ff" stroke-width="1.2"/>',
    ),
    "heal": (
        "0 0 20 20",
        '<circle cx="10" cy="10" r="8.5" fill="#e8f7ee" stroke="#2e9e5b" stroke-width="1.3"/>'
        '<path d="M8.5 5h3v3.5H15v3h-3.5V15h-3v-3.5H5v-3h3.5z" fill="#2e9e5b"/>',
    ),
    "boat": (
        "0 0 32 24",
        '<path d="M2 14h28l-4 7H6z" fill="#7a4b26" stroke="#4a2c12" stroke-width="1"/>'
        '<path d="M15 2v12" stroke="#4a2c12" stroke-width="1.4"/>'
        '<path d="M16 3l9 9h-9z" fill="#f7f1e1" stroke="#8a7a5a" stroke-width=".8"/>'
        '<path d="M14 5l-7 7h7z" fill="#e9dfc7" stroke="#8a7a5a" stroke-width=".8"/>',
    ),
    "x": ("0 0 20 20", '<circle cx="10" cy="10" r="8.5" fill="#fff" stroke="#555"/>'
          '<text x="10" y="14" text-anchor="middle" font-size="11" font-weight="700" '
          'font-family="sans-serif" fill="#333">X</text>'),
}

# Resource names used by Gains/Losses and the engine, mapped to an icon.
RESOURCE_ICON = {
    "food": "food", "human": "human", "humans": "human", "battery": "battery",
    "ymune": "ymune", "doctor": "doctor", "protector": "protector", "heal": "heal",
    "healthy": "healthy", "contaminated": "contaminated", "bane": "bane",
}


SPRITE_ID = "pc-i-"
"""The symbols' id prefix: ``pc-i-healthy`` is the Healthy Human's picture."""


def icon(name: str, size: int = 16, title: str = "") -> str:
    """The picture ``name`` (see ``_SHAPES``), ``size`` pixels high, drawn from the sprite."""
    view = _SHAPES[name][0]
    tip = f"<title>{title}</title>" if title else ""
    return (f'<svg class="pc-ico pc-ico-{name}" viewBox="{view}" height="{size}" '
            f'aria-hidden="true">{tip}<use href="#{SPRITE_ID}{name}"/></svg>')


def sprite() -> str:
    """Every picture once, as a ``<symbol>`` of a hidden ``<svg>`` (taking no room): what
    :func:`icon` points at. A page needs it once; a repeat is harmless (same drawings)."""
    symbols = "".join(f'<symbol id="{SPRITE_ID}{name}" viewBox="{view}">{body}</symbol>'
                      for name, (view, body) in _SHAPES.items())
    return ('<svg class="pc-sprite" aria-hidden="true" focusable="false" '
            'style="position:absolute;width:0;height:0;overflow:hidden">'
            f"{symbols}</svg>")


def icon_names() -> list[str]:
    return sorted(_SHAPES)
