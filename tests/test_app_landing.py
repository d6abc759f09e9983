"""The landing page widget, checked without a browser."""

from pathlib import Path

from precog.app_landing import PAGES, UNOFFICIAL_NOTE, find_root, landing, relative_href

REPO = Path(__file__).resolve().parent.parent


def _make_repo(tmp_path: Path, *pages: str) -> Path:
    for page in ("notebooks/index.ipynb", *pages):
        (tmp_path / page).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / page).write_text("{}")
    return tmp_path


def test_landing_names_the_project_and_says_it_is_unofficial(tmp_path: Path) -> None:
    value = landing(_make_repo(tmp_path)).value
    assert '<h1 class="precog-title">precog</h1>' in value
    assert "unofficial" in UNOFFICIAL_NOTE and "© Ludonaute" in UNOFFICIAL_NOTE
    assert UNOFFICIAL_NOTE in value


def test_landing_links_every_page_relative_to_itself(tmp_path: Path) -> None:
    value = landing(_make_repo(tmp_path)).value
    for href in ('href="explorer.ipynb"', 'href="play.ipynb"', 'href="../tutorials/index.ipynb"'):
        assert href in value


def test_pages_not_built_yet_are_marked_coming_soon(tmp_path: Path) -> None:
    root = _make_repo(tmp_path, "notebooks/explorer.ipynb")
    value = landing(root).value
    assert value.count("coming soon") == len(PAGES) - 1
    explorer_item = next(line for line in value.splitlines() if "explorer.ipynb" in line)
    assert "coming soon" not in explorer_item


def test_relative_links_resolve_from_the_landing_page() -> None:
    assert relative_href("notebooks/explorer.ipynb") == "explorer.ipynb"
    assert relative_href("tutorials/index.ipynb") == "../tutorials/index.ipynb"


def test_root_is_found_from_the_notebooks_folder_where_voila_runs_the_kernel() -> None:
    assert find_root(REPO / "notebooks") == REPO
    assert find_root(REPO) == REPO


def test_the_landing_says_what_the_game_is_with_the_engines_round_count() -> None:
    from precog.engine.state import ROUNDS

    value = landing(REPO, lang="en").value
    assert f"Precognition is a card game of {ROUNDS} rounds" in value
    assert f"на {ROUNDS} раундов" in landing(REPO, lang="ru").value


def test_a_newcomers_first_link_is_lesson_one_in_the_pages_language() -> None:
    import re

    for lang, text, href in (("en", "New to the game? Start with lesson 1",
                              "../tutorials/lesson01.ipynb"),
                             ("ru", "Впервые играете? Начните с урока 1",
                              "../tutorials/lesson01.ipynb?lang=ru")):
        value = landing(REPO, lang=lang).value
        first = re.search(r'<a [^>]*href="([^"]*)"[^>]*>([^<]*)</a>', value)
        assert first is not None
        assert first.group(1) == href and first.group(2).startswith(text), lang
        assert (REPO / "tutorials" / "lesson01.ipynb").is_file()


def test_landing_links_your_table_in_english_and_russian() -> None:
    assert 'href="table.ipynb"' in landing(REPO, "en").value
    assert "Your table" in landing(REPO, "en").value
    assert "Ваш стол" in landing(REPO, "ru").value


def test_the_server_s_landing_page_is_the_widget_s_html_in_a_page_without_script(
        tmp_path: Path) -> None:
    from precog.app_landing import landing_document, landing_html

    root = _make_repo(tmp_path, "notebooks/play.ipynb")
    for lang in ("en", "ru"):
        document = landing_document(root, lang)
        assert document.startswith("<!DOCTYPE html>")
        assert f'<html lang="{lang}">' in document
        assert f"<body>{landing_html(root, lang)}</body>" in document
        assert "<script" not in document.lower()
