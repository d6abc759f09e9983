"""precog's tutor: lessons played in real engine positions, with previews, quizzes, a glossary
and a rules lookup. No widget code here (see :mod:`precog.widgets.tutor` for the pages).

>>> from precog.tutor import LessonRunner, load_lesson, lookup
>>> runner = LessonRunner(load_lesson("lesson01"))
>>> runner.step.title
'Bring your people home'
>>> lookup("Bane")[0].term.term
'Bane'
"""

from precog.tutor.data import all_lessons, lesson_ids, load_lesson
from precog.tutor.glossary import glossary, lookup
from precog.tutor.runner import Feedback, LessonRunner, Option

__all__ = ["Feedback", "LessonRunner", "Option", "all_lessons", "glossary", "lesson_ids",
           "load_lesson", "lookup"]
