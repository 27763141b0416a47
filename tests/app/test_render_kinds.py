"""For every theme, every outcome event kind the resolver and the tally can produce has a line in every template
(STYLE.md 5, issue 5 "Done when"). The kinds are taken from the resolver's and tally's exported constants and
from the resolver's source (every `Public("kind"` / `Private(..., "kind"` it writes), so a new kind without a
phrase fails here."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import mafvote_resolver as resolver
import mafvote_tally as tally
from mafvote_tally.format import outcome_text
from mafvote.render import (DAY_REASONS, EVENT_KINDS, FORMATS, PRIVATE_KINDS, THEMES, NoTheme, RenderError, load_theme,
                            make_environment, render)

ROOT = Path(__file__).resolve().parents[2]
ROSTER = [{"nick": "Вася", "gender": "m"}, {"nick": "Маша", "gender": "f"}, {"nick": "Петя", "gender": "m"}]
RULES = {"roles": {"Доктор": {"side": "town", "gender": "m"}, "Джейкоб": {"side": "town", "forms": {"gent": "Джейкоба"}},
                   "Журналистка": {"side": "mafia", "gender": "f"}},
         "sides": {"town": {"kind": "town", "title": "мирный", "title_f": "мирная"},
                   "mafia": {"kind": "mafia", "title": "мафия"}}}
MARK = "RESOLVER-PLAIN-TEXT"          # the resolver's own text: must never be what the theme posts

SAMPLE_DATA = {
    "interview": {"actor_role": "Журналистка", "target_role": "Доктор", "target_role_gent": "Доктора"},
    "serum": {"player": "Маша", "role": "Доктор"},
    "evidence": {"player": "Петя"},
    "trace": {"player": "Маша", "role": "Джейкоб"},
    "block": {"player": "Петя"},
}


def resolver_source_kinds() -> tuple[set[str], set[str]]:
    public, private = set(), set()
    for path in (ROOT / "resolver").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        public |= set(re.findall(r"\bPublic\(\s*\"(\w+)\"", text))
        private |= set(re.findall(r"\bPrivate\([^,()]+(?:\([^()]*\))?,\s*\"(\w+)\"", text))
    return public, private


def test_the_renderer_knows_every_kind_the_resolver_and_tally_produce():
    public, private = resolver_source_kinds()
    assert public, "no Public(...) found in resolver/: the pattern of this test needs updating"
    assert public <= set(EVENT_KINDS), public - set(EVENT_KINDS)
    assert private <= set(PRIVATE_KINDS), private - set(PRIVATE_KINDS)
    assert set(resolver.EVENT_KINDS) <= set(EVENT_KINDS)
    assert set(resolver.PRIVATE_KINDS) <= set(PRIVATE_KINDS)
    assert set(tally.FLAG_KINDS)            # rendered one per line in the GM report, see below


@pytest.mark.parametrize("theme", THEMES)
def test_every_theme_has_a_phrase_for_every_kind(theme):
    phrases = load_theme(make_environment("text"), theme).phrases
    for kind in EVENT_KINDS:
        assert f"event.{kind}" in phrases, kind
    for kind in PRIVATE_KINDS:
        assert f"private.{kind}" in phrases, kind
    for reason in DAY_REASONS:
        # the live count's words for a reason are the formatter's
        assert f"day.reason.{reason}" in phrases and f"votecount.reason.{reason}" not in phrases, reason


def night_with(kind: str) -> dict:
    out = {"night": 3, "deaths": [], "silenced": [], "public": [], "private": [], "saved": []}
    if kind == "death":
        out["deaths"] = [{"player": "Маша", "role": "Доктор", "side": "town", "revealed": True, "causes": ["x"]}]
    elif kind == "silence":
        out["silenced"] = [{"player": "Маша", "days": 1, "announced": True}]
    out["public"] = [{"kind": kind, "text": MARK, "data": SAMPLE_DATA.get(kind, {"player": "Маша"})}]
    return out


def day_with(kind: str) -> dict:
    out = {"day": 3, "deaths": [], "saved": [], "public": [{"kind": kind, "text": MARK, "data": {"player": "Маша"}}]}
    if kind in ("hanged", "modkill"):
        out["deaths"] = [{"player": "Маша", "role": "Доктор", "side": "town", "revealed": True,
                          "causes": ["hanged" if kind == "hanged" else "modkill"]}]
    return out


NIGHT_KINDS = [k for k in EVENT_KINDS if k not in ("hanged", "alibi", "nobody", "modkill")]
DAY_KINDS = ["hanged", "alibi", "nobody", "modkill"]


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("theme", THEMES)
def test_every_night_event_has_a_line_in_every_theme_and_format(theme, fmt):
    empty = render(theme, "night", {"roster": ROSTER, **RULES, "outcome": night_with("none")}, fmt=fmt, seed=1)
    for kind in NIGHT_KINDS:
        out = render(theme, "night", {"roster": ROSTER, **RULES, "outcome": night_with(kind)}, fmt=fmt, seed=1)
        assert MARK not in out, (theme, kind)
        added = [line for line in out.splitlines() if line not in empty.splitlines()]
        assert added, (theme, kind, out)


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("theme", THEMES)
def test_every_day_event_has_a_line_in_every_theme_and_format(theme, fmt):
    for kind in DAY_KINDS:
        out = render(theme, "day", {"roster": ROSTER, **RULES, "outcome": day_with(kind)}, fmt=fmt, seed=1)
        assert MARK not in out, (theme, kind)
        body = [line for line in out.splitlines() if line.strip() and "━" not in line]
        assert body, (theme, kind)
        if kind in ("hanged", "modkill"):
            assert "Маш" in out, (theme, kind, out)


@pytest.mark.parametrize("theme", THEMES)
def test_every_tally_outcome_reason_has_a_line(theme):
    for reason in DAY_REASONS:
        if reason in ("plurality", "tie_all", "modkill"):
            continue          # these hang someone: the hanged line is the result
        outcome = {"day": 2, "deaths": [], "saved": [], "public": []}
        t = {"view": "gm", "outcome": {"eliminated": [], "reason": reason}}
        out = render(theme, "day", {"roster": ROSTER, "outcome": outcome, "tally": t}, fmt="text", variant=0)
        phrase = load_theme(make_environment("text"), theme).phrases[f"day.reason.{reason}"][0]
        assert phrase, (theme, reason)
        assert phrase in out.splitlines(), (theme, reason, out)
    for reason in DAY_REASONS:
        closed = {"view": "public", "day": 2, "deadline": "2026-12-28T22:00+03:00", "closed": True,
                  "candidates": [], "not_voted": [], "silenced": [], "final": [],
                  "outcome": {"eliminated": ["Вася"], "reason": reason}}
        out = render(theme, "votecount", {"roster": ROSTER, "tally": closed}, fmt="text")
        if reason != "pending":
            assert f"Голосование закрыто. Итог: {outcome_text(closed)}" in out.splitlines(), (theme, reason, out)
            assert outcome_text(closed) and outcome_text(closed) != reason, reason


def test_day_reasons_read_as_the_rules_say():
    outcome = {"day": 2, "deaths": [], "saved": [], "public": []}
    for reason, text in (("tie", "Голоса разделились поровну: не вешается никто."),
                         ("alibi", "Обречённый отмазан, не вешается никто."),
                         ("no_votes", "Не вешается никто.")):
        out = render("new_year", "day", {"outcome": outcome, "tally": {"outcome": {"reason": reason}}}, fmt="text")
        assert out == text + "\n"
    # without a count, the resolver's events say it (000: "обреченный отмазан и не вешается никто")
    alibi = {**outcome, "public": [{"kind": "alibi", "text": MARK, "data": {"player": "Вася"}}]}
    assert render("peculiar", "day", {"outcome": alibi}, fmt="text") == "Обречённый отмазан, не вешается никто\n"


@pytest.mark.parametrize("theme", THEMES)
def test_every_private_kind_has_a_line(theme):
    for kind in PRIVATE_KINDS:
        outcome = {"night": 1, "private": [{"to": "Маша", "kind": kind, "text": "Петя: мафия"}]}
        out = render(theme, "private", {"roster": ROSTER, "outcome": outcome, "to": "Маша"}, fmt="text")
        lines = out.splitlines()
        assert len(lines) == 2 and lines[0].startswith("Маша"), (theme, kind, out)


def test_every_tally_flag_reaches_the_gm_report():
    flags = [{"kind": k, "player": "Вася", "post_id": i, "detail": f"detail {k}"} for i, k in enumerate(tally.FLAG_KINDS)]
    out = render("new_year", "gm_report", {"roster": ROSTER, "outcome": {"day": 1},
                                           "tally": {"view": "gm", "flags": flags, "candidates": [],
                                                     "outcome": {"eliminated": [], "reason": "pending"}}}, fmt="text")
    for i, k in enumerate(tally.FLAG_KINDS):
        assert f"- {k}: Вася, пост {i}: detail {k}" in out


def test_an_unknown_event_kind_posts_the_resolver_text_and_tells_the_gm():
    outcome = {"night": 1, "deaths": [], "public": [{"kind": "meteor", "text": "Упал метеорит", "data": {}}]}
    assert "Упал метеорит" in render("new_year", "night", {"outcome": outcome}, fmt="text")
    report = render("new_year", "gm_report", {"outcome": outcome}, fmt="text")
    assert "event 'meteor' has no phrase in theme new_year" in report


def test_unknown_kind_format_or_theme_is_a_clear_error(tmp_path):
    with pytest.raises(RenderError) as info:
        render("new_year", "results", {})
    assert str(info.value) == ("неизвестный вид поста `results`; допустимо: `night`, `day`, `votecount`, `gm_report`, "
                               "`private`")
    with pytest.raises(RenderError) as info:
        render("new_year", "night", {"outcome": {}}, fmt="pdf")
    assert str(info.value) == "неизвестный формат `pdf`; допустимо: `bbcode`, `text`, `html`"
    with pytest.raises(NoTheme) as info:
        render("wild_west", "night", {"outcome": {}})
    assert str(info.value) == ("у темы «wild_west» нет файла `wild_west/theme.toml`; встроенные темы: `new_year`, "
                               "`peculiar`, `time_machine`, `grand_hotel`")
    assert info.value.theme == "wild_west"
    with pytest.raises(RenderError, match="папки шаблонов «.*nope» нет"):
        render("new_year", "night", {"outcome": {}}, templates_dir=tmp_path / "nope")
    (tmp_path / "new_year").mkdir()
    (tmp_path / "new_year" / "night.j2").write_text("{{ no_such_name }}", encoding="utf-8")
    with pytest.raises(RenderError, match="new_year/night.j2: неизвестное имя `no_such_name`"):
        render("new_year", "night", {"outcome": {"night": 1}}, templates_dir=tmp_path)
