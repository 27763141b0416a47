"""The context a kind's template renders from: the phase's deaths, silences, events and result as the public
may see them, the live count's rows, and for the GM's report (`gm`) everything the public posts leave out."""
from __future__ import annotations

__all__ = ["post_context"]

from datetime import datetime
from typing import Any, Mapping

from markupsafe import Markup

from mafvote_tally.format import format_bbcode, outcome_text, shown_reason
from mafvote_tally.format import time_left as tally_time_left

from .environment import Deferred, parse_time
from .kinds import LIST_EVENTS
from .notes import gm_notes
from .theme import Theme
from .views import Views, events_from


def _time_left(deadline: datetime | None, now: datetime | None) -> str:
    """«осталось 2 часа 5 минут», «осталась 1 минута», «осталось 3 дня 2 часа»; "" once the deadline passed.
    The live count's own wording (`tally.format.time_left`, verb included), so the HTML page and the BBCode
    count never say the time left two ways."""
    if deadline is None or now is None:
        return ""
    return tally_time_left(deadline, now)


def _phase_number(kind: str, data: Mapping[str, Any]) -> int | None:
    if data.get("phase") is not None:
        return int(data["phase"])
    outcome = data.get("outcome") or {}
    for k in ("night", "day"):
        if isinstance(outcome.get(k), int):
            return outcome[k]
    tally = data.get("tally") or {}
    return tally.get("day")


def post_context(theme: Theme, kind: str, data: Mapping[str, Any], views: Views, public: bool,
             fmt: str = "bbcode") -> dict[str, Any]:
    outcome = dict(data.get("outcome") or {})
    tally = data.get("tally")
    is_night = "night" in outcome and kind != "day"
    phase_kind = "night" if is_night else "day"
    if kind == "private" and "day" not in outcome:
        phase_kind = "night"      # messages without a day's outcome come from a night (the old default)
    ctx: dict[str, Any] = {
        "theme": theme.name, "theme_title": theme.title, "kind": kind,
        "game": dict(data.get("game") or {}), "n": _phase_number(kind, data),
        "deadline": parse_time(data.get("deadline"), "deadline"),
        "now": parse_time(data.get("now"), "now"),
        "players": views.order, "P": views.person, "R": views.role,
    }
    ctx["time_left"] = _time_left(ctx["deadline"], ctx["now"])
    ctx["outcome_is_night"] = is_night
    # "night" | "day": the phase the post is about; a private message after a day (the new boss after a
    # hanging) is headed «(день N)», not «(ночь N)»
    ctx["phase_kind"] = phase_kind
    if kind in ("night", "day", "gm_report"):
        deaths = [views.death(d, phase_kind) for d in outcome.get("deaths") or ()]
        ctx["deaths"] = deaths
        silenced = [s for s in outcome.get("silenced") or () if s.get("announced")]
        ctx["silenced"] = [views.person(s.get("player")) for s in silenced]
        events = [e for e in events_from(outcome.get("public") or ()) if e.kind not in LIST_EVENTS]
        ctx["events"] = events
        saved = outcome.get("saved") or []
        ctx["saved_day"] = [(views.person(s.get("player")), s.get("reason", "")) for s in saved
                            if isinstance(s, Mapping)]
        ctx["winner"] = outcome.get("winner")
        # RULES.md §5: the final post says who won («Победа маньяка»); never the shown-as side of a death
        side = views.side(ctx["winner"]) if ctx["winner"] else None
        ctx["win"] = side.winner if side is not None else ""
        ctx["reason"] = _post_reason(tally) if public else (tally or {}).get("outcome", {}).get("reason")
        if ctx["reason"] == "undisclosed":
            ctx["saved_day"] = []        # «избежал казни» would tell of a tie the public count does not show
        ctx["hanged"] = [d for d, raw in zip(deaths, outcome.get("deaths") or ())
                         if "hanged" in (raw.get("causes") or ())]
        ctx["modkilled"] = [d for d, raw in zip(deaths, outcome.get("deaths") or ())
                            if "modkill" in (raw.get("causes") or ())]
        if is_night:
            # a modkill the GM made during the night is announced in the night's post on its own line
            # (`mafvote render` adds it to the outcome), not among the night's victims
            ctx["deaths"] = [d for d in deaths if d not in ctx["modkilled"]]
        # RULES.md §5: after the game's end the final post names every mask with its account (000 rule 14
        # «Все подмаски будут оглашены ГМом по окончанию игры»); never before: it is hidden information
        ctx["masks"] = list(views.masks) if ctx["winner"] else []
    if kind == "votecount" or (kind == "gm_report" and tally):
        ctx.update(_tally_context(tally or {}, views))
    if kind == "votecount":
        # the one wording of the live count is `tally.format.format_bbcode` (the daemon's published file and
        # forum post, `mafvote tally --format bbcode`); the template adds the flavour text around it
        ctx["count_names"] = {nick: str(views.person(nick)) for nick in _tally_names(tally or {})}
        # the deadline as the caller gives it (in the game's time zone), else the count's own
        shown = {**(tally or {}), **({"deadline": ctx["deadline"]} if ctx["deadline"] else {})}
        # made when a template reads it: the bundled HTML page lays the count out itself (a GM's may print it)
        now, names, markup = ctx["now"], ctx["count_names"], fmt == "bbcode"
        ctx["count"] = Deferred(lambda: Markup(format_bbcode(shown, now, names=names, markup=markup)))
        ctx["count_outcome"] = outcome_text(tally or {}, ctx["count_names"])
    if not public:
        ctx["gm"] = _gm_context(outcome, tally, views, data)
    return ctx


def _post_reason(tally: Mapping[str, Any] | None) -> str | None:
    """The outcome reason a public post gives: with the public count at hand, `undisclosed` where the real
    reason would contradict it (`tally.format.shown_reason`); a GM-view count or a bare reason as it is."""
    if not tally:
        return None
    if tally.get("view") == "public" and "candidates" in tally:
        return shown_reason(tally)
    return (tally.get("outcome") or {}).get("reason")


def _tally_names(t: Mapping[str, Any]) -> set[str]:
    names = set(t.get("not_voted") or ()) | set(t.get("silenced") or ()) | set(t.get("final") or ())
    names |= set((t.get("outcome") or {}).get("eliminated") or ()) | set((t.get("outcome") or {}).get("saved") or ())
    for c in t.get("candidates") or ():
        names.add(c.get("player"))
        names |= {v.get("voter") for v in c.get("voters") or ()}
    return {n for n in names if n}


def _tally_context(t: Mapping[str, Any], views: Views) -> dict[str, Any]:
    rows = []
    for c in t.get("candidates") or ():
        voters = c.get("voters") or ()
        red = [v for v in voters if v.get("color") != "blue"]
        blue = [v for v in voters if v.get("color") == "blue"]
        rows.append({
            "player": views.person(c.get("player")), "total": c.get("total", 0), "red": c.get("red", 0),
            "blue": c.get("blue", 0), "penalty": c.get("penalty", 0),
            "red_voters": [views.person(v.get("voter")) for v in red],
            "blue_voters": [views.person(v.get("voter")) for v in blue],
            # a voter silenced by an announced silence is listed but counts 0 (public view)
            "red_count": sum(1 for v in red if v.get("weight", 1)),
            "blue_count": sum(1 for v in blue if v.get("weight", 1)),
            "voided": [views.person(v.get("voter")) for v in voters if not v.get("weight", 1)],
        })
    outcome = t.get("outcome") or {}
    return {
        "day": t.get("day"), "rows": rows,
        # 004 (`colors_matter = false`): every vote is against; the count never speaks of red and blue
        "colors_matter": t.get("colors_matter", True) is not False,
        "tally_saved": [views.person(p) for p in outcome.get("saved") or ()],
        "tally_tied": [views.person(p) for p in outcome.get("tied") or ()],
        "not_voted": [views.person(p) for p in t.get("not_voted") or ()],
        "tally_silenced": [views.person(p) for p in t.get("silenced") or ()],
        "final": [views.person(p) for p in t.get("final") or ()],
        "closed": bool(t.get("closed")), "closed_early": parse_time(t.get("closed_early"), "closed_early"),
        "reason": _post_reason(t),
        "eliminated": [views.person(p) for p in outcome.get("eliminated") or ()],
        "tally_deadline": parse_time(t.get("deadline"), "tally.deadline"),
    }


def _gm_death(d: Mapping[str, Any], views: Views) -> dict[str, Any]:
    """A death in the GM's report: the person, and a side title that agrees with them as the posts' does («мирная»
    for a woman, also one whose gender the grammar takes from her name; «сторона мирных» without a gender), never
    the masculine title beside a woman's name."""
    person = views.person(d.get("player"))
    out = dict(d, person=person)
    side = views.side(d.get("side"))
    if "side_title" in d and side is not None and side.title_f and not side.label:
        out["side_title"] = side.for_gender(person.grammatical_gender)
    return out


def _gm_context(outcome: Mapping[str, Any], tally: Mapping[str, Any] | None, views: Views,
                data: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "deaths": [_gm_death(d, views) for d in outcome.get("deaths") or ()],
        "saved": [views.person(s) if isinstance(s, str) else views.person(s.get("player"))
                  for s in outcome.get("saved") or ()],
        "saved_why": [s for s in outcome.get("saved") or () if isinstance(s, Mapping)],
        "silenced": [dict(s, person=views.person(s.get("player"))) for s in outcome.get("silenced") or ()],
        "next_day": outcome.get("next_day") or {},
        "public": events_from(outcome.get("public") or ()),
        "private": events_from(outcome.get("private") or ()),
        "refused": list(outcome.get("refused") or ()),
        "rolls": list(outcome.get("rolls") or ()),
        "log": list(outcome.get("log") or ()),
        # the journal, refusals and rolls worded in the GM's language (alert_rules.gm_report_data)
        "journal_texts": list(outcome.get("journal_texts") or ()),
        "flags": list((tally or {}).get("flags") or ()),
        "alerts": list((tally or {}).get("alerts") or ())
                  + [{"kind": "night", "detail": a, **({"line": w} if w is not None else {})}
                     for a, w in zip(outcome.get("alerts") or (),
                                     list(outcome.get("alert_texts") or ()) + [None] * len(outcome.get("alerts") or ()))],
        "notes": gm_notes(data, views=views),
        "winner": outcome.get("winner"),
    }
