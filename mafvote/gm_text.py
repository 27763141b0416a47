"""The GM's words for what the pure packages return as structures: the resolver's journal lines, refusals,
rolls and transfers (`night resolve`, `day close`, `render --gm`), and the count's hidden-result warning.
`tally` and `resolver` keep their English sentences (JSON `log`, `detail`: scripts read them); here every one
is worded from its key and facts through the message catalogue (mafvote.messages), in the current language.

    journal(line)          a resolver.journal.Line, its JSON ({"key", "facts", "text"}) or a plain string
    night_text(outcome)    the night's GM view (a resolver.NightOutcome; private letters themed)
    private_lines(...)     a step's private messages: each recipient's themed letter under «ЛС <nick>:»
    hidden_outcome(tally)  tally.format.hidden_outcome in words
    problem_text(text)     a ruleset problem's message or hint (a Line keyed `ruleset.<key>`)
    resolver_error(exc)    a resolver error as the commands print it: each problem `file: where: message (hint)`
    tally_error(exc)       a count's error (tally.TallyError) from its key and facts; a [votes] table's problems
"""
from __future__ import annotations

import re
from datetime import datetime
from typing import Any, Mapping

from mafvote_resolver.errors import Problem, ResolverError
from mafvote_resolver.journal import Line
from mafvote_resolver.ruleset_shapes import shown
from mafvote_tally.format import hidden_outcome_facts

from . import messages
from .alert_texts import duration_parts, game_time
from .gm_files import toml_syntax
from .messages import text as t

__all__ = ["ability", "death_cause", "hidden_outcome", "journal", "night_text", "private_lines", "problem",
           "problem_text", "reason", "resolver_error", "roll_name", "tally_error"]


def _listing(names: Any) -> str:
    if isinstance(names, (list, tuple)):
        return ", ".join(str(n) for n in names)
    return str(names or "")


def ability(name: str) -> str:
    """A ruleset's ability identifier (`kill`) as the GM reads it (`убийство`); a name the catalogue does not
    know (a GM's own ruleset) as written."""
    return messages.table().get(f"ability.{name}", name)


def roll_name(name: str) -> str:
    return messages.table().get(f"roll.{name}", name)


def reason(value: str) -> str:
    """An outcome reason (`plurality`) in words."""
    return messages.table().get(f"reason.{value}", value)


def cause(value: str) -> str:
    """A cause of death or silence as the resolver records it (`killed by Ronin (boss)`), in words."""
    return death_cause(value, language=messages.current(), prefix="journal.cause")


def _entry(line: Any) -> tuple[str | None, Mapping[str, Any], str]:
    if isinstance(line, Mapping):
        return line.get("key"), line.get("facts") or {}, str(line.get("text", ""))
    if isinstance(line, Line):
        return line.key, line.facts, str(line)
    return None, {}, str(line)


def journal(line: Any) -> str:
    """One journal line in the current language; a line without a key (an older stored night, a line not yet
    given one) as the resolver wrote it."""
    key, facts, english = _entry(line)
    if key is None or messages.table().get(f"journal.{key}", "{text}") == "{text}":
        return english
    words: dict[str, Any] = {"text": english}
    if key == "death_order":
        # «Соня — Ronin (босс); Гафф — Ronin (босс)»: each death with what killed it
        words["deaths"] = "; ".join(t("journal.death_order.item", player=p, causes=", ".join(cause(c) for c in cs))
                                    for p, cs in zip(facts.get("players") or (), facts.get("causes") or ()))
    for k, v in facts.items():
        if k == "reason" or isinstance(v, Line) or (isinstance(v, Mapping) and "text" in v):
            v = journal(v)      # a line inside a line: a refusal's reason, a hint's own reason, a place
        elif k in _ABILITY_LISTS and isinstance(v, (list, tuple)):
            v = ", ".join(ability(str(x)) for x in v) or t("journal.list.none")
        elif k == "either" and isinstance(v, (list, tuple)):
            v = t("journal.list.or").join(f"«{ability(str(x))}»" for x in v)
        elif k == "rolls" and isinstance(v, (list, tuple)):
            v = ", ".join(f"«{roll_name(str(x))}»" for x in v) or t("journal.list.none")
        elif k == "roll":
            v = roll_name(str(v))
        elif k == "options" and isinstance(v, (list, tuple)):
            v = t("journal.list.or").join(t("journal.hint.learn.option", option=o, words=w) for o, w in v)
        elif k == "cause":
            v = cause(str(v))
        elif k in ("ability", "card", "kind", "item"):
            v = ability(str(v))
        elif k == "name" and key == "roll":
            v = roll_name(str(v))
        elif k == "p":
            v = percent(v)
        elif k == "value" and key == "roll":
            v = t("roll.yes") if facts.get("yes") else t("roll.no")
        elif k == "died":
            v = phase(str(v))
        elif k == "detail" and key == "file.toml":
            v = toml_syntax(str(v))[1]      # tomllib's English, worded as the config's syntax errors are
        elif k in ("forced", "behalf", "shahid", "gone", "past", "how", "boss", "found", "parity", "kept") or \
                (k == "side" and isinstance(v, bool)) or (k in ("kinds", "visitors") and not v):
            v = _flag(key, k, v)
        elif isinstance(v, (list, tuple)):
            v = _listing(v)
        words[k] = v
    return t(f"journal.{key}", **words)


_ABILITY_LISTS = ("abilities", "entered")   # facts that list a role's abilities (by identifier)


def problem(p: Problem) -> str:
    """A problem of a GM's input (resolver.Problem: a night file, a phrase for `night add`, a roll) in the
    current language: its file, place, message and hint, each a journal line (resolver.journal.Line) when the
    resolver gave it a key, as written otherwise (a path, the GM's phrase)."""
    parts = [_problem_part(x) for x in (p.file, p.where, p.message) if x]
    text = ": ".join(parts)
    return t("problem.with_hint", text=text, hint=_problem_part(p.hint)) if p.hint else text


def _problem_part(x: str) -> str:
    # a night entry's line is worded by the journal's keys (`journal.entry.*`), a ruleset's by `ruleset.*`
    if isinstance(x, Line) and not messages.has(f"journal.{x.key}"):
        return problem_text(x)
    return journal(x)


def resolver_error(exc: ResolverError) -> str:
    """A resolver error (every problem it lists, one a line) in the current language."""
    return "\n".join(problem(p) for p in exc.problems)


def tally_error(exc: Exception) -> str:
    """A count's error (`mafvote_tally.TallyError`) in the current language: its key and facts through
    `tally.error.<key>` (a list fact, the roster or the authors, as a list of names; a roster entry's index as its
    number, from 1), a [votes] table's problems (`BadRules.problems`) as `mafvote check` words them; an error with
    no key, or one the catalogue does not know, as the count wrote it."""
    problems = getattr(exc, "problems", None)
    if problems is not None:
        return "; ".join(_rule_problem(p) for p in problems)
    key = getattr(exc, "key", None)
    if not key or not messages.has(f"tally.error.{key}"):
        return str(exc)
    facts = {k: _listing(v) if isinstance(v, (list, tuple)) else v
             for k, v in exc.facts.items()}                    # type: ignore[attr-defined]
    if "i" in exc.facts:                                        # type: ignore[attr-defined]
        facts["n"] = str(exc.facts["i"] + 1)                    # type: ignore[attr-defined]
    for name in ("start", "deadline", "time"):                  # ISO 8601, as the GM types times: 01.01.2027 18:00
        if name in facts:
            facts[name] = _moment(facts[name])
    return t(f"tally.error.{key}", **facts)


def _moment(iso: Any) -> str:
    try:
        moment = datetime.fromisoformat(str(iso))
    except ValueError:
        return str(iso)
    # with its zone as every GM-read time (`game_time`); a time the config gave without one stays without
    return game_time(moment, None, year=True) if moment.tzinfo is not None else moment.strftime("%d.%m.%Y %H:%M")


def _rule_problem(p: Any) -> str:
    # tally.RuleProblem: its place, then its text keyed `ruleset.votes.<kind>` (resolver.ruleset words the same)
    facts = {k: shown(v) if k == "value" else _listing(v) if isinstance(v, list) else v for k, v in p.facts.items()}
    text = problem_text(Line.said(f"votes.{p.kind}", p.text, **facts))
    return f"{p.where}: {text}" if p.where else text


def _flag(key: str, fact: str, v: Any) -> str:
    """A journal line's optional part in words: present when the fact is set, else nothing."""
    if fact == "forced":
        return t("night.roll.forced") if v else ""
    if fact == "behalf":
        return t("journal.boss_action.behalf") if v else ""
    if fact == "shahid":
        return t("journal.day.hanged.shahid") if v else ""
    if fact == "gone":
        return t("journal.refusal.no_ability.gone") if v else ""
    if fact == "how":
        return t(f"journal.silence.{v}")
    if fact == "boss":
        if key != "night":
            return str(v)       # the successor named by `succession`: the line itself says «теперь босс»
        return t("journal.night.boss", boss=v) if v else t("journal.night.no_boss")
    if fact == "found":
        return t("journal.find.yes" if v else "journal.find.no")
    if fact == "side":
        return t("journal.refusal.used_up.side") if v else ""
    if fact == "parity":
        return messages.table().get(f"journal.refusal.parity.{v}", str(v))
    if fact == "kept":
        return t("journal.succession.kept.some", kept=v) if v else ""
    if fact in ("kinds", "visitors"):
        return t(f"journal.watch.{fact}.none")
    # `past`: the defences a kill went through ("heals and protections")
    what = [t(f"journal.kill.past.{w}") for w in ("heals", "protections") if w in str(v)]
    return t("journal.kill.past", what=" и ".join(what)) if what else ""


def percent(p: Any) -> str:
    """A roll's probability: `50 %` (ru), `0.5` (en, as the resolver wrote it)."""
    return t("percent", n=round(float(p) * 100), p=p)


def phase(value: str) -> str:
    """`night 1` / `day 2` (a death's phase as the state records it) in words: `ночь 1`, `день 2`."""
    kind, _, number = value.partition(" ")
    if kind in ("day", "night") and number.isdigit():
        return t(f"phase.{kind}", n=number)
    return value


def refusal(r: Any) -> str:
    """`Отказ: Лиса, убийство: заблокирован(а) …` — a refusal with its reason in words."""
    if isinstance(r, Mapping):
        actor, name, why = r.get("actor"), r.get("ability"), r.get("reason_line") or r.get("reason")
    else:
        actor, name, why = r.actor, r.ability, r.reason
    return t("night.refused", actor=actor, ability=ability(str(name)), reason=journal(why))


def describe(action: Any) -> str:
    """How `night add` read an action (resolver.Action.describe): «Ronin: убийство → Гафф»."""
    text = t("describe.head", actor=action.actor, ability=ability(action.ability))
    if action.role:
        text += f" [{action.role}{' / ' + action.copy if action.copy else ''}]"
    if action.targets:
        text += t("describe.targets", targets=", ".join(action.targets))
    if action.kill:
        text += t("describe.kill", targets=", ".join(action.kill))
    if action.question:
        text += f": {action.question}"
    if action.learn:
        text += f" [{action.learn}]"
    return text


def roll_text(r: Any) -> str:
    """«Бросок «лишение голоса» (Лиса, вероятность 50 %): да»."""
    get = r.get if isinstance(r, Mapping) else (lambda k: getattr(r, k))
    value = get("value")
    shown = t("roll.yes") if value is True else t("roll.no") if value is False else str(value)
    return t("night.roll", name=roll_name(str(get("name"))), actor=get("actor"), p=percent(get("p")),
             value=shown, forced=t("night.roll.forced") if get("forced") else "")


def night_alert(text: Any) -> str:
    """A resolver alert in words: a resolver.journal.Line (or its JSON) keyed `alert.…`; else as written."""
    return journal(text)


def private_lines(private: Any, letters: Mapping[str, str] | None = None) -> list[str]:
    """A step's private messages as `night resolve` and `day close` print them: each recipient's letter as the
    theme words it (`letters`, {nick: text}: what the GM sends, phase_post.private_letters) under «ЛС <nick>:»,
    its lines indented by two (a blank line between two messages of one letter stays blank); without letters (a
    theme that cannot be rendered) the resolver's plain line of each message."""
    if letters is None:
        return [t("night.private", to=p.to, text=p.text) for p in private]
    lines: list[str] = []
    for to, letter in letters.items():
        lines.append(t("night.private.head", to=to))
        lines += [f"  {x}" if x.strip() else "" for x in letter.strip("\n").split("\n")]
    return lines


def night_text(o: Any, letters: Mapping[str, str] | None = None) -> str:
    """The GM's view of a resolved night: public lines, then what only the GM sees (private results as the
    theme's letters, `private_lines`; refusals, rolls, transfers, alerts), then the journal."""
    lines = [t("night.head", night=o.night)]
    lines += [f"  {p.text}" for p in o.public] or ["  " + t("night.nothing_public")]
    if o.hidden_vote_loss:
        lines.append(t("night.hidden_vote_loss", names=_listing(list(o.hidden_vote_loss))))
    if o.alibis:
        lines.append(t("night.alibis", names=_listing(list(o.alibis))))
    if o.saved:
        lines.append(t("night.saved", names=_listing(list(o.saved))))
    lines += private_lines(o.private, letters)
    lines += [t("night.refused.line", text=refusal(r)) for r in o.refused]
    lines += [roll_text(r) for r in o.rolls]
    lines += [t(f"night.transfer.{kind}" if messages.has(f"night.transfer.{kind}") else "night.transfer",
                kind=kind, source=src, to=to) for kind, src, to in o.transfers]
    lines += [t("night.alert", text=night_alert(a)) for a in o.alerts]
    lines.append(t("night.journal"))
    lines += [f"  {journal(x)}" for x in o.log]
    return "\n".join(lines)


def hidden_outcome(tally: Any) -> str | None:
    """Why a closed day's real result must not be told with its reason (tally.format.hidden_outcome), in words;
    None when it may."""
    f = hidden_outcome_facts(tally)
    if f is None:
        return None
    public = f["public"]
    if not public:
        shown = t("hidden.none")
    else:
        shown = t("hidden.leaders" if len(public) > 1 else "hidden.leader", names=_listing(public), top=f["top"])
    head = t("hidden.head", shown=shown, reason=reason(str(f["reason"])),
             real=t("hidden.real", names=_listing(f["real"])) if f["real"] else "")
    if f["tie"] is not None:
        return t("hidden.tie", head=head, tie=reason(f["tie"]),
                 later=t("hidden.later") if f["tie_still_forgiven"] else "")
    return t("hidden.plain", head=head)


def left(delta: Any) -> str:
    """A span of time as the status shows it: `2 ч 05 мин`, `15 мин`, `3 сут 4 ч`, `время вышло 3 мин назад`."""
    seconds = int(delta.total_seconds())
    minutes = (-seconds) // 60 if seconds < 0 else -(-seconds // 60)
    if minutes >= 48 * 60:
        text = t("span.days", d=minutes // 1440, h=minutes % 1440 // 60)
    elif minutes >= 60:
        text = t("span.hours", h=minutes // 60, m=minutes % 60)
    else:
        text = t("span.minutes", m=minutes)
    return t("span.passed", text=text) if seconds < 0 else text


def job(j: Any) -> str:
    """A planned job of the daemon (mafvote.daemon.PlannedJob) in words; its label when it has no facts."""
    if j.kind == "crawl" and getattr(j, "every", None) is not None:
        return t("status.job.crawl", every=left(j.every), label=j.label)
    if j.kind in ("deadline_soon", "deadline") and getattr(j, "day", None) is not None:
        offset = (duration_parts(messages.current(), int(j.every.total_seconds() // 60))
                  if getattr(j, "every", None) is not None else "")
        return t(f"status.job.{j.kind}", day=j.day, offset=offset, label=j.label)
    return j.label


# The causes of death the resolver records (resolver/kills.py and resolver/night.py `died`, resolver/day.py), first match wins; a
# cause of another shape is shown as recorded.
# (compiled at the first death worded, through re's cache, not by every command importing this module: issue 17)
_DEATH_CAUSES: tuple[tuple[str, str], ...] = (
    ("hanged", r"hanged"),
    ("modkill", r"modkill"),
    ("killed_boss", r"killed by (?P<actor>.+) \(boss\)"),
    ("killed", r"killed by (?P<actor>.+) \((?P<role>[^()]+)\)"),
    ("wrong_role_shot", r"wrong role shot by (?P<actor>.+)"),
    ("role_shot", r"role shot by (?P<actor>.+)"),
    ("bloody_visitor", r"visitor of (?P<target>.+), bloody kill by (?P<actor>.+)"),
    ("bloody_kill", r"bloody kill by (?P<actor>.+)"),
    ("counter_strike", r"counter-strike by (?P<actor>.+)"),
    ("guarding", r"died guarding (?P<target>.+)"),
    ("shahid", r"taken by the shahid (?P<actor>.+)"),
    # a silence's cause (resolver/night.py `add_silence`), in the night's journal
    ("silenced_visit", r"silenced by (?P<actor>.+)'s visit"),     # 001: a block's 50 % silence
    ("silenced", r"silenced by (?P<actor>.+)"),
    ("intimidated", r"intimidated by (?P<actor>.+)"),
)


def death_cause(cause: str, *, language: str | None = None, prefix: str = "cause") -> str:
    """A cause of death as the resolver records it (`killed by Ронин (boss)`, `hanged`) in `language`
    (`убийство: Ронин (босс)`, `повешение`); English and an unknown cause: as recorded. `prefix`: the
    catalogue's keys (`journal.cause` words it for the journal, after «нападение:»)."""
    for key, pattern in _DEATH_CAUSES:
        found = re.fullmatch(pattern, cause)
        if found:
            return t(f"{prefix}.{key}", language=language, cause=cause, text=cause, **found.groupdict())
    return cause


def problem_text(text: Any) -> str:
    """A resolver problem's message or hint in the current language: a `Line` the catalogue words as
    `ruleset.<key>` (its `shape` fact, the kind of value a key takes, worded as `ruleset.shape.<shape>`); a plain
    text, or one the catalogue does not word yet, as the resolver wrote it."""
    key, facts, english = _entry(text)
    if key is None or not messages.has(f"ruleset.{key}"):
        return english
    words = dict(facts)
    if "shape" in words:
        words["expected"] = t(f"ruleset.shape.{words['shape']}")
    if key == "toml":
        # tomllib's own message (`Invalid value (at line 3, column 9)`), worded as the config's syntax errors are
        words["what"] = toml_syntax(str(words.get("detail", "")))[1]
    return t(f"ruleset.{key}", **words)
