"""The tutorials index (:class:`TutorIndex`) and the rules lookup box (:class:`LookupBox`),
which every lesson page shows too."""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from precog.session.language import page_link
from precog.tutor import html as th
from precog.tutor.data import all_lessons, ui_texts
from precog.tutor.glossary import glossary, lookup
from precog.tutor.progress import ProgressStore
from precog.tutor.text import inline_html
from precog.widgets.tutor_panels import button as _button
from precog.widgets.tutor_panels import html as _html

__all__ = ["LookupBox", "TutorIndex"]


class LookupBox(widgets.VBox):
    """Type a word, get the glossary's explanation and the lessons that teach it."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self.texts = ui_texts(lang)
        self.lessons = {x.id: x for x in all_lessons(lang)}
        self.query = widgets.Text(placeholder=self.texts.say("label", "lookup_hint"),
                                  continuous_update=False)
        self.query.add_class("pt-lookup-input")
        self.button = _button(self.texts.say("button", "lookup"), self.search)
        self.results = _html("", "pt-lookup-results")
        self.query.observe(lambda _change: self.search(), names="value")
        super().__init__([widgets.HBox([self.query, self.button]), self.results])
        self.add_class("pt-lookup")

    def search(self) -> None:
        q = self.query.value
        self.results.value = th.lookup_html(q, lookup(q, self.lang), self.lessons, self.texts)



class TutorIndex(widgets.VBox):
    """The tutorials' landing page: lessons with progress, the glossary, the rules lookup."""

    def __init__(self, lang: str = "en", store: ProgressStore | None = None) -> None:
        self.texts = ui_texts(lang)
        self.store = store if store is not None else ProgressStore()
        self.lessons = all_lessons(lang)
        say = self.texts.say
        intro = inline_html(say("label", "index_intro", count=len(self.lessons)))
        head = _html(f'<div class="pt-index-head"><h1>{say("label", "index_title")}</h1>'
                     f'<p>{intro}</p></div>'
                     f'<div class="pt-unofficial">{say("label", "unofficial")}</div>'
                     f'<nav class="pt-nav"><a href="'
                     f'{escape(page_link("../notebooks/index.ipynb", lang))}">'
                     f'{say("label", "app_home")}</a></nav>')
        self.list_box = _html("")
        self.problem = _html(escape(self.store.problem_text(lang)), "pt-problem")
        self.lookup = LookupBox(lang)
        by_id = {x.id: x for x in self.lessons}
        gloss = widgets.Accordion(children=[_html(th.glossary_html(glossary(lang), by_id))],
                                  selected_index=None)
        gloss.set_title(0, say("label", "glossary"))
        look = widgets.VBox([self._title(say("label", "lookup_title")), self.lookup])
        super().__init__([_html(th.styles()), head, self.problem, self.list_box, look, gloss])
        self.add_class("pt-app")
        self.refresh()

    def _title(self, text: str) -> widgets.HTML:
        return _html(f'<h3 style="margin:14px 0 4px">{text}</h3>')

    def refresh(self) -> None:
        statuses = {x.id: self.store.status(x.id) for x in self.lessons}
        self.list_box.value = th.lesson_list_html(self.lessons, statuses, self.texts)
