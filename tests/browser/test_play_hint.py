"""The Play hint in Chromium: beside the board, and the page shows nothing the seat may not see.

The position is loaded through Save / load, so the test knows every hidden card. The Save tab
itself holds the player's own save (the full position, packed and base64-encoded, as a
download): those packed strings are left out of the check, every other part of the DOM (text,
attributes, the explorer link) is searched for the ids of other seats' hands and of River tiles
still face down.
"""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Page

from precog.engine import GameState, Phase, apply, legal_actions, to_position
from precog.engine.playout import random_playout
from tests.browser.helpers import PageWatch, screenshot
from tests.browser.test_explorer import CUT_JS
from tests.engine.test_view import found, hidden_ids

pytestmark = pytest.mark.browser

PLAY = "/voila/render/notebooks/play.ipynb"
PACKED = re.compile(r"data:application/json;base64,[A-Za-z0-9+/=]+"
                    r"|p[gv]1\.[A-Za-z0-9_-]+\.[0-9a-f]{8}")


@pytest.mark.parametrize("mode", ["competitive", "coop"])
def test_the_hint_beside_the_board_shows_nothing_the_seat_cannot_see(
        app_url: str, page: Page, watch: PageWatch, mode: str) -> None:
    state = random_playout(random.Random(3), stop_round=3, players=3, seed=3, mode=mode).final
    assert state.to_move == 0
    secret = hidden_ids(state, 0)
    page.set_viewport_size({"width": 1400, "height": 900})
    page.goto(app_url + PLAY)
    page.locator(".pc-cardbtn").first.wait_for()
    page.get_by_role("tab", name="Save / load").click()
    page.get_by_placeholder("Paste a position string").fill(to_position(state))
    page.get_by_role("button", name="Load pasted text").click()
    page.locator(".pc-msg-ok", has_text="loaded round 3").wait_for()
    page.locator(".pc-hint-ask").click()
    table = page.locator(".pc-hint-panel .pc-hint-table")
    table.wait_for()
    assert 1 <= page.locator(".pc-hint-row").count() <= 3
    href = page.locator(".pc-hint-open").get_attribute("href") or ""
    assert "view=pv1." in href and "position=" not in href
    # beside the board: the panel's top is level with the board column's, not below it
    panel = page.locator(".pc-hint-panel").bounding_box()
    main = page.locator(".pc-play-main").bounding_box()
    assert panel and main and panel["x"] >= main["x"] + main["width"] - 1
    page.wait_for_timeout(500)
    dom = PACKED.sub("", page.content())
    assert found(dom, secret) == []
    assert found(dom, set(state.players[0].hand)), "the search finds the cards the seat sees"
    # a cooperative hint says what its values count; another mode's has no such note
    note = page.locator(".pc-hint-panel .pc-coop-note")
    if mode == "coop":
        assert "misses an Objective" in note.inner_text()
        screenshot(page, "play-hint-coop-1400")
        watch.check()
        return
    assert note.count() == 0
    screenshot(page, "play-hint-1400")
    page.set_viewport_size({"width": 1024, "height": 768})
    page.wait_for_timeout(300)
    assert page.evaluate(CUT_JS) == []  # Play's board (drawn part by part) cuts no name
    screenshot(page, "play-hint-1024")
    watch.check()
    # "Open in explorer": the seat's view, without position editor or seat switch
    page.goto(f"{app_url}/voila/render/notebooks/{href}")
    page.locator(".pc-ranking tr[data-action]").first.wait_for(timeout=120_000)
    assert page.locator(".pc-position .widget-dropdown").is_hidden()
    assert page.locator(".pc-position .p-Accordion, .pc-position .lm-Accordion").is_hidden()
    assert page.get_by_role("button", name="Make a what-if copy").is_visible()
    screenshot(page, "explorer-seat-view")


def _action_position(mode: str) -> GameState:
    """Seat 0 to activate its Action Zone cards in round 3 (other seats' hands unseen)."""
    state = random_playout(random.Random(3), stop_round=3, players=3, seed=3, mode=mode).final
    while not (state.phase is Phase.ACTION and state.to_move == 0
               and len(legal_actions(state)) > 1):
        state = apply(state, legal_actions(state)[0])
    return state


@pytest.mark.parametrize("mode", ["competitive", "coop"])
def test_the_hint_in_the_action_phase_ranks_its_options_and_shows_nothing_the_seat_cannot_see(
        app_url: str, page: Page, watch: PageWatch, mode: str) -> None:
    state = _action_position(mode)
    secret = hidden_ids(state, 0)
    page.set_viewport_size({"width": 1400, "height": 900})
    page.goto(app_url + PLAY)
    page.locator(".pc-cardbtn").first.wait_for()
    page.get_by_role("tab", name="Save / load").click()
    page.get_by_placeholder("Paste a position string").fill(to_position(state))
    page.get_by_role("button", name="Load pasted text").click()
    page.locator(".pc-msg-ok", has_text="loaded round 3").wait_for()
    page.locator(".pc-choice").first.wait_for()
    page.locator(".pc-hint-ask").click()
    table = page.locator(f'.pc-hint-panel .pc-hint-table[data-step="{state.step.value}"]')
    table.wait_for(timeout=60_000)
    page.locator(".pc-hint-stage", has_text="Refined").wait_for(timeout=60_000)
    shown = {page.locator(".pc-hint-row").nth(i).get_attribute("data-action")
             for i in range(page.locator(".pc-hint-row").count())}
    assert shown == {str(a) for a in legal_actions(state)}
    assert page.locator(".pc-hint-open").count() == 0  # the explorer ranks Keep/Give only
    # each ranked option marked on its Action button with its rank, the best with a star
    ranked = [page.locator(".pc-hint-row").nth(i).get_attribute("data-action")
              for i in range(page.locator(".pc-hint-row").count())]
    marked = page.locator(".pc-choices button.pc-hint-marked")
    assert marked.count() == len(ranked)
    for rank, action in enumerate(ranked, 1):
        button = page.locator(f".pc-choices button.pc-hint-rank-{rank}")
        assert button.get_attribute("title") == action
        assert button.locator(".fa-star").count() == (1 if rank == 1 else 0)
    note = page.locator(".pc-hint-panel .pc-coop-note")
    assert note.count() == (1 if mode == "coop" else 0)  # a team's values say what they count
    panel = page.locator(".pc-hint-panel").bounding_box()
    main = page.locator(".pc-play-main").bounding_box()
    assert panel and main and panel["x"] >= main["x"] + main["width"] - 1
    dom = PACKED.sub("", page.content())
    assert found(dom, secret) == []
    assert found(dom, set(state.players[0].action_zone)), "the seat's own cards are named"
    screenshot(page, f"play-hint-action-{mode}-1400")
    page.set_viewport_size({"width": 1024, "height": 768})
    page.wait_for_timeout(300)
    assert page.evaluate(CUT_JS) == []
    screenshot(page, f"play-hint-action-{mode}-1024")
    watch.check()


def test_greyed_choices_say_why_and_every_page_links_home(
        app_url: str, page: Page, watch: PageWatch) -> None:
    page.goto(app_url + PLAY)
    page.locator(".pc-cardbtn").first.wait_for()
    home = page.locator(".pc-title a.pc-home")
    assert home.get_attribute("href") == "index.ipynb"
    keep = page.locator(".pc-cardbtn", has_text="Decision Zone").first
    keep.locator(".pc-cardbtn-hit").click()
    page.locator(".pc-cardbtn-label", has_text="Give").first.wait_for()
    greyed = page.locator(".pc-cardbtn-refused")
    assert greyed.count() == 2
    assert "Decision Zone" in page.locator(".pc-picker .pc-refused").inner_text()
    assert greyed.first.locator("button").is_disabled()
    screenshot(page, "play-greyed-give")
    watch.check()
