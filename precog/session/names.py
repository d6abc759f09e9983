"""Names of the reference components in another language (``precog/data/words/<lang>/names.toml``).

The component data name things in English ("Salvage crate", "Workshop"); a language may give
each name its own. A name the language does not list (a card of your own box, say) is shown as
it is written in the data, so nothing is ever lost, only left untranslated.

>>> component_name("Workshop", "ru"), component_name("Workshop", "en")
('Мастерская', 'Workshop')
>>> component_name("My own card", "ru")
'My own card'

In a sentence a name is written so that it needs no declension: Russian puts it in quotes after
a noun ("Оставить карту «Старая подстанция»"), English as it is:

>>> quoted_name("Old substation", "ru"), quoted_name("Old substation", "en")
('«Старая подстанция»', 'Old substation')
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources

from precog.engine import DataError
from precog.engine.problems import ErrorCode, Problem
from precog.engine.wording import load_words
from precog.session.errors import SessionCode

__all__ = ["component_name", "component_names", "quoted_name"]


@cache
def component_names(lang: str) -> dict[str, str]:
    """English name -> name in ``lang`` (empty for English or a language without the file)."""
    path = resources.files("precog") / "data" / "words" / lang / "names.toml"
    if not path.is_file():
        return {}
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
        where = f"precog/data/words/{lang}/names.toml"
        raise DataError(Problem.of(ErrorCode.DATA_AT_FILE, file=where, what=Problem.of(
            ErrorCode.DATA_NOT_TOML, detail=str(err)))) from None
    names = data.get("name", {})
    if not isinstance(names, dict) or not all(isinstance(v, str) for v in names.values()):
        raise DataError(Problem.of(SessionCode.NAMES_MAP, lang=lang))
    return dict(names)


def component_name(name: str, lang: str) -> str:
    """``name`` (a card's, room's, tile's or Prescient's) in ``lang``, as written if unknown."""
    return component_names(lang).get(name, name)


def quoted_name(name: str, lang: str) -> str:
    """``name`` in ``lang`` as a sentence writes it: between the language's name quotes
    (``[word] name_quotes`` in its ``game.toml``; none in English). An empty name stays empty."""
    shown = component_name(name, lang)
    quotes = load_words(lang).get("word", {}).get("name_quotes", ())
    if not shown or len(quotes) != 2:
        return shown
    return f"{quotes[0]}{shown}{quotes[1]}"
