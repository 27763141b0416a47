"""The words of the day-at-a-glance pages (mafvote.pages) in a page's language: the public pages are the players', who
read the Russian forum, so they are Russian whatever `[alerts] language`; the GM's follow the GM's language
(`page_language`). The templates' words are the catalogue's `pages.w.*` (`page_words` gives a template its `w(...)`),
and so are the vote log's, the chart's (mafvote.pages_chart), each vote's reason and, on the GM's pages in English, a
closed day's result and the time left; in Russian those two stay the live count's own (`tally.format`), whose verbs
agree with their numbers. Russian is byte for byte what the pages said before the words moved here (issue 14's
leftover, issue 17 session)."""
from __future__ import annotations

import re
from datetime import datetime
from functools import lru_cache, partial
from typing import Any, Mapping

from mafvote_tally import Tally
from mafvote_tally.format import outcome_text, shown_reason, time_left

from . import messages
from .alert_texts import at

__all__ = ["outcome_in", "page_language", "page_word", "page_words", "phase_label", "shown_times", "time_left_in",
           "vote_reason", "winner_in"]


def page_language(view: str) -> str:
    """The language of a view's pages: the public pages are the players', who read the Russian forum, so they are
    Russian whatever `[alerts] language` (like the themed posts); the GM's follow the GM's language (the current
    one: the CLI's and the daemon's `messages.use`)."""
    return "ru" if view == "public" else messages.current()


def page_words(view: str) -> dict[str, Any]:
    """How a page's template words it: `w(key, **facts)`, the catalogue's `pages.w.<key>` in the view's language
    (`page_language`), and the page's `lang`."""
    language = page_language(view)
    return {"w": partial(page_word, language), "lang": language}


def page_word(language: str, key: str, **facts: Any) -> str:
    if not facts:
        return _bare_word(language, key)
    return messages.text(f"pages.w.{key}", language, **facts)


@lru_cache(maxsize=None)
def _bare_word(language: str, key: str) -> str:
    # a word without facts is the same at every regeneration (the catalogue is fixed in a process's life): a game's
    # two pages ask for some hundred of them a tick (issue 17)
    return messages.text(f"pages.w.{key}", language)


def phase_label(phase, language: str) -> str:  # noqa: ANN001 - Phase
    """«день 3» / «ночь 3» in `language` (`Phase.label_ru` in Russian)."""
    return page_word(language, f"phase.{phase.kind}", n=phase.number)


def time_left_in(deadline: datetime, now: datetime, language: str) -> str:
    """The time left as a page says it, "" once it has passed: in Russian the live count's words (`tally.format.
    time_left`, the verb agreeing with the number); in another language the words the page's clock script counts
    down with (`pages.w.left.*`)."""
    if language == "ru":
        return time_left(deadline, now)
    seconds = int((deadline - now).total_seconds())
    if seconds <= 0:
        return ""
    m = seconds // 60
    h, d = m // 60, m // 1440
    if h >= 48:
        return page_word(language, "left.days").format(d, h % 24)
    if h > 0:
        return page_word(language, "left.hours").format(h, m % 60)
    return page_word(language, "left.minutes").format(m) if m > 0 else page_word(language, "left.under_a_minute")


def outcome_in(tally: Tally, names: Mapping[str, str], language: str) -> str:
    """A closed day's result in `language`: in Russian the live count's (`tally.format.outcome_text`)."""
    if language == "ru":
        return outcome_text(tally, names)
    data = tally.to_json()
    outcome = data.get("outcome") or {}
    reason = shown_reason(data) or ""

    def who(players: Any) -> str:
        return ", ".join(names.get(p, p) for p in players or ()) or "—"

    eliminated = outcome.get("eliminated") or ()
    key = f"result.{reason}" + (".nobody" if reason in ("decision", "undisclosed") and not eliminated else "")
    if not messages.has(f"pages.w.{key}", language):
        return reason
    text = page_word(language, key, who=who(eliminated))
    if reason == "tie_all" and outcome.get("saved"):
        text += page_word(language, "result.saved", who=who(outcome.get("saved")))
    return text


def winner_in(service, winner: str | None, language: str) -> str:  # noqa: ANN001 - GameService
    """The side that has won as the game's page says it after «Игра окончена» / "The game is over": the game's
    result phrase (`GameService.winner_text`: «победа мирных», «the мирный side wins», «победителей нет»), the
    same words the CLI and `status` use. "" while the game goes on."""
    return service.winner_text(winner, language) if winner else ""


# a moment as the count's English sentences (a flag's `detail`, an alert's) write it; after `--at ` it is a command's
_ISO = re.compile(r"(--at )?(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[+-]\d{2}:\d{2}|Z)?)")


def shown_times(text: str, tz, language: str) -> str:  # noqa: ANN001 - tzinfo
    """The count's English sentence (a flag's or an alert's, which English shows as the count wrote it) with each
    moment as the Russian flags show theirs (`alert_texts.at`: `01.01 23:00 Europe/Moscow`, in the game's zone); a
    moment in a command to paste (`mafvote replace ... --at <moment>`) stays ISO, in the game's zone to the minute,
    as the Russian flag writes it."""
    def one(m: re.Match[str]) -> str:
        moment = datetime.fromisoformat(m.group(2).replace("Z", "+00:00"))
        if moment.tzinfo is None:
            return m.group(0)
        if m.group(1):
            return m.group(1) + (moment.astimezone(tz) if tz is not None else moment).isoformat(timespec="minutes")
        return at(language, moment, tz)
    return _ISO.sub(one, text)


# what each vote did, from the count's reasons (tally/count.py `_cast`, tally/views.py `vote_weight`): the pattern and
# the key of its words (`pages.w.reason.*`, with the pattern's groups as \1)
_REASONS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p), r) for p, r in (
    (r"^counted \(досрочно, final\)", "counted_final"),
    (r"^counted ×(\d+)", "counted_times"),
    (r"^counted", "counted"),
    (r"^silenced \(secret\)", "silenced_secret"),
    (r"^silenced", "silenced"),
    (r"^vote stolen", "stolen"),
    (r"^replaced by a later vote", "replaced"),
    (r"^voter is not alive", "voter_gone"),
    (r"^after a final", "after_final"),
    (r"^unknown name '?(.*?)'?; ", "unknown_name"),
    (r"^ambiguous name '?(.*?)'?; ", "ambiguous_name"),
    (r"^self-vote", "self_vote"),
    (r"^(.*) is not alive; ", "target_gone"),
    (r"^(.*) was modkilled after this vote", "modkilled_later"),
    (r"^edited post: void", "edited_void"),
))
_EXTRA = ((re.compile(r" \+(\d+) \(stolen/gifted\)"), "extra_stolen"),
          (re.compile(r" \(досрочно, final\)"), "extra_final"))


@lru_cache(maxsize=1024)
def vote_reason(reason: str, language: str = "ru") -> str:
    """The count's reason for a vote (English, for scripts) as the pages say it in `language`."""
    for pattern, key in _REASONS:
        m = pattern.match(reason)
        if m:
            out = m.expand(page_word(language, f"reason.{key}"))
            rest = reason[m.end():]
            for extra, extra_key in _EXTRA:
                rest = extra.sub(page_word(language, f"reason.{extra_key}"), rest)
            return out + (rest if rest.startswith((" +", ",")) else "")
    return reason
