"""The names a game's public posts and counts show for its slots (issue 17: out of `mafvote.render`, so that
`mafvote tally` and the other commands that name players do not import Jinja to do it).

From a game's config `players` (`roster_from_config`) and the state's replacements (`roster_with_replacements`):
`shown_names` / `public_names` give each slot's shown name (its mask in mask games, else the account playing it
now), `shown_by_account` the shown name of every account that played a slot. `mafvote.render` draws its roster
from the same functions and re-exports them.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from mafvote_tally.names import fold

__all__ = ["MASK_ACCOUNTS_SEP", "public_names", "roster_from_config", "roster_key", "roster_with_replacements",
           "shown_by_account", "shown_name", "shown_names", "slot_accounts"]

MASK_ACCOUNTS_SEP = ", затем "


def slot_accounts(entry: Mapping[str, Any]) -> list[str]:
    """Every account that played a roster entry's slot, oldest first: the slot's nick, the config's
    `replaced_by`, then the replacements made during the game (`roster_with_replacements` keeps them)."""
    out = [str(a) for a in entry.get("accounts") or ()]
    if not out:
        out = [entry["nick"]]
        repl = entry.get("replaced_by")
        if isinstance(repl, Mapping) and repl.get("nick") and repl["nick"] != entry["nick"]:
            out.append(repl["nick"])
    return out


def shown_name(entry: Mapping[str, Any]) -> str:
    """The name posts and counts show for a roster entry: the mask (mask games), else the account playing the
    slot now (the last replacement), else the slot's nick."""
    repl = entry.get("replaced_by")
    current = repl.get("nick") if isinstance(repl, Mapping) else None
    return entry.get("display") or entry.get("mask") or current or entry["nick"]


def shown_names(roster: Iterable[Mapping[str, Any] | str]) -> dict[str, str]:
    """{slot nick: the name public posts and counts show} for a `roster` of render data (masks, replacements);
    the `names` of `tally.format_bbcode`."""
    out = {}
    for entry in roster:
        if isinstance(entry, str):
            entry = {"nick": entry}
        out[entry["nick"]] = shown_name(entry)
    return out


def public_names(players: Sequence[Any], replacements: Iterable[tuple[str, str]]) -> dict[str, str]:
    """{slot nick: name shown} for a game's config `players` and the state's replacements: what every public
    count and post calls a slot (its mask in mask games, the account playing it now), never the account
    behind a mask. The one rule `tally --format bbcode` and the daemon's published count share."""
    return shown_names(roster_with_replacements(roster_from_config(players), replacements))


def roster_with_replacements(roster: Sequence[Mapping[str, Any]],
                             replacements: Iterable[tuple[str, str]]) -> list[dict[str, Any]]:
    """The roster with the replacements made during the game (`mafvote replace`; the game state's
    `(old, new)` pairs, in order) as each slot's `replaced_by`, so posts name the account playing now."""
    out = [dict(e) for e in roster]
    replacements = tuple(replacements)
    if not replacements:
        # most games: nothing to look up, so no slot index (a name folded per slot, four rosters a tick; issue 17)
        return out
    slot_of = {roster_key(e["nick"]): e for e in out}
    for e in out:
        repl = e.get("replaced_by")
        if isinstance(repl, Mapping) and repl.get("nick"):
            slot_of.setdefault(roster_key(repl["nick"]), e)
    for old, new in replacements:
        entry = slot_of.get(roster_key(old))
        if entry is None:
            continue
        accounts = slot_accounts(entry)
        previous = entry.get("replaced_by") if isinstance(entry.get("replaced_by"), Mapping) else {}
        entry["replaced_by"] = {**previous, "nick": new}
        # every account of the slot, for the final post's masks
        entry["accounts"] = accounts + ([new] if new not in accounts else [])
        slot_of[roster_key(new)] = entry
    return out


def shown_by_account(players: Sequence[Any], replacements: Iterable[tuple[str, str]]) -> dict[str, str]:
    """{every account of a slot (its nick, its config `replaced_by`, each replacement): the name posts show for
    the slot}, for a game's config `players` and the state's replacements; `mafvote state` names a замена of a
    mask game by the mask, as it names every other player."""
    out: dict[str, str] = {}
    for entry in roster_with_replacements(roster_from_config(players), replacements):
        for account in slot_accounts(entry):
            out[account] = shown_name(entry)
    return out


def roster_key(name: str) -> str:
    return fold(name)


def roster_from_config(players: Sequence[Any]) -> list[dict[str, Any]]:
    """The `roster` for `render` data from the config's `games[].players` (PlayerConfig-like objects)."""
    out = []
    for p in players:
        repl = getattr(p, "replaced_by", None)
        out.append({"nick": p.nick, "aliases": list(getattr(p, "aliases", ()) or ()),
                    "gender": getattr(p, "gender", None), "mask": getattr(p, "mask", None) or "",
                    "forms": dict(getattr(p, "forms", {}) or {}),
                    "replaced_by": {"nick": repl.nick} if repl is not None else None})
    return out
