"""The numbers' tooltips speak to a player: one sentence each, no statistician's words (those
go in the "how this was measured" fold), and no shell command on a page."""

from __future__ import annotations

import re

import pytest

from precog.session.words import words

NUMBER_TIPS = [f"results.tip_{k}" for k in ("rank", "choice", "value", "loss", "spread",
                                             "left", "back", "why", "line")] + [
    "results.tied_tip", "hint.value_tip", "hint.interval_tip", "hint.no_interval",
    "tree.value_tip", "tree.copy_tip"]
JARGON = {"en": re.compile(r"confidence|half-width|rollout|playout|fitted|sampled|noise|leaves",
                           re.I),
          "ru": re.compile(r"доверительн|полуширин|розыгрыш|доигрыв|подогн|шум|листь", re.I)}
COMMAND = re.compile(r"scripts/|\.venv|nice -n|--box|\.py\b")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_number_tooltip_is_one_sentence_in_a_players_words(lang: str) -> None:
    say = words(lang).say
    for key in NUMBER_TIPS:
        text = say(key, n=256, seat=1)
        assert not JARGON[lang].search(text), (key, text)
        assert len(re.findall(r"[.!?](\s|$)", text.strip())) <= 1, (key, text)  # one sentence


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_shell_command_is_said_on_a_page_about_your_box(lang: str) -> None:
    say = words(lang).say
    texts = [say("results.box_note", name="my box", unknown=3, refit="X"),
             say("table.box_yours", name="my box", unknown=3, prior="reference", refit="X"),
             say("box.source_fit_shipped")]
    for text in texts:
        assert not COMMAND.search(text), text
