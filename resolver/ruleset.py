"""Reading a ruleset: `ruleset_from_mapping` checks a parsed ruleset file whole and returns a `Ruleset`, or raises
`RulesetError` listing every problem with its key path; `loads_ruleset` parses the TOML text first, and
`check_ruleset` lists the problems for `mafvote check`. Nothing here reads a file: the caller passes the text
and its name.

The package's ruleset face: the data model (`Ability`, `Role`, `Side`, `Ruleset` and the rules asked of a card)
lives in `ruleset_model`, what each key must hold and the problem collector in `ruleset_shapes`; their public
names are importable from here as before.

    ruleset_model    the dataclasses, the lookups (`find_role`, `side_id`, ...), `did_you_mean`
    ruleset_shapes   the value types, `Collector`, the known keys of each table
    ruleset          the reader (this module): [game], [night], sides, roles, cards, [texts], [votes]
"""
from __future__ import annotations

__all__ = ["Ability", "Role", "Side", "Ruleset", "ruleset_from_mapping", "loads_ruleset", "check_ruleset",
           "did_you_mean", "TEXT_KEYS", "toml_error_line", "WATCH_OPTIONS", "watch_option", "shot_guess",
           "not_partners", "SIDE_KINDS", "IMMUNITIES", "BLOCK_MODES", "DEFENCES", "REVEALS", "USE_SCOPES"]

import re
import tomllib
from dataclasses import fields, replace
from typing import Any, Mapping

from mafvote_tally import BadRules, VoteRules
from mafvote_tally.names import fold

from .errors import Problem, RulesetError
from .journal import Line
from .order import ABILITY_KINDS, Stage, order_from_names
from .ruleset_model import (BLOCK_MODES, DEFENCES, IMMUNITIES, REVEALS, SIDE_KINDS, USE_SCOPES, WATCH_OPTIONS, Ability,
                            Role, Ruleset, Side, did_you_mean, not_partners, shot_guess, watch_option)
from .ruleset_shapes import (ABILITY_KEYS, ABILITY_SHAPES, GAME_KEYS, GAME_SHAPES, NIGHT_KEYS, NIGHT_SHAPES, ROLE_KEYS,
                             ROLE_SHAPES, SIDE_KEYS, SIDE_SHAPES, TOP_KEYS, TOP_SHAPES, Collector, one_of, placeholders,
                             shown)
from .toml_text import loads as toml_loads

# [texts]: the lines a ruleset may reword, and the placeholders each is given (the night engine's stage modules fill them).
# A key outside this table would be silently ignored and a placeholder outside it fails at the night's
# resolution, so both are problems at load. `deaths_header` is read by no code today (the theme's `deaths`
# phrase writes the header); it stays allowed because the bundled rulesets carry it.
TEXT_KEYS: Mapping[str, tuple[str, ...]] = {
    "death": ("player", "role", "side"),
    "death_side": ("player", "side"),
    "death_hidden": ("player",),
    "deaths_header": (),
    "silence": ("player",),
    "silence_f": ("player",),
    "silence_x": ("player",),            # no gender in the roster: «Сегодня {player} не может голосовать»
    "block": ("player",),
    "evidence_nick": ("actor",),
    "evidence_trace": ("player", "role"),
    "serum": ("player", "role"),
    "serum_evidence": ("actor",),
    "serum_evidence_f": ("actor",),      # a woman's «Сыворотку подложила {actor}»
    "serum_evidence_x": ("actor",),      # no gender in the roster: «Сыворотку подложил игрок {actor}»
}


def _texts(data: Mapping[str, Any], c: Collector) -> dict[str, str]:
    """[texts]: known keys only, each a text whose placeholders are those the engine fills (`TEXT_KEYS`)."""
    texts = c.typed("texts", data, dict.fromkeys(data, "str"))
    for key, text in texts.items():
        if key not in TEXT_KEYS:
            c.add(f"texts.{key}", Line("texts.unknown_key", "unknown key: no line of the game reads it"),
                  did_you_mean(key, TEXT_KEYS) or one_of(TEXT_KEYS, "known keys"))
            continue
        allowed = TEXT_KEYS[key]
        for name in sorted(placeholders(text, f"texts.{key}", c) - set(allowed)):
            c.add(f"texts.{key}", Line("unknown_placeholder", "unknown placeholder {{{name}}}", name=name),
                  Line("placeholders", "this line is given {given}", given=", ".join("{" + a + "}" for a in allowed))
                  if allowed else Line("no_placeholder", "this line takes no placeholder"))
    return texts


def _votes(data: Mapping[str, Any], c: Collector) -> dict[str, Any]:
    """[votes]: checked by the count's own reader (`tally.VoteRules.from_mapping`), so `mafvote check` and a
    load refuse what `tally` and `day close` would; one problem per key, an unknown one with a did-you-mean."""
    known = {f.name for f in fields(VoteRules)}
    for key, value in data.items():
        if key not in known:
            c.add(f"votes.{key}", Line("unknown_key", "unknown key"),
                  did_you_mean(key, known) or one_of(sorted(known), "known keys"))
            continue
        try:
            VoteRules.from_mapping({key: value}, "votes")
        except BadRules as exc:
            # the count's own words (its English `text`), keyed `votes.<kind>` with its facts for the GM's language;
            # the key path goes in its own place
            for p in exc.problems:
                facts = {k: shown(v) if k == "value" else ", ".join(v) if isinstance(v, list) else v
                         for k, v in p.facts.items()}
                c.add(f"votes.{key}", Line.said(f"votes.{p.kind}", p.text, **facts))
    return dict(data)


def _ability(data: Any, where: str, c: Collector) -> Ability | None:
    if not isinstance(data, Mapping):
        c.add(where, Line("ability.not_table", "an ability must be a table with name and kind"),
              Line("ability.not_table.hint", "write it as [[roles.abilities]] with name and kind under it"))
        return None
    c.unknown_keys(where, data, ABILITY_KEYS)
    data = c.typed(where, data, ABILITY_SHAPES, Ability)
    kind = data.get("kind")
    if kind not in ABILITY_KINDS:
        c.add(f"{where}.kind", Line("unknown_kind", "unknown ability kind {kind!r}", kind=kind),
              did_you_mean(str(kind), ABILITY_KINDS) or one_of(sorted(ABILITY_KINDS), "known kinds"))
        return None
    kwargs = {k: v for k, v in data.items() if k in ABILITY_KEYS}
    kwargs.setdefault("name", kind)
    if "evidence" in kwargs:
        ev = kwargs["evidence"]
        kwargs["evidence"] = tuple(float(x) for x in (ev if isinstance(ev, list) else [ev]))
        if not all(0 <= x <= 1 for x in kwargs["evidence"]):
            c.add(f"{where}.evidence", Line("chance", "a chance must be between 0 and 1"),
                  Line("chance.hint", "75 % is written 0.75"))
    if "max_targets_when_alive_lt" in kwargs:
        pair = kwargs["max_targets_when_alive_lt"]   # a list of two whole numbers (typed above)
        kwargs["max_targets_when_alive_lt"] = (pair[0], pair[1])
    for key in ("copy_once", "ignores", "guess_roles", "tells_if_target", "words", "lost_if_target_dies",
                "watch_options"):
        if key in kwargs:
            kwargs[key] = tuple(kwargs[key])
    for d in kwargs.get("ignores", ()):
        if d not in DEFENCES:
            c.add(f"{where}.ignores", Line("unknown_defence", "unknown defence {defence!r}", defence=d), one_of(DEFENCES))
    for option in kwargs.get("watch_options", ()):
        if option not in WATCH_OPTIONS:
            c.add(f"{where}.watch_options", Line("unknown_watch_option", "unknown option {option!r}", option=option),
                  one_of(WATCH_OPTIONS))
    if kwargs.get("watch_options") and kind != "watch":
        c.add(f"{where}.watch_options", Line("watch_options.not_watch", "only a watch card learns by the GM's choice"),
              Line("watch_options.not_watch.hint", 'kind = "watch"'))
    if kwargs.get("uses_scope", "player") not in USE_SCOPES:
        c.add(f"{where}.uses_scope", Line("must_be_one_of", "must be one of {choices}", choices=", ".join(USE_SCOPES)))
    for key in ("parity", "extra_parity"):
        if kwargs.get(key, "") not in ("", "even", "odd"):
            c.add(f"{where}.{key}", Line.said("must_be_one_of", 'must be "even" or "odd"', choices="even, odd"))
    if kind == "role_shot" and not kwargs.get("guess_roles"):
        c.add(f"{where}.guess_roles", Line("role_shot.no_guess", "a role shot needs the roles one may guess"),
              Line("role_shot.no_guess.hint", 'e.g. guess_roles = ["Комиссар", "Доктор"]'))
    if kind == "redirect" and (kwargs.get("min_targets", 1), kwargs.get("max_targets", 1)) != (2, 2):
        c.add(f"{where}.max_targets", Line("redirect.targets", "a redirect takes two targets: whose action, and where it "
                                           "goes now"),
              Line("redirect.targets.hint", "min_targets = 2 and max_targets = 2"))
    if kind == "bloody_kill" and not 0 < kwargs.get("visitor_p", 0) <= 1:
        c.add(f"{where}.visitor_p", Line("bloody_kill.visitor_p", "a bloody kill needs the visitor's chance (0 < p <= 1)"),
              Line("bloody_kill.visitor_p.hint", "004: visitor_p = 0.5"))
    if kwargs.get("earn_every", 0) and not kwargs.get("earn_max", 0):
        c.add(f"{where}.earn_max", Line("earn_max.missing", "earn_every needs earn_max (how many may be held at once)"))
    for key in ("silence_p", "reveal_victim_p", "visitor_p"):
        if key in kwargs and not 0 <= kwargs[key] <= 1:
            c.add(f"{where}.{key}", Line("chance", "a chance must be between 0 and 1"))
    try:
        ability = Ability(**kwargs)
    except TypeError as exc:  # pragma: no cover - keys are filtered above
        c.add(where, Line.said("ability.invalid", str(exc), detail=str(exc)))
        return None
    if ability.announce:
        for f in sorted(placeholders(ability.announce, f"{where}.announce", c)
                        - {"actor_role", "target_role", "target_role_gent"}):
            c.add(f"{where}.announce", Line("unknown_placeholder", "unknown placeholder {{{name}}}", name=f),
                  Line("announce.placeholders", "use {{actor_role}}, {{target_role}} or {{target_role_gent}}"))
    if ability.min_targets > ability.max_targets:
        c.add(f"{where}.min_targets", Line("min_above_max", "min_targets is larger than max_targets"))
    return ability


def ruleset_from_mapping(data: Mapping[str, Any], source: str = "<ruleset>") -> Ruleset:
    """Check a parsed ruleset file whole; raise `RulesetError` with every problem, each with its key path."""
    c = Collector(source)
    c.unknown_keys("", data, TOP_KEYS)
    data = c.typed("", data, TOP_SHAPES)
    game = c.typed("game", data.get("game", {}), GAME_SHAPES, {"reveal_while_alive_gt": 10})
    c.unknown_keys("game", game, GAME_KEYS)
    if not isinstance(game.get("name"), str):
        c.add("game.name", Line("missing", "missing"), Line("game.name.hint", 'add name = "<file stem>" under [game]'))
    if game.get("starts_with", "night") not in ("night", "day"):
        c.add("game.starts_with", Line.said("must_be_one_of", 'must be "night" or "day"', choices="night, day"))
    for key in ("reveal_night", "reveal_day"):
        if game.get(key, "rule") not in REVEALS:
            c.add(f"game.{key}", Line("must_be_one_of", "must be one of {choices}", choices=", ".join(REVEALS)))
    night = c.typed("night", data.get("night", {}), NIGHT_SHAPES, Ruleset)
    c.unknown_keys("night", night, NIGHT_KEYS)
    if night.get("block_mode", "priority") not in BLOCK_MODES:
        c.add("night.block_mode", Line("must_be_one_of", "must be one of {choices}", choices=", ".join(BLOCK_MODES)))
    order: tuple[Stage, ...] = ()
    if "order" in night:
        names = night["order"]
        known = {s.value for s in Stage}
        bad = [n for n in names if n not in known]
        for n in bad:
            c.add("night.order", Line("unknown_stage", "unknown stage {stage!r}", stage=n),
                  did_you_mean(str(n), known) or one_of(sorted(known), "stages"))
        if len(set(names)) != len(names):
            c.add("night.order", Line("order.twice", "a stage appears twice"), Line("order.twice.hint", "name each stage once"))
        if not bad:
            order = order_from_names(names)

    sides: dict[str, Side] = {}
    for sid, sdata in data.get("sides", {}).items():
        sdata = c.typed(f"sides.{sid}", sdata, SIDE_SHAPES, Side)
        c.unknown_keys(f"sides.{sid}", sdata, SIDE_KEYS)
        if sdata.get("kind") not in SIDE_KINDS:
            c.add(f"sides.{sid}.kind",
                  Line("must_be_one_of", "must be one of {choices}", choices=", ".join(SIDE_KINDS)))
            continue
        sides[sid] = Side(id=sid, kind=sdata["kind"], title=sdata.get("title", sid),
                          title_f=sdata.get("title_f", ""), title_any=sdata.get("title_any", ""),
                          hostile=sdata.get("hostile", sdata["kind"] != "town"),
                          max_others=sdata.get("max_others", 1),
                          wins_with_roles=tuple(sdata.get("wins_with_roles", ())),
                          wins_with_anyone=sdata.get("wins_with_anyone", False))
    # a ruleset without sides and roles is a count-only ruleset (003/004 until their nights are built)

    boss: list[Ability] = []
    boss_table = c.typed("boss", data.get("boss", {}), {"abilities": "tables"})
    for i, adata in enumerate(boss_table.get("abilities", [])):
        a = _ability(adata, f"boss.abilities[{i}]", c)
        if a:
            boss.append(a)

    items: list[Ability] = []
    for i, adata in enumerate(data.get("items", [])):
        a = _ability(adata, f"items[{i}]", c)
        if a:
            items.append(replace(a, extra=True, uses=a.uses or 1))

    roles: list[Role] = []
    seen_names: dict[str, str] = {}
    for i, rdata in enumerate(data.get("roles", [])):
        where = f"roles[{i}]"
        if not isinstance(rdata, Mapping) or not isinstance(rdata.get("name"), str):
            c.add(f"{where}.name", Line("role.name", "a role needs a name"))
            continue
        c.unknown_keys(where, rdata, ROLE_KEYS)
        rdata = c.typed(where, rdata, ROLE_SHAPES, Role)
        side = rdata.get("side")
        if not side:
            c.add(f"{where}.side", Line("role.no_side", "role {role!r} has no side", role=rdata["name"]),
                  one_of(sides) if sides else Line("role.no_side.hint", 'add [sides.<id>] tables (kind = "town" | '
                                                    '"mafia" | "solo") and side = "<id>"'))
            continue
        if side not in sides:
            c.add(f"{where}.side", Line("unknown_side", "unknown side {side!r}", side=side),
                  did_you_mean(side, sides) or one_of(sides))
            continue
        for imm in rdata.get("immune", []):
            if imm not in IMMUNITIES:
                c.add(f"{where}.immune", Line("unknown_immunity", "unknown immunity {immunity!r}", immunity=imm),
                      one_of(IMMUNITIES))
        abilities = []
        for j, adata in enumerate(rdata.get("abilities", [])):
            a = _ability(adata, f"{where}.abilities[{j}]", c)
            if a:
                abilities.append(a)
        names = [a.name for a in abilities]
        if len(set(names)) != len(names):
            c.add(f"{where}.abilities", Line("abilities.same_name", "two abilities share a name"),
                  Line("abilities.same_name.hint", "give each a distinct name"))
        kwargs = {k: v for k, v in rdata.items() if k in ROLE_KEYS and k != "abilities"}
        kwargs["aliases"] = tuple(kwargs.get("aliases", ()))
        kwargs["immune"] = frozenset(kwargs.get("immune", ()))
        kwargs["labels"] = frozenset(kwargs.get("labels", ()))
        kwargs["kill_immune_nights"] = tuple(kwargs.get("kill_immune_nights", ()))
        kwargs["kill_immune_except"] = tuple(kwargs.get("kill_immune_except", ()))
        for sid in (*kwargs["kill_immune_except"], kwargs.get("shown_side") or side):
            if sid not in sides:
                c.add(f"{where}", Line("unknown_side", "unknown side {side!r}", side=sid), one_of(sides))
        kwargs["appears_as"] = kwargs.get("appears_as") or side
        role = Role(abilities=tuple(abilities), **kwargs)
        for label in (role.name, *role.aliases):
            key = fold(label)
            if key in seen_names:
                c.add(f"{where}.name", Line("role.name_taken", "{label!r} is already used by role {other!r}", label=label,
                                            other=seen_names[key]))
            seen_names[key] = role.name
        roles.append(role)

    # ranks: 1..n without gaps within each side (RULES.md §4: succession goes rank 1, 2, 3)
    for sid in sides:
        ranks = sorted(r.rank for r in roles if r.side == sid and r.rank)
        if ranks and ranks != list(range(1, len(ranks) + 1)):
            c.add("roles", Line.said("ranks", f"side {sid!r} has ranks {ranks}", side=sid, ranks=", ".join(map(str, ranks))),
                  Line("ranks.hint", "ranks must run 1, 2, 3 ... without a gap or repeat"))

    role_names = {fold(r.name) for r in roles} | {fold(a) for r in roles for a in r.aliases}
    for i, role in enumerate(roles):
        for key, names in (("inherits", [role.inherits] if role.inherits else []),
                           ("kill_immune_until_used", [])):
            for n in names:
                if fold(n) not in role_names:
                    c.add(f"roles[{i}].{key}",
                          Line("unknown_role", "unknown role {role!r}", role=n),
                          did_you_mean(n, [r.name for r in roles]))
        if role.dies_when_found_own and not any(a.kind == "find_own" for a in role.abilities):
            c.add(f"roles[{i}].dies_when_found_own",
                  Line("find_own.missing", "{role} has no find_own card: nothing can find the partners", role=role.name),
                  Line("find_own.missing.hint", 'give the role a card of kind = "find_own", or remove the key'))
        if role.kill_immune_until_used and role.ability(role.kill_immune_until_used) is None:
            c.add(f"roles[{i}].kill_immune_until_used", Line("role.no_ability", "{role} has no ability {ability!r}",
                                                             role=role.name, ability=role.kill_immune_until_used),
                  one_of(dict.fromkeys(a.name for a in role.abilities)) if role.abilities else "")
        for j, a in enumerate(role.abilities):
            for n in (*a.guess_roles, *a.tells_if_target, *a.lost_if_target_dies):
                if fold(n) not in role_names:
                    c.add(f"roles[{i}].abilities[{j}]",
                          Line("unknown_role", "unknown role {role!r}", role=n),
                          did_you_mean(n, [r.name for r in roles]))
    for sid, side in sides.items():
        for n in side.wins_with_roles:
            if fold(n) not in role_names:
                c.add(f"sides.{sid}.wins_with_roles",
                      Line("unknown_role", "unknown role {role!r}", role=n),
                      did_you_mean(n, [r.name for r in roles]))
    for i, a in enumerate(items):
        for n in a.guess_roles:
            if fold(n) not in role_names:
                c.add(f"items[{i}]", Line("unknown_role", "unknown role {role!r}", role=n))
    if night.get("must_kill") and night["must_kill"] not in sides:
        c.add("night.must_kill", Line("unknown_side", "unknown side {side!r}", side=night["must_kill"]), one_of(sides))
    for key in ("succession", "submission_order"):
        for i, name in enumerate(night.get(key, [])):
            if fold(name) not in role_names:
                c.add(f"night.{key}[{i}]",
                      Line("unknown_role", "unknown role {role!r}", role=name),
                      did_you_mean(name, [r.name for r in roles]))
    votes = _votes(data.get("votes", {}), c)
    texts = _texts(data.get("texts", {}), c)
    if c.problems:
        raise RulesetError(c.problems)

    def canon(names):
        return tuple(next(r.name for r in roles if fold(r.name) == fold(n) or fold(n) in map(fold, r.aliases))
                     for n in names)

    succession = canon(night.get("succession", []))
    return Ruleset(
        name=game["name"], title=game.get("title", game["name"]), theme=game.get("theme", game["name"]),
        starts_with=game.get("starts_with", "night"),
        reveal_while_alive_gt=game.get("reveal_while_alive_gt", 10),
        votes=votes, sides=sides, roles=tuple(roles), boss_abilities=tuple(boss),
        succession=succession, submission_order=canon(night.get("submission_order", [])) or succession,
        block_mode=night.get("block_mode", "priority"),
        no_repeat_lifted_at_alive=night.get("no_repeat_lifted_at_alive", 3),
        texts=texts, source=source, order=order,
        reveal_night=game.get("reveal_night", "rule"), reveal_day=game.get("reveal_day", "rule"),
        items=tuple(items), must_kill=night.get("must_kill", ""),
        blocked_action_spends=night.get("blocked_action_spends", True) is not False,
    )


def toml_error_line(exc: tomllib.TOMLDecodeError) -> int | str:
    """The line of a TOML syntax error (Python 3.11 only puts it in the message)."""
    found = re.search(r"line (\d+)", str(exc))
    return int(found.group(1)) if found else "?"


def loads_ruleset(text: str, source: str = "<ruleset>") -> Ruleset:
    """Parse ruleset TOML text; a syntax error becomes a `RulesetError` naming the file and line."""
    try:
        data = toml_loads(text)
    except tomllib.TOMLDecodeError as exc:
        line = toml_error_line(exc)
        # keyed `toml` with tomllib's own message, which the application words in the GM's language
        raise RulesetError(Problem(source, Line("where.line", "line {n}", n=line),
                                   Line("toml", "TOML syntax: {detail}", detail=str(exc)),
                                   Line("toml.hint", "fix the line; strings need quotes, tables need [brackets]"))) from None
    return ruleset_from_mapping(data, source)


def check_ruleset(text: str, source: str = "<ruleset>") -> list[Problem]:
    """Every problem of a ruleset text (empty when it loads), for `mafvote check`."""
    try:
        loads_ruleset(text, source)
    except RulesetError as exc:
        return exc.problems
    return []
