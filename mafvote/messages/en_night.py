"""The `en` catalogue's texts of one area: the night as `night resolve`, `day close` and `render --gm` print it: the
resolver's journal lines, the names of abilities and rolls, the causes of deaths and silences. The same keys as
`ru_night`, counting the resolver's own words English takes for the journal, abilities and rolls
(messages/__init__.py)."""
from __future__ import annotations

MESSAGES: dict[str, str] = {
    # the resolver's night as mafvote.gm_text.night_text lays it out
    "night.head": "Night {night}",
    "night.nothing_public": "(nothing public)",
    "night.hidden_vote_loss": "Hidden vote loss: {names}",
    "night.alibis": "Alibis for the day: {names}",
    "night.saved": "Saved: {names}",
    "night.private": "PM {to}: {text}",
    "night.private.head": "PM {to}:",
    "night.refused.line": "Refused: {text}",
    "night.refused": "{actor} {ability}: {reason}",
    "night.roll": "Roll {name} ({actor}, p={p}): {value}{forced}",
    "night.roll.forced": " (forced by the GM)",
    "night.transfer": "Vote transfer ({kind}): {source} -> {to}",
    "night.transfer.stolen": "Vote transfer ({kind}): {source} -> {to}",
    "night.transfer.gifted": "Vote transfer ({kind}): {source} -> {to}",
    "night.alert": "ATTENTION: {text}",
    "night.journal": "Journal:",
    "roll.yes": "yes",
    "roll.no": "no",
    "percent": "{p}",
    "cause.silenced": "{cause}",
    "cause.silenced_visit": "{cause}",
    "cause.intimidated": "{cause}",
}
