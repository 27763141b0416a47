"""The GM's notes on a phase's posts: players whose gender the grammar had to infer or could not, names left
uninflected, event kinds the theme has no phrase for, and a real result the public count must not explain. In
the GM's language (`data["language"]`)."""
from __future__ import annotations

__all__ = ["gm_notes"]

from typing import Any, Mapping

from .. import gm_text, grammar, messages
from .environment import make_environment
from .kinds import LIST_EVENTS
from .theme import load_theme
from .views import Views


def _mentioned(data: Mapping[str, Any], views: Views) -> set[str]:
    """The nicks a phase's posts name: the dead, the silenced, the players of events and of the count."""
    names: list[str] = []
    outcome = data.get("outcome") or {}
    names += [d.get("player", "") for d in outcome.get("deaths") or ()]
    names += [s.get("player", "") for s in outcome.get("silenced") or ()]
    names += [str(e.get("data", {}).get("player", "")) for e in outcome.get("public") or ()
              if isinstance(e.get("data"), Mapping)]
    t = data.get("tally") or {}
    for c in t.get("candidates") or ():
        names.append(c.get("player", ""))
        names += [v.get("voter", "") for v in c.get("voters") or ()]
    names += list(t.get("not_voted") or ()) + list(t.get("silenced") or ())
    return {views.person(n).nick for n in names if n}


def gm_notes(data: Mapping[str, Any], *, theme: str | None = None, views: Views | None = None) -> list[str]:
    """What the GM should check in the posts: players without a gender the grammar could infer, names left
    uninflected, event kinds the theme has no phrase for (the resolver's plain text is used for them).
    In Russian when `data["language"]` is "ru" (the GM report's `[alerts] language`); English otherwise. The
    hidden-result warning (`gm_text.hidden_outcome`) too."""
    if views is None:
        env = make_environment("text", data.get("templates_dir"))
        views = Views(data, load_theme(env, theme or "new_year"))
    language = data.get("language") if data.get("language") in messages.LANGUAGES else "en"
    with messages.using(language):
        return _gm_notes(data, views, language)


def _gm_notes(data: Mapping[str, Any], views: Views, language: str) -> list[str]:
    notes = []
    mentioned = _mentioned(data, views)
    for p in views.order:
        if mentioned and p.nick not in mentioned:
            continue      # only the players this phase's posts name
        if p.gender not in ("m", "f"):
            inferred = grammar.gender_from_name(p.shown)
            if inferred:
                notes.append(messages.text("note.gender_inferred", nick=p.nick, shown=p.shown,
                                           inferred=messages.text(f"note.gender.{inferred}")))
            else:
                notes.append(messages.text("note.gender_unknown", nick=p.nick))
        note = grammar.inflection_note(p, language=language)
        if note:
            notes.append(note)
    public_count = data.get("public_tally") or data.get("tally") or {}
    if public_count.get("view") == "public" and "candidates" in public_count:
        hidden = gm_text.hidden_outcome(public_count)
        if hidden:
            notes.append(messages.text("note.hidden", day=public_count.get("day"), hidden=hidden))
    outcome = data.get("outcome") or {}
    for e in outcome.get("public") or ():
        kind = e.get("kind", "")
        if kind not in LIST_EVENTS and f"event.{kind}" not in views.theme.phrases:
            notes.append(messages.text("note.event", kind=repr(kind), theme=views.theme.name,
                                       text=repr(e.get("text", ""))))
    return notes
