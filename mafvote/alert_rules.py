"""Which alerts are due now: pure functions from data (a tally, the deadline, `now`, crawl health) to
`Alert` records. No clock, no I/O: the daemon passes `now` and sends what comes back through
`mafvote.alerts.AlertSender`, whose log drops keys already sent.

    tally JSON (GM view) ──┐
    deadline, now ─────────┼─> day_alerts(...) ──> [Alert(key=...)]  ─> AlertSender.send
    before_deadline ───────┤
    day post text ─────────┘
    CrawlHealth ───────────────> crawl_alerts(...) ─> [Alert]

Each alert's `key` names the situation, not the moment it was noticed, so every crawl that sees the
same situation produces the same key and the GM gets it once:

| kind | key | when |
|---|---|---|
| deadline_soon | `deadline_soon:day3:15m` | the nearest `before_deadline` offset reached, day still open |
| deadline | `deadline:day3` | the deadline passed (or the day closed early by itself) |
| early_close | `early_close:day3`, `early_close_majority:day3` | the tally's early-close alerts (RULES.md §3.11) |
| modkill_candidate | `modkill_candidate:day3:<player>` | the tally flags the second missed vote (RULES.md §3.6) |
| under_active | `under_active:day3:<player>` | the closed day's activity flags, before the night deadline (RULES.md §3.13) |
| silent_player | `silent_player:day3:<player>` | the tally's 24 h silence alert (RULES.md §3.13, 001 rule 3) |
| vote_flag | `vote_flag:post123:ambiguous_name` | each flag that needs the GM's judgment |
| crawl_failing | `crawl_failing:<topic>:<first failure>` | N failed crawls in a row, or a layout not recognised |
| publish_failing | `publish_failing:login:day3` | the forum refused the bot's login (once a day) |
| publish_failing | `publish_failing:write:<first failure>` | the count files or pages cannot be written |

The tally may be a `tally.Tally` or its `to_json()` dict; it should be the GM view (the public view
hides silences, modkill and activity flags).

Every function takes `language` (`[alerts] language`, "en" by default): the texts come from
`mafvote.alert_texts`, one table per language; keys and kinds are the same in every language, so a GM
who switches the language mid-game is not alerted again about what was already sent. The day's functions
take `names` ({slot: the account playing it now}): the tally names a replaced slot by its first nick, the
texts name the account the GM writes to; keys keep the slot's nick.

`gm_report_data` gives the GM report (`render(theme, "gm_report", ...)`) the same texts in the same language.
"""
from __future__ import annotations

import re
from datetime import datetime, timedelta, tzinfo
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from . import alert_texts
from .alert_texts import DEFAULT_LANGUAGE, at, color, duration, has, phrase
from . import gm_text
from .gm_text import death_cause
from .crawl_text import describe_stored
from .messages import using

if TYPE_CHECKING:       # annotations only: `mafvote tally` words flags here and makes neither record (issue 17)
    from .alert_record import Alert
    from .crawl_health import CrawlHealth

__all__ = [
    "CrawlHealth",
    "JUDGMENT_FLAGS",
    "PostLink",
    "count_lines",
    "crawl_alerts",
    "day_alerts",
    "deadline_alerts",
    "death_cause",
    "early_close_alerts",
    "flag_alerts",
    "flag_text",
    "gm_report_data",
    "leaders",
    "offset_label",
    "publish_login_alerts",
    "publish_write_alerts",
    "silent_alerts",
]

# Vote flags the GM has to rule on (issue 6 item 2). `unknown_target` is added because a vote for a
# name nobody has is exactly an "ambiguous name" with zero matches: the GM decides who was meant.
# `proxy_vote` is listed for when the tally reports proxy votes (a GM posting a player's vote).
# The other flag kinds are decided by the rules and only shown in the count.
# `not_a_vote` and `early_post`: a vote the rules do not count, while the player may still vote again that day
# (RULES.md §2, §3.1); without an alert the player silently takes the penalty.
# `unknown_author`: a vote by an account outside the roster (a substitute the GM has not entered yet, or entered
# with a later time): without an alert the slot silently takes the non-voter's penalty.
# `target_removed`: a vote for a player the GM modkilled later that day weighs nothing; the GM tells the voter
# to vote again (the voter takes no penalty either way, but the vote's weight is lost unless they do).
# `dead_voter`: a player out of the game voted in the vote thread; only the living vote and a dead player falls
# silent, so the GM tells them so, or removes the post (issue 15.10); once per post, as every vote_flag.
JUDGMENT_FLAGS = ("ambiguous_name", "unknown_target", "edited", "changed_final_vote",
                  "unrecognised_colour", "proxy_vote", "not_a_vote", "early_post", "unknown_author",
                  "target_removed", "dead_voter")

PostLink = Callable[[int], str] | str | None
"""How to link a post: a function of the post id, a template with `{post_id}`, or None."""

DEFAULT_CRAWL_FAILURES = 3


def _alert(**fields: Any) -> Alert:
    from .alert_record import Alert  # start-up: the record class, which `mafvote tally` never makes

    return Alert(**fields)


def offset_label(offset: timedelta) -> str:
    """`60m`, `15m`, `90s`: the offset as the key shows it (minutes when whole, as configs write them)."""
    seconds = int(offset.total_seconds())
    return f"{seconds // 60}m" if seconds % 60 == 0 else f"{seconds}s"


def _json(tally: Any) -> Mapping[str, Any]:
    data = tally.to_json() if hasattr(tally, "to_json") else tally
    if data.get("view", "gm") != "gm":
        # The public view drops silences, modkill candidates, activity and silent players: alerting
        # from it would quietly miss exactly what the GM must act on.
        raise ValueError(f"alerts are computed from the GM view of the count, got the {data['view']!r} view "
                         f"of game {data.get('game')} day {data.get('day')}")
    return data


def _link(post_url: PostLink, post_id: int | None) -> str | None:
    if post_url is None or post_id is None:
        return None
    if isinstance(post_url, str):
        return post_url.format(post_id=post_id)
    return post_url(post_id)


def _phase(tally: Mapping[str, Any]) -> str:
    return f"day{tally['day']}"


def _time(value: Any) -> datetime | None:
    if value is None or isinstance(value, datetime):
        return value
    return datetime.fromisoformat(value)


def _show(dt: datetime, tz: tzinfo | None, language: str = DEFAULT_LANGUAGE) -> str:
    return at(language, dt, tz)


def leaders(tally: Any) -> tuple[list[Mapping[str, Any]], bool]:
    """The candidates with the highest positive total, and whether there is a tie among them."""
    data = _json(tally)
    cands = [c for c in data.get("candidates", []) if c.get("total", 0) > 0]
    if not cands:
        return [], False
    top = max(c["total"] for c in cands)
    best = [c for c in cands if c["total"] == top]
    return best, len(best) > 1


def _name(names: Mapping[str, str] | None, nick: Any) -> Any:
    """The name an alert shows for a roster slot: the account playing it now (`names`), else the slot's nick."""
    return names.get(nick, nick) if names and isinstance(nick, str) else nick


def count_lines(tally: Any, limit: int | None = None, *, language: str = DEFAULT_LANGUAGE,
                names: Mapping[str, str] | None = None) -> list[str]:
    """The count as plain lines for an alert, highest first: `Вася — 3 (Петя, Маша, Коля)` (en),
    `Вася — 3 голоса (Петя, Маша, Коля)` (ru) when every vote is against and there is no penalty; else the
    total and the parts it is made of, which add up as written: `Ёжик — итого 1: в защиту −1 (Мари), штраф +2`
    («1 голос, из них штраф +2» said a penalty was votes and hid the blue one).

    `names`: {slot: name to show} (the account playing a replaced slot now)."""
    data = _json(tally)
    cands = sorted(data.get("candidates", []), key=lambda c: (-c.get("total", 0), c["player"]))
    lines = []
    for cand in cands[:limit]:
        # the GM's view: a vote's weight when it is not 1 (the doctor's blue ×3, Герда's red ×2, a secret
        # silence ×0), so the line's arithmetic adds up for the GM reading it
        def shown(voters: list[Mapping[str, Any]]) -> str:
            text = ", ".join(str(_name(names, v["voter"])) + (f" ×{abs(v['weight'])}" if abs(v.get("weight", 1)) != 1
                                                             else "") for v in voters)
            return phrase(language, "count.voters", voters=text) if text else ""

        red = [v for v in cand.get("voters", []) if v.get("color", "red") != "blue"]
        blue = [v for v in cand.get("voters", []) if v.get("color", "red") == "blue"]
        player, penalty = _name(names, cand["player"]), cand.get("penalty") or 0
        if not blue and not cand.get("blue") and not penalty:
            lines.append(phrase(language, "count.line", player=player, total=cand["total"], voters=shown(red)))
            continue
        parts = []
        if red or cand.get("red"):
            n = cand.get("red", sum(abs(v.get("weight", 1)) for v in red))
            parts.append(phrase(language, "count.red", n=n, voters=shown(red)))
        if blue or cand.get("blue"):
            n = cand.get("blue", sum(abs(v.get("weight", 1)) for v in blue))
            parts.append(phrase(language, "count.blue", n=n, voters=shown(blue)))
        if penalty:
            parts.append(phrase(language, "count.penalty", penalty=penalty))
        # a negative total with the parts' own minus sign in Russian («итого −2: … в защиту −3»)
        total = str(cand["total"]).replace("-", "−") if language == "ru" else cand["total"]
        lines.append(phrase(language, "count.sum", player=player, total=total, parts=", ".join(parts)))
    return lines


_SAVING_REASONS = ("alibi", "unhangable", "protected")


def _saved_leaders(data: Mapping[str, Any], best: Sequence[Mapping[str, Any]]) -> list[tuple[str, str]]:
    """(leader, why) for each leader the count's outcome (GM view: "if the day closed now") saves from the
    hanging: an alibi, `unhangable`, a protection (RULES.md §3.10). Why: the outcome's reason when it is the save
    itself, else the kind of shield the save spends (tie_all), else the outcome's reason."""
    outcome = data.get("outcome") or {}
    saved = set(outcome.get("saved") or ())
    spent = {s.get("player"): s.get("kind") for s in outcome.get("spent") or () if isinstance(s, Mapping)}
    out = []
    for c in best:
        if c["player"] in saved:
            reason = outcome.get("reason")
            why = reason if reason in _SAVING_REASONS else spent.get(c["player"]) or reason or ""
            out.append((c["player"], why))
    return out


def _summary(data: Mapping[str, Any], language: str, names: Mapping[str, str] | None = None) -> list[str]:
    out = []
    best, tie = leaders(data)
    if best:
        shown = ", ".join(str(_name(names, c["player"])) for c in best)
        line = phrase(language, "summary.tie" if tie else "summary.leader", names=shown, total=best[0]["total"])
        # the top of the count is not who hangs when a shield saves them: the GM's alerts say so at once, not
        # only in the final alert's «Итог» (RULES.md §3.10)
        saved = _saved_leaders(data, best)
        if saved and not tie:
            line += phrase(language, "summary.saved", reason=alert_texts.reason(language, saved[0][1]))
        elif saved:
            line += phrase(language, "summary.saved_some", reason=", ".join(
                dict.fromkeys(alert_texts.reason(language, why) for _, why in saved)),
                names=", ".join(str(_name(names, p)) for p, _ in saved))
        out.append(line)
    else:
        out.append(phrase(language, "summary.none"))
    not_voted = [str(_name(names, p)) for p in data.get("not_voted", [])]
    out.append(phrase(language, "summary.not_voted", n=len(not_voted), names=", ".join(not_voted))
               if not_voted else phrase(language, "summary.all_voted"))
    return out


def deadline_alerts(game: str, tally: Any, *, deadline: datetime, now: datetime,
                    before_deadline: Sequence[timedelta], thread_url: str | None = None,
                    day_post: str | None = None, tz: tzinfo | None = None,
                    language: str = DEFAULT_LANGUAGE, names: Mapping[str, str] | None = None) -> list[Alert]:
    """T−60/T−15 (who has not voted, the leaders, ties) and the deadline itself (the final count, GM
    view, and the suggested day post `day_post`).

    Only the nearest offset that has been reached is due: a daemon that wakes at T−10 sends the
    T−15 warning, not a late T−60 one as well."""
    data = _json(tally)
    phase = _phase(data)
    day = data["day"]
    closed_early = _time(data.get("closed_early"))
    ended = now >= deadline or (bool(data.get("closed")) and closed_early is not None)
    if ended:
        head = (phrase(language, "deadline.closed_early", day=day, at=_show(closed_early, tz, language))
                if closed_early is not None and closed_early < deadline
                else phrase(language, "deadline.reached", day=day, at=_show(deadline, tz, language)))
        text = [phrase(language, "deadline.final", head=head), *count_lines(data, language=language, names=names),
                *_summary(data, language, names)]
        outcome = data.get("outcome") or {}
        if outcome.get("reason"):
            eliminated = (", ".join(str(_name(names, p)) for p in outcome.get("eliminated", []))
                          or phrase(language, "nobody"))
            text.append(phrase(language, "deadline.result", eliminated=eliminated,
                               reason=alert_texts.reason(language, outcome["reason"])))
        if day_post:
            text += ["", phrase(language, "deadline.day_post"), day_post]
        return [_alert(game=game, kind="deadline", text="\n".join(text), time=deadline if
                      closed_early is None else min(closed_early, deadline), phase=phase, post_url=thread_url,
                      key=f"deadline:{phase}")]
    due = [o for o in before_deadline if deadline - o <= now]
    if not due or data.get("closed"):
        return []
    offset = min(due)
    left = deadline - now
    minutes = max(1, int(-(-left.total_seconds() // 60)))
    text = [phrase(language, "soon", day=day, minutes=minutes, when_in=duration(language, minutes),
                   at=_show(deadline, tz, language)),
            *_summary(data, language, names)]
    outcome = data.get("outcome") or {}
    if _saved_leaders(data, leaders(data)[0]) and outcome.get("reason"):
        # a saved leader: who would hang if the day closed now (the GM view's outcome), as the final alert says it
        eliminated = (", ".join(str(_name(names, p)) for p in outcome.get("eliminated", []))
                      or phrase(language, "nobody"))
        text.append(phrase(language, "soon.result", eliminated=eliminated,
                           reason=alert_texts.reason(language, outcome["reason"])))
    text += count_lines(data, limit=5, language=language, names=names)
    return [_alert(game=game, kind="deadline_soon", text="\n".join(text), time=deadline - offset,
                  phase=phase, post_url=thread_url, key=f"deadline_soon:{phase}:{offset_label(offset)}")]


def _post_of(data: Mapping[str, Any], when: datetime | None) -> int | None:
    if when is None:
        return None
    for vote in data.get("votes", []):
        if _time(vote.get("time")) == when:
            return vote.get("post_id")
    return None


def _early_close_text(item: Mapping[str, Any], day: Any, language: str) -> str:
    facts = dict(item.get("data") or {})
    key = item["kind"]
    if key == "early_close" and facts.get("auto") is False:
        key = "early_close.gm"      # 001 rule 5.1: the GM closes the day, not the count
    elif key == "early_close" and "auto" not in facts:
        key = "early_close~"        # a tally JSON without the facts: say only what is certain
    return phrase(language, key, **facts, day=day, detail=item.get("detail") or item["kind"])


def early_close_alerts(game: str, tally: Any, *, post_url: PostLink = None,
                       language: str = DEFAULT_LANGUAGE) -> list[Alert]:
    """The tally's early-close alerts (RULES.md §3.11): every vote final, or a majority final."""
    data = _json(tally)
    phase = _phase(data)
    out = []
    for item in data.get("alerts", []):
        if item["kind"] not in ("early_close", "early_close_majority"):
            continue
        when = _time(item.get("time"))
        text = _early_close_text(item, data["day"], language)
        out.append(_alert(game=game, kind="early_close", text=text,
                         time=when or _time(data["deadline"]), phase=phase,
                         post_url=_link(post_url, _post_of(data, when)), key=f"{item['kind']}:{phase}"))
    return out


def _silent_text(item: Mapping[str, Any], day: Any, tz: tzinfo | None, language: str,
                 names: Mapping[str, str] | None) -> str:
    facts = dict(item.get("data") or {})
    if facts.get("since"):
        facts["since"] = _show(_time(facts["since"]), tz, language)
    return phrase(language, "silent_player", **facts, day=day, player=_name(names, item.get("player")),
                  detail=item.get("detail") or item["kind"])


def silent_alerts(game: str, tally: Any, *, now: datetime, tz: tzinfo | None = None,
                  language: str = DEFAULT_LANGUAGE, names: Mapping[str, str] | None = None) -> list[Alert]:
    """Players silent for 24 h (the tally's `silent_player` alerts, GM view): once per player per day.
    The text names the account playing the slot now (`names`; after a replacement the alert named
    the replaced account); the key keeps the slot's nick, so a replacement does not repeat the alert."""
    data = _json(tally)
    phase = _phase(data)
    out = []
    for item in data.get("alerts", []):
        if item["kind"] != "silent_player":
            continue
        text = _silent_text(item, data["day"], tz, language, names)
        out.append(_alert(game=game, kind="silent_player", text=text, time=_time(item.get("time")) or now,
                         phase=phase, post_url=None, key=f"silent_player:{phase}:{item.get('player')}"))
    return out


def _votes(language: str, votes: Sequence[Mapping[str, Any]]) -> str:
    return ", ".join(phrase(language, "vote", written=v.get("written", ""),
                            color=color(language, v.get("color", "red"))) for v in votes)


def flag_text(flag: Mapping[str, Any], tally: Any = None, *, tz: tzinfo | None = None,
              language: str = DEFAULT_LANGUAGE, names: Mapping[str, str] | None = None) -> tuple[str, str]:
    """(label, text) of a tally flag in `language`: English shows the kind and the tally's `detail`;
    other languages build the text from the flag's `data` (its facts), or from the tally's `misses` and
    `activity` for a flag without them, falling back to a shorter wording when a fact is missing."""
    kind, player = flag["kind"], flag.get("player")
    facts: dict[str, Any] = dict(flag.get("data") or {})
    data = _json(tally) if tally is not None else {}
    key = f"flag.{kind}"
    if not has(language, key):
        return kind, flag.get("detail") or kind          # a kind the tables do not know yet
    if kind == "ambiguous_name" and facts.get("candidates"):
        # start-up: the grammar package (its declension tables) only for an ambiguous name's list of candidates
        from .grammar import join_ru
        facts["candidates"] = join_ru([str(_name(names, c)) for c in facts["candidates"]], phrase(language, "or"))
    if kind == "unknown_target" and facts.get("dead"):
        facts["dead"] = _name(names, facts["dead"])
    if kind == "target_removed" and facts.get("target"):
        facts["target"] = _name(names, facts["target"])
    if "color" in facts:
        facts["color"] = color(language, facts["color"])
    if isinstance(facts.get("votes"), list):
        facts["votes"] = _votes(language, facts["votes"])
    label_key = f"flag.{kind}.label"
    if kind == "unknown_target" and facts.get("dead"):
        # the name is known: the player is out of the game (a vote for the dead, not an unknown name)
        key = label_key = "flag.unknown_target.dead"
        label_key += ".label"
    if kind == "edited" and "deleted" in facts:
        facts["edit"] = (phrase(language, "edit.deleted") if facts["deleted"]
                         else phrase(language, "edit.at", at=_show(_time(facts["at"]), tz, language))
                         if facts.get("at") else phrase(language, "edit.plain"))
        if facts.get("before_first_seen"):
            facts["edit"] += phrase(language, "edit.before_seen")
        if facts.get("reason"):
            facts["edit"] += phrase(language, "edit.reason", reason=facts["reason"])
        if facts.get("rule") in ("void", "first_seen", "after_close"):
            key = f"flag.edited.{facts['rule']}"
        now_votes = facts.get("now")
        facts["change"] = ("" if now_votes is None else phrase(
            language, "edit.change", votes=_votes(language, now_votes) or phrase(language, "edit.no_votes")))
    if kind == "changed_final_vote" and isinstance(facts.get("final"), Mapping) and isinstance(facts.get("new"), Mapping):
        facts["final_post"] = facts["final"].get("post_id")
        facts["final"], facts["new"] = _votes(language, [facts["final"]]), _votes(language, [facts["new"]])
    if kind == "not_a_vote" and isinstance(facts.get("names"), list):
        facts["names"] = ", ".join(f"«{n.get('written', '')}»" for n in facts["names"] if isinstance(n, Mapping))
        if facts.get("colors_matter") is False:
            key = "flag.not_a_vote.plain"
    if kind == "early_post" and facts.get("voted_again"):
        key = "flag.early_post.again"
    if kind == "unknown_author" and facts.get("case") in ("before_replacement", "replaced"):
        key = f"flag.unknown_author.{facts['case']}"
    if kind == "unknown_author" and facts.get("time"):
        # the command line's own form, to paste into `mafvote replace --at`
        facts["time_iso"] = _time(facts["time"]).astimezone(tz).isoformat(timespec="minutes") if tz else facts["time"]
    if kind in ("late", "early_post", "unknown_author"):
        for name in ("time", "close", "start", "at"):
            if facts.get(name):
                facts[name] = _show(_time(facts[name]), tz, language)
    if kind == "modkill_candidate" and "misses" not in facts and player in (data.get("misses") or {}):
        facts["misses"] = data["misses"][player]
    if kind == "under_active" and "posts" not in facts and player in (data.get("activity") or {}):
        facts["posts"] = data["activity"][player]
    facts.update(player=_name(names, player), detail=flag.get("detail") or kind)
    try:
        text = phrase(language, key, **facts)
    except (KeyError, TypeError, ValueError):
        text = phrase(language, f"flag.{kind}~", **facts)   # a fact missing or of another shape
    return phrase(language, label_key), text


def flag_alerts(game: str, tally: Any, *, now: datetime, post_url: PostLink = None,
                night_deadline: datetime | None = None, tz: tzinfo | None = None,
                language: str = DEFAULT_LANGUAGE, names: Mapping[str, str] | None = None) -> list[Alert]:
    """Modkill candidates, under-active players (only while the night deadline is ahead: after it the
    refusal is history) and every vote flag that needs the GM's judgment, each with its post link."""
    data = _json(tally)
    phase = _phase(data)
    day = data["day"]
    out = []
    for flag in data.get("flags", []):
        kind, player, post_id = flag["kind"], flag.get("player"), flag.get("post_id")
        link = _link(post_url, post_id)
        if kind not in ("modkill_candidate", "under_active", *JUDGMENT_FLAGS):
            continue
        label, text = flag_text(flag, data, tz=tz, language=language, names=names)
        shown = _name(names, player)      # the text's name; the key keeps the slot's nick
        if kind == "modkill_candidate":
            out.append(_alert(game=game, kind="modkill_candidate",
                             text=phrase(language, "modkill_candidate", day=day, player=shown, text=text),
                             time=now, phase=phase, post_url=link, key=f"modkill_candidate:{phase}:{player}"))
        elif kind == "under_active":
            if night_deadline is not None and now >= night_deadline:
                continue
            before = (phrase(language, "under_active.before",
                             night_iso=night_deadline.isoformat(timespec="minutes"),
                             night_at=_show(night_deadline, tz, language)) if night_deadline else "")
            out.append(_alert(game=game, kind="under_active",
                             text=phrase(language, "under_active", day=day, player=shown, text=text,
                                         before=before),
                             time=now, phase=phase, post_url=link, key=f"under_active:{phase}:{player}"))
        else:
            where = f"post{post_id}" if post_id is not None else f"{phase}:{player}"
            who = phrase(language, "vote_flag.who", player=shown) if player else ""
            out.append(_alert(game=game, kind="vote_flag",
                             text=phrase(language, "vote_flag", day=day, label=label, who=who, text=text),
                             time=now, phase=phase, post_url=link, key=f"vote_flag:{where}:{kind}"))
    return out


def day_alerts(game: str, tally: Any, *, now: datetime, deadline: datetime,
               before_deadline: Sequence[timedelta], post_url: PostLink = None,
               thread_url: str | None = None, day_post: str | None = None,
               night_deadline: datetime | None = None, tz: tzinfo | None = None,
               language: str = DEFAULT_LANGUAGE, names: Mapping[str, str] | None = None) -> list[Alert]:
    """Everything due now about a day, from its GM-view tally. `names`: {slot: the account playing it now}
    for the texts (the tally names slots by their first nick); keys keep the slots' nicks."""
    data = _json(tally)         # once: a busy day's count is ~1 ms of JSON, and the daemon asks after every post
    return [
        *early_close_alerts(game, data, post_url=post_url, language=language),
        *flag_alerts(game, data, now=now, post_url=post_url, night_deadline=night_deadline, tz=tz,
                     language=language, names=names),
        *silent_alerts(game, data, now=now, tz=tz, language=language, names=names),
        *deadline_alerts(game, data, deadline=deadline, now=now, before_deadline=before_deadline,
                         thread_url=thread_url, day_post=day_post, tz=tz, language=language, names=names),
    ]


def crawl_alerts(game: str, health: CrawlHealth, *, now: datetime, phase: str,
                 threshold: int = DEFAULT_CRAWL_FAILURES, tz: tzinfo | None = None,
                 language: str = DEFAULT_LANGUAGE) -> list[Alert]:
    """The crawler failing `threshold` times in a row, or a page whose layout was not recognised:
    once per run of failures (a success in between starts a new run, with a new key).

    The crawler's error names the URL, the HTTP status or the missing element, which the GM may need to pass on.
    It is worded in the alert's language from its key and facts (`last_error_phrase`, `mafvote.crawl_text`); one
    stored without them is quoted as the crawler wrote it, in English. A Russian alert says what failed in
    Russian first (`cause`, read from the English's known shapes) and puts the error after it, marked as the error."""
    if not health.layout_unrecognised and health.failures_in_a_row < threshold:
        return []        # nothing to say, as at nearly every poll: no text worded for nothing (issue 17, the tick)
    since = health.first_failure_at or now
    stamp = since.isoformat(timespec="seconds")
    shown = describe_stored(health.last_error, health.last_error_phrase, language) if health.last_error else ""
    error = phrase(language, "crawl.error", error=shown) if shown else ""
    cause = _crawl_cause(language, health.last_error or "")
    where = health.url or health.topic
    if health.layout_unrecognised:
        text = phrase(language, "crawl.layout", where=where, error=error)
        return [_alert(game=game, kind="crawl_failing", text=text, time=now, phase=phase, post_url=health.url,
                      key=f"crawl_failing:layout:{health.topic}:{stamp}")]
    text = phrase(language, "crawl.failing", where=where, failures=health.failures_in_a_row, stamp=stamp,
                  since=_show(since, tz, language), error=error, cause=cause)
    return [_alert(game=game, kind="crawl_failing", text=text, time=now, phase=phase, post_url=health.url,
                  key=f"crawl_failing:{health.topic}:{stamp}")]


def publish_login_alerts(game: str, *, forum: str, user: str, env: str, error: str, day: int, now: datetime,
                         phase: str, thread_url: str | None = None,
                         language: str = DEFAULT_LANGUAGE) -> list[Alert]:
    """The forum refused the bot's login: the running count is not on the forum until the GM fixes the account
    or its password. Once per day (a password fixed and broken again the same day is in the log)."""
    text = phrase(language, "publish.login", forum=forum, user=user, env=env,
                  error=phrase(language, "crawl.error", error=error) if error else "")
    return [_alert(game=game, kind="publish_failing", text=text, time=now, phase=phase, post_url=thread_url,
                  key=f"publish_failing:login:day{day}")]


def publish_write_alerts(game: str, *, errors: Sequence[str], since: datetime, now: datetime, phase: str,
                         tz: tzinfo | None = None, language: str = DEFAULT_LANGUAGE) -> list[Alert]:
    """The count files or the game's pages cannot be written (no permission, a full disk): they keep an old count
    until the GM fixes the folder. `errors` are worded already (`publish_text`: the folder and what to do). Once per
    run of failures (`since`, its first tick): the daemon starts a new run after a tick that writes them again."""
    text = phrase(language, "publish.write", since=_show(since, tz, language),
                  error="".join(phrase(language, "crawl.error", error=error) for error in errors))
    return [_alert(game=game, kind="publish_failing", text=text, time=now, phase=phase, post_url=None,
                  key=f"publish_failing:write:{since.isoformat(timespec='seconds')}")]


# The shapes of the crawler's errors (scraper/fetch.py `ForumClient.get`), first match wins: a cause the GM can
# read in the alert's language. An error of another shape has no cause; it is still shown, marked as the error.
# (compiled with re.I at the first crawl error worded, through re's cache: issue 17)
_CRAWL_CAUSES: tuple[tuple[str, str], ...] = (
    ("rate_limited", r"\bHTTP (?P<status>429)\b|the forum asks to wait"),
    ("timeout", r"\btimed out\b|\btimeout\b"),
    ("refused", r"connection refused|\[Errno 111\]|\[Errno 61\]|actively refused"),
    ("dns", r"name or service not known|nodename nor servname|getaddrinfo|name resolution|no address associated"),
    ("tls", r"\bSSL\b|certificate|\bTLS\b"),
    ("connection", r"connection failed|connection reset|connection aborted|network is unreachable"),
    ("not_found", r"\bHTTP (?P<status>404|410)\b"),
    ("forbidden", r"\bHTTP (?P<status>401|403)\b"),
    ("server", r"\bHTTP (?P<status>5\d\d)\b"),
    ("http", r"\bHTTP (?P<status>\d{3})\b"),
)


def _crawl_cause(language: str, error: str) -> str:
    for key, pattern in _CRAWL_CAUSES:
        found = re.search(pattern, error, re.I)
        if found:
            return phrase(language, f"crawl.cause.{key}", status=found.groupdict().get("status") or "")
    return ""


def gm_report_data(data: Mapping[str, Any], *, language: str = DEFAULT_LANGUAGE,
                   tz: tzinfo | None = None) -> dict[str, Any]:
    """`render` data for the GM report (`render(theme, "gm_report", data)`) with its texts in `language`
    (`[alerts] language`): the report of a Russian-speaking GM words each vote flag and each tally alert as
    the alerts do (one table, `mafvote.alert_texts`), a cause of death in Russian, and a side by the ruleset's
    name for it (`пустота`, not `hollows`). English lines stay as the report always wrote them.

    Adds to each tally flag `label`, `text` and `line` (the report's line), to each tally alert `text` and
    `line`, and to each death of the outcome `side_title` (when `data["sides"]` names the side) and
    `cause_texts`; templates/_base/gm_report.j2 prints them where present. Sets `language`, which words the
    report's notes (`mafvote.render.gm_notes`: genders, nicks left undeclined). `data` is not changed."""
    out = dict(data)
    out["language"] = language
    tally = data.get("tally")
    if isinstance(tally, Mapping):
        tally = dict(tally)
        gm_view = tally.get("view", "gm") == "gm"
        flags = []
        for flag in tally.get("flags") or ():
            label, text = flag_text(flag, tally if gm_view else None, tz=tz, language=language)
            player, post_id = flag.get("player"), flag.get("post_id")
            post = phrase(language, "report.post", post_id=post_id) if post_id is not None else ""
            where = f"{player}{post}" if player else post.removeprefix(", ") or "—"
            line = phrase(language, "report.flag", kind=flag["kind"], label=label, text=text, where=where,
                          player_or_dash=player or "—", post=post, detail=flag.get("detail") or flag["kind"])
            flags.append({**flag, "label": label, "text": text, "line": line})
        alerts = []
        for item in tally.get("alerts") or ():
            if item.get("kind") == "silent_player":
                text = _silent_text(item, tally.get("day"), tz, language, None)
            elif item.get("kind") in ("early_close", "early_close_majority"):
                text = _early_close_text(item, tally.get("day"), language)
            else:
                text = item.get("detail") or item.get("kind", "")
            alerts.append({**item, "text": text, "line": phrase(language, "report.alert", kind=item.get("kind"),
                                                                detail=item.get("detail") or "", text=text)})
        tally.update(flags=flags, alerts=alerts)
        out["tally"] = tally
    outcome = data.get("outcome")
    if isinstance(outcome, Mapping):
        out["outcome"] = _worded_outcome(outcome, data.get("sides") or {}, data.get("roster") or (), language)
    return out


def _worded_outcome(outcome: Mapping[str, Any], sides: Mapping[str, Any], roster: Any,
                    language: str) -> dict[str, Any]:
    """The outcome's GM-facing parts in `language` (mafvote.gm_text): causes of death, the side's name
    (the feminine title for a woman), refusals, rolls, the silences' days and the journal."""
    genders = {p.get("nick"): p.get("gender") for p in roster if isinstance(p, Mapping)}
    out = dict(outcome)
    with using(language):
        deaths = []
        for death in outcome.get("deaths") or ():
            death = dict(death)
            side = sides.get(death.get("side")) or {}
            title = (side.get("title_f") if genders.get(death.get("player")) == "f" else None) or side.get("title")
            if title:
                death["side_title"] = title
            death["cause_texts"] = [death_cause(c, language=language) for c in death.get("causes") or ()]
            deaths.append(death)
        if deaths:
            out["deaths"] = deaths
        reasons = list(outcome.get("refused_journal") or ())
        out["refused"] = [{**r, "text": gm_text.refusal({**r, "reason_line": reasons[i] if i < len(reasons) else None})}
                          for i, r in enumerate(outcome.get("refused") or ())]
        out["saved"] = [{**s, "reason_text": gm_text.reason(str(s.get("reason")))} if isinstance(s, Mapping) else s
                        for s in outcome.get("saved") or ()]
        out["rolls"] = [{**r, "text": gm_text.roll_text(r)} for r in outcome.get("rolls") or ()]
        out["silenced"] = [{**s, "days_text": phrase(language, "report.days", n=int(s.get("days") or 1))}
                           for s in outcome.get("silenced") or ()]
        out["journal_texts"] = [gm_text.journal(x) for x in outcome.get("journal") or outcome.get("log") or ()]
        out["alert_texts"] = [gm_text.night_alert(a) for a in outcome.get("alert_lines") or outcome.get("alerts") or ()]
    return out


def __getattr__(name: str) -> object:
    if name == "CrawlHealth":
        from .crawl_health import CrawlHealth  # start-up: the record class, which `mafvote tally` never makes

        return CrawlHealth
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
