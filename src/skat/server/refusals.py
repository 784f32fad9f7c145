"""The words of a table's refusals (:class:`skat.server.table.ConfigError`,
:class:`~skat.server.table.ActionRefused`): one English line, or the line in the language of the
page that asked (the catalogs' ``server.`` messages, ``lambda lang: say(lang, key)``).

>>> always("a library's line")("de")
"a library's line"
>>> from skat.core.rules import Rules, RulesError
>>> try:
...     Rules.parse("isko,kontra=maybe")
... except RulesError as exc:
...     words = rules_words(exc)
>>> words("en")
"rules: rules option kontra takes on or off, not 'maybe'"
>>> words("de")
"Regeln: Regeloption kontra nimmt on oder off, nicht 'maybe'"
"""

from __future__ import annotations

from collections.abc import Callable

from skat.core.language import say
from skat.core.rules import RulesError

Words = str | Callable[[str], str]
"""A refusal's words: one text, or the text in a language (``lambda lang: say(lang, key)``)."""


def always(text: str) -> Callable[[str], str]:
    """Words that are the same in every language (a core's or a library's English line)."""
    return lambda lang: text


def rules_words(exc: RulesError) -> Words:
    """A rules string's error in a page's language: worded by its kind (the catalog's
    ``web.rulesError.<kind>``, as the lobby words it), the core's English line otherwise."""
    if not exc.key:
        return f"rules: {exc}"

    kind = f"web.rulesError.{exc.key}"  # listed in skat.server.webwords.COMPUTED

    def words(lang: str) -> str:
        values = {
            k: say(lang, "web.or").join(v) if isinstance(v, tuple) else v
            for k, v in exc.params.items()
        }
        return say(lang, "server.config.rules", reason=say(lang, kind, **values))

    return words
