"""The message catalogue: every text mafvote shows the GM (CLI output, alerts, the GM report, the resolver's
journal, state and status), one table per language, Russian by default (`[alerts] language`, "ru" or "en").

    text("soon", day=2, when="через 1 час", at="…")   the current language's template for the key, filled
    text("soon", language="en", ...)                     a given language (the daemon's alerts, tests)
    use("en")                                            the CLI sets the config's language once it is read

A table (`messages/ru.py`, `messages/en.py`, and one per area beside them: `ru_night.py`, `ru_cli.py`, …) maps
a key to a `str.format` template. A whole number is formatted by its format spec, so agreement with the number
lives in the catalogue, never in code:

    "{n}"                         3
    "{n:голос|голоса|голосов}"    1 голос, 2 голоса, 5 голосов, 21 голос, 22 голоса
    "{n:vote|votes}"              1 vote, 2 votes

The forms are the language's CLDR plural categories in CLDR's order (ru: one|few|many, en: one|other), and
Babel picks the category: its rules are CLDR's, kept up to date by the Unicode consortium and Babel's
maintainers, where a hand-written `n % 10` rule is the kind of code that goes wrong on 11-14.
A key ending in `~` is the fallback used when a fact is missing (a tally JSON written before the facts were
recorded). Both tables have exactly the same keys (tests/app/test_gm_texts_russian.py): a text cannot exist in one
language only.

A language's tables are loaded on its first use (issue 17): a command in Russian never loads the English ones (the
English table takes the resolver's own words from the Russian one's keys, so English loads both).
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any, Callable, Iterator, Mapping

__all__ = ["AREAS", "DEFAULT_LANGUAGE", "LANGUAGES", "TABLES", "current", "has", "table", "text", "use", "using"]

DEFAULT_LANGUAGE = "ru"
LANGUAGES = ("en", "ru")


# one table per area and language, merged here: `ru.py` the alerts and the GM report, `ru_night.py` the night as
# printed, `ru_night_input.py` the GM's night input refused, `ru_report.py` the count's and the report's notes,
# `ru_cli.py` the commands' own lines, `ru_game.py` the game commands, `ru_config.py` the config's problems and
# `mafvote check`, `ru_outputs.py` the notes the commands print around their results, `ru_rulesets.py` the rest of a
# ruleset's problems and the GM's files that cannot be read (templates, night files), `ru_errors.py` the CLI's error
# lines (the store's, the crawl's, click's usage errors), `ru_help.py` `--help` of every command; a key is in one area
# only
def _areas(language: str) -> tuple[Any, ...]:
    if language == "en":
        # start-up: the English tables (≈ 5 ms), only for a GM whose config asks for English
        from . import (en, en_cli, en_config, en_errors, en_game, en_help, en_night, en_night_input, en_outputs,
                       en_report, en_rulesets)

        return (en, en_night, en_night_input, en_report, en_cli, en_game, en_config, en_outputs, en_rulesets,
                en_errors, en_help)
    # start-up: the Russian tables (≈ 5 ms), with the first text a command shows (or the English table's keys)
    from . import (ru, ru_cli, ru_config, ru_errors, ru_game, ru_help, ru_night, ru_night_input, ru_outputs, ru_report,
                   ru_rulesets)

    return (ru, ru_night, ru_night_input, ru_report, ru_cli, ru_game, ru_config, ru_outputs, ru_rulesets, ru_errors,
            ru_help)


def _merged(parts: tuple[Any, ...]) -> dict[str, str]:
    out: dict[str, str] = {}
    for part in parts:
        twice = sorted(set(part.MESSAGES) & set(out))
        if twice:
            raise RuntimeError(f"messages: {twice} are in two tables")
        out.update(part.MESSAGES)
    return out


def _table(language: str) -> dict[str, str]:
    out = _merged(AREAS[language])
    if language == "en":
        # English words a journal line, a refusal, an ability and a roll as the resolver wrote them (its sentence,
        # its identifiers): the keys exist so that both catalogues have the same ones
        out.update({k: ("{text}" if k.startswith("journal.") else k.split(".", 1)[1])
                    for k in TABLES["ru"] if k.startswith(("journal.", "ability.", "roll.")) and k not in out})
    return out


class _PerLanguage(Mapping[str, Any]):
    """`LANGUAGES` → a value made on the first look-up of that language."""

    def __init__(self, make: Callable[[str], Any]):
        self._make = make
        self._made: dict[str, Any] = {}

    def __getitem__(self, language: str) -> Any:
        if language not in LANGUAGES:
            raise KeyError(language)
        found = self._made.get(language)
        if found is None:
            found = self._made[language] = self._make(language)
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(LANGUAGES)

    def __len__(self) -> int:
        return len(LANGUAGES)


AREAS: Mapping[str, tuple[Any, ...]] = _PerLanguage(_areas)
TABLES: Mapping[str, Mapping[str, str]] = _PerLanguage(_table)

# CLDR's plural categories in the order a format spec lists the forms
_CATEGORIES = {"ru": ("one", "few", "many", "other"), "en": ("one", "other")}

_language: ContextVar[str] = ContextVar("mafvote_language", default=DEFAULT_LANGUAGE)


def use(language: str) -> None:
    """Make `language` the current one (the CLI, once the config is read)."""
    table(language)
    _language.set(language)


@contextmanager
def using(language: str):
    """`language` is the current one inside the block (the daemon's alerts, the GM report of a game)."""
    table(language)
    token = _language.set(language)
    try:
        yield
    finally:
        _language.reset(token)


def current() -> str:
    return _language.get()


def table(language: str | None = None) -> Mapping[str, str]:
    language = language or current()
    try:
        return TABLES[language]
    except KeyError:
        raise ValueError(f"language {language!r} is not one of {', '.join(LANGUAGES)}") from None


@lru_cache(maxsize=None)
def _plural_rule(language: str):
    # Babel is imported on the first number with a noun: a command that prints none does not pay for it
    from babel.core import Locale  # start-up: Babel (≈ 25 ms), only for a command that prints a number
    return Locale.parse(language).plural_form


def plural(n: int, forms: str, language: str | None = None) -> str:
    """The form of `forms` ("голос|голоса|голосов") that agrees with `n` in `language`, without the number."""
    language = language or current()
    given = forms.split("|")
    order = _CATEGORIES.get(language, ("one", "other"))
    by_category = dict(zip(order, given))
    return by_category.get(_plural_rule(language)(abs(n)), given[-1])


class _Count(int):
    """A whole number whose format spec is its noun's forms (see the module docstring)."""

    language = DEFAULT_LANGUAGE

    def __format__(self, spec: str) -> str:
        if not spec:
            return str(int(self))
        if "|" not in spec:
            return format(int(self), spec)
        return f"{int(self)} {plural(int(self), spec, self.language)}"


def _values(facts: Mapping[str, Any], language: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in facts.items():
        if isinstance(v, int) and not isinstance(v, bool):
            v = _Count(v)
            v.language = language
        out[k] = v
    return out


def text(key: str, /, language: str | None = None, **facts: Any) -> str:
    """The template for `key` in `language` (default: the current one), filled with `facts`; when a fact is
    missing, the `key~` fallback."""
    language = language or current()
    tab = table(language)
    values = _values(facts, language)
    try:
        return tab[key].format_map(values)
    except KeyError:
        if key + "~" in tab:
            return tab[key + "~"].format_map(values)
        raise


def has(key: str, language: str | None = None) -> bool:
    return key in table(language)
