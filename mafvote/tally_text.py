"""`tally --format text`: the day's count as a terminal table (`mafvote_tally.format.format_text`, the one table),
worded from the message catalogue (`tally.<key>`) in the current language: Russian by default, English with
`language = "en"`. The count is pure and picks no language: here its words are given to it."""
from __future__ import annotations

from typing import Any, Mapping

from mafvote_tally.format import format_text

from . import messages
from .alert_rules import gm_report_data
from .alert_texts import zone_name
from .gm_text import reason
from .messages import text as t

__all__ = ["tally_text"]


def tally_text(tally: Any, width: int = 110, *, names: Mapping[str, str] | None = None, tz: Any = None) -> str:
    """`tally --format text`: a terminal table (per target the total, red, blue, penalty and voters), then who
    has not voted, the final votes, the day's state and outcome, the flags and the alerts, in words.
    `names`: the name each slot is shown by (tally.format.format_text); `tz`: the zone times are shown in."""
    # the flags and alerts as the alerts and the GM report word them (one wording per kind)
    worded = gm_report_data({"tally": tally.to_json()}, language=messages.current(), tz=tz)["tally"]
    flags, alerts = list(worded.get("flags") or ()), list(worded.get("alerts") or ())

    def say(key: str, **facts: Any) -> str:
        if key == "time":
            at = facts["at"]
            local = at.astimezone(tz) if tz is not None else at
            return t("tally.time", iso=at.isoformat(), when=f"{local:%d.%m.%Y %H:%M}", zone=zone_name(at, tz))
        if key == "view":
            view = facts["view"]
            return t(f"tally.view.{view}") if messages.has(f"tally.view.{view}") else view
        if key == "reason":
            return reason(facts["reason"])
        if key == "flag":
            f = flags[facts["index"]]
            post_id = f.get("post_id")
            return t("tally.flag", kind=f["kind"], label=f.get("label", f["kind"]), player=f.get("player") or "-",
                     post=t("tally.flag.post", post_id=post_id) if post_id is not None else "",
                     post_id="-" if post_id is None else post_id, detail=f.get("detail", ""), text=f.get("text", ""))
        if key == "alert":
            a = alerts[facts["index"]]
            return t("tally.alert", kind=a.get("kind"), detail=a.get("detail", ""), text=a.get("text", ""))
        return t(f"tally.{key}", **facts)

    return format_text(tally, width, names=names, say=say)
