"""Upload buttons show their words and no file count (ipywidgets 8 writes "Words (N)" on every
FileUpload; the stylesheet draws the words from the tooltip instead)."""

from __future__ import annotations

from pathlib import Path

import ipywidgets as widgets

import precog.widgets
from precog.render.style import css
from precog.widgets.box import BoxSource
from precog.widgets.common import Message, upload_button


def test_upload_button_carries_its_words_in_the_tooltip_the_stylesheet_draws() -> None:
    b = upload_button("Your box file", ".toml", "pc-box-source-upload")
    assert isinstance(b, widgets.FileUpload) and not b.multiple
    assert b.tooltip == b.description == "Your box file"
    assert {"pc-upload", "pc-box-source-upload"} <= set(b._dom_classes)
    assert ".widget-upload.pc-upload::after { content: attr(title); }" in css()


def test_every_upload_button_of_the_app_is_made_by_upload_button() -> None:
    made_elsewhere = [p.name for p in Path(precog.widgets.__file__).parent.glob("*.py")
                      if p.name != "common.py" and "FileUpload(" in p.read_text("utf-8")]
    assert made_elsewhere == []
    source = BoxSource(lambda: None, "en", Message())
    for b in (source.upload, source.fit_upload):
        assert "pc-upload" in b._dom_classes and b.tooltip == b.description
