"""Night actions as the GM enters them: the `Action` record, the night file (TOML) and appending to it.

A night file holds `night = N`, one `[[actions]]` table per action and optional `[[rolls]]` the GM forced:

    night = 2
    [[actions]]
    actor = "Ronin"            # nick, display name or alias
    ability = "kill"           # an ability name of the actor's card (or of the boss, for mafia ranks)
    targets = ["King Eciton"]
    # role = "Енох О'Коннор"   # Абрахам: the copied role; heal-from-role: the killer's role or side
    # copy = "heal"            # Абрахам: the copied ability
    # kill = ["Петя"]          # Мено и Куо-Рама: the kill with the hire
    # question = "..."         # the boss's question to the GM
    # learn = "kinds"          # 004 Элиса's "Я все узнаю": "nicks" (the default) or "kinds"
    [[rolls]]
    actor = "Ronin"
    name = "evidence"          # evidence | silence | reveal | second_kill
    value = false

`parse_night_file` checks every entry against the ruleset and the state and raises `ActionError` listing
every problem with its line; nothing is applied when any entry is wrong.
"""
from __future__ import annotations

__all__ = ["Action", "NightFile", "parse_night_file", "append_action", "append_roll", "check_action",
           "action_rolls", "check_roll", "copied_card", "repeated_targets", "self_targeted"]

import json
import re
import tomllib
from dataclasses import dataclass, replace
from typing import Mapping, Sequence

from .toml_text import loads as toml_loads
from .journal import Line
from .checks import available_abilities, current_boss, repeat_target
from .errors import ActionError, Problem
from .rolls import CHOICE_ROLLS, ROLL_NAMES, canonical_roll
from .ruleset import (WATCH_OPTIONS, Ability, Ruleset, did_you_mean, not_partners, shot_guess, toml_error_line,
                      watch_option)
from .state import GameState, alive_at_start, find_player, linked_partner


@dataclass(frozen=True)
class Action:
    actor: str
    ability: str
    targets: tuple[str, ...] = ()
    role: str = ""              # Абрахам: the copied role; heal-from-role: the killer (role or side)
    copy: str = ""              # Абрахам: the copied ability name
    kill: tuple[str, ...] = ()  # the hireling's kill with the hire
    question: str = ""
    learn: str = ""             # 004 Элиса: what her watch learns this use (ruleset.WATCH_OPTIONS)
    line: int = 0               # where the GM wrote it, for messages

    def sort_key(self) -> tuple:
        return (self.actor, self.ability, self.targets, self.role, self.copy, self.kill, self.question, self.learn)

    def describe(self) -> str:
        """How the action was read, for the GM (`night add` prints it)."""
        text = f"{self.actor}: {self.ability}"
        if self.role:
            text += f" [{self.role}{' / ' + self.copy if self.copy else ''}]"
        if self.targets:
            text += " -> " + ", ".join(self.targets)
        if self.kill:
            text += "; kill -> " + ", ".join(self.kill)
        if self.question:
            text += f": {self.question}"
        if self.learn:
            text += f" [{self.learn}]"
        return text

    def to_toml(self) -> str:
        def s(v: str) -> str:
            return json.dumps(v, ensure_ascii=False)

        lines = ["[[actions]]", f"actor = {s(self.actor)}", f"ability = {s(self.ability)}",
                 f"targets = [{', '.join(s(t) for t in self.targets)}]"]
        if self.role:
            lines.append(f"role = {s(self.role)}")
        if self.copy:
            lines.append(f"copy = {s(self.copy)}")
        if self.kill:
            lines.append(f"kill = [{', '.join(s(t) for t in self.kill)}]")
        if self.question:
            lines.append(f"question = {s(self.question)}")
        if self.learn:
            lines.append(f"learn = {s(self.learn)}")
        return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class NightFile:
    night: int
    actions: tuple[Action, ...]
    forced: Mapping[tuple[str, str], bool]


_ACTION_KEYS = {"actor", "ability", "targets", "role", "copy", "kill", "question", "learn"}


def _entry_lines(text: str, header: str) -> list[int]:
    pattern = re.compile(r"^\s*\[\[\s*" + re.escape(header) + r"\s*\]\]")
    return [i for i, line in enumerate(text.splitlines(), 1) if pattern.match(line)]


def _key_line(text: str, key: str) -> str:
    """`line N` where a top-level key is written (`night = "3"`), or "" when it is not found."""
    pattern = re.compile(r"^\s*" + re.escape(key) + r"\s*=")
    for i, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("["):
            return ""    # past the top level: the key is inside a table
        if pattern.match(line):
            return where_line(i)
    return ""


def where_line(n: int | str) -> Line:
    """`line N` of a GM's file, as a problem names where it is."""
    return Line("where.line", "line {n}", n=n)


def where_key(key: str) -> Line:
    """A top-level key of a night file (`night`, `actions`) as a problem names where it is."""
    return Line("where.key", "{key}", key=key)


NEW_ENTRY = Line("where.new_entry", "the new entry (not written)")
NIGHT_ROLL = Line("where.command", "{command}", command="night roll")   # the command whose input is wrong
WRITE_ROLE = Line("hint.write_role", 'write role = "..."')
PARTNER = Line("hint.choose_partner", "choose a living partner")
ROLLS_HINT = Line("hint.rolls", "one of: {names}", names=", ".join(ROLL_NAMES))


def unknown_roll(name) -> Line:
    return Line("file.unknown_roll", "unknown roll {written}", written=repr(name), roll=str(name))


def _mistyped(entry: Mapping) -> list[tuple[str, str]]:
    """(message, hint) for each value of an action written as the wrong TOML type (`targets = 5`, `role = 3`)."""
    out = []
    for key in ("targets", "kill"):
        value = entry.get(key, [])
        if not isinstance(value, str) and not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            out.append((Line("entry.not_names", "{key} must be a list of names, not {value}", key=key, value=repr(value)),
                        Line("hint.write_names", 'write {key} = ["Вася"] or {key} = ["Вася", "Петя"]', key=key)))
    for key in ("role", "copy", "question", "learn"):
        if not isinstance(entry.get(key, ""), str):
            out.append((Line("entry.not_text", "{key} must be text in quotes, not {value}", key=key, value=repr(entry[key])),
                        Line("hint.write_text", 'write {key} = "..."', key=key)))
    return out


def _tables(data: Mapping, key: str, text: str, source: str, problems: list[Problem]) -> list:
    """The entries of `[[actions]]` / `[[rolls]]`. `[actions]` with single brackets is one table whose keys tomllib
    hands over as the entries (the commonest TOML slip): a problem naming its line, and no entries."""
    entries = data.get(key, [])
    if isinstance(entries, list):
        return entries
    header = re.compile(r"^\s*\[\s*" + re.escape(key) + r"\s*\]")
    line = next((where_line(i) for i, t in enumerate(text.splitlines(), 1) if header.match(t)), "")
    written = (Line("file.single_brackets", "[{key}] is one table", key=key) if line else
               Line("file.not_tables", "{key} = {value} is not a list of tables", key=key, value=repr(entries)))
    line = line or _key_line(text, key)
    problems.append(Problem(source, line or where_key(key), written, double_brackets(key)))
    return []


def double_brackets(key: str) -> Line:
    """The hint for `[actions]` / `[rolls]` written with single brackets."""
    what = "action" if key == "actions" else "roll"
    return Line(f"hint.double_brackets.{key}", "use [[{key}]] (double brackets): one table per {what}", key=key, what=what)


def item_gone(ruleset: Ruleset, state: GameState, nick: str, name: str) -> str:
    """Why a 003 item is not among the player's cards tonight ("Каждый предмет единоразовый"): used up (on
    which night, when the state knows it), or never held; "" when `name` is no item."""
    card = ruleset.item(name)
    if card is None or card.name in state.items.get(nick, ()):
        return ""
    if state.uses.get(f"{nick}/{card.name}", 0):
        night = state.counters.get(f"{nick}/{card.name}@night", 0)
        if night:
            return Line("refusal.item_used_on", "the item {item} was used up on night {night} (each item is used once)",
                        item=card.name, night=night)
        return Line("refusal.item_used", "the item {item} was used up (each item is used once)", item=card.name)
    return Line("refusal.item_not_held", "{player} holds no {item}", player=nick, item=card.name)


def repeated_targets(targets: Sequence[str]) -> str:
    """Why the night refuses an action that names one player twice ("Убиваю Соню и Соню"), or "". The engine's
    CHECK_ACTIONS and the night file's check (`check_action`, so `night add`) ask this one rule."""
    return Line("refusal.twice", "the same target twice") if len(set(targets)) != len(targets) else ""


def self_targeted(card: Ability, actor: str, targets: Sequence[str]) -> str:
    """Why the night refuses a card aimed at its own sender ("Убиваю Ронина и Соню" from Ronin), or "": only a
    card with `self_target` (the doctor's heal, the lawyer's alibi) may be. One rule for the engine and `check_action`."""
    if actor in targets and not card.self_target:
        return Line("refusal.oneself", "{ability} cannot target oneself", ability=card.name)
    return ""


def copied_card(ruleset: Ruleset, action: Action) -> Ability | None:
    """Абрахам's copy: the card of the copied role the action uses (`copy`, or the role's only card; the boss's
    cards come with the first of the succession), or None when the role or the card is not one to copy."""
    copied = ruleset.find_role(action.role) if action.role else None
    if copied is None:
        return None
    cards = list(copied.abilities)
    if ruleset.succession and copied.name == ruleset.succession[0]:
        cards += list(ruleset.boss_abilities)
    wanted = action.copy or (cards[0].name if len(cards) == 1 else "")
    return next((c for c in cards if c.name == wanted and c.kind != "copy"), None)


def _spent(ruleset: Ruleset, state: GameState, nick: str, card: Ability) -> str:
    """Why `card` is spent for `nick` on the coming night (a use limit, a cooldown), in Russian; "" when not.
    The same keys as the engine's (`night.Night.use_key`, the `<nick>/<card>@night` counter)."""
    if card.uses:
        side = ruleset.role(state.player(nick).role).side
        key = f"side:{side}/{card.name}" if card.uses_scope == "side" else f"{nick}/{card.name}"
        if state.uses.get(key, 0) >= card.uses:
            whole = " for the whole side" if card.uses_scope == "side" else ""
            return Line.said("entry.used_up", f"{card.name} used up: {card.uses} a game{whole}",
                             ability=card.name, n=card.uses, side=card.uses_scope == "side")
    if card.cooldown:
        used = state.counters.get(f"{nick}/{card.name}@night", 0)
        if used and state.night + 1 - used <= card.cooldown:
            return Line.said("entry.cooldown", f"{card.name}: once in {card.cooldown + 1} nights, used on night {used}; "
                             f"again on night {used + card.cooldown + 1}", ability=card.name, every=card.cooldown + 1,
                             used=used, next=used + card.cooldown + 1)
    return ""


def check_action(ruleset: Ruleset, state: GameState, action: Action, where: str, source: str, *,
                 at_entry: bool = True) -> tuple[Action, list[Problem]]:
    """Names resolved to nicks, and the problems a GM must fix (unknown/dead player, ability the role lacks).

    `at_entry`: the action is being entered (`night add`), so what the night would refuse (the same target
    twice, oneself, last night's target) is refused now, while the GM can still ask the player. An action
    already in the night file is not (`parse_night_file` at resolve): the engine refuses that action alone
    with the same reason and the night goes on, as the seeds' GMs did with a player's invalid action (the
    player did act: no missed-action penalty)."""
    problems: list[Problem] = []

    def bad(message: str, hint: str = "") -> None:
        problems.append(Problem(source, where, message, hint))

    names = [p.nick for p in state.players]
    actor = find_player(state.players, action.actor)
    if actor is None:
        bad(Line("entry.actor_unknown", "actor {written} is not in the game", written=repr(action.actor), actor=action.actor),
            did_you_mean(action.actor, names))
        return action, problems
    if not actor.alive:
        bad(Line("entry.actor_dead", "actor {actor} is dead ({died})", actor=actor.nick, died=actor.died),
            Line("hint.dead_actor", "dead players have no night action; remove the entry"))
    resolved_targets = []
    for field_name in ("targets", "kill"):
        resolved = []
        for t in getattr(action, field_name):
            p = find_player(state.players, t)
            if p is None:
                bad(Line("entry.target_unknown", "{key}: {written} is not in the game", key=field_name, written=repr(t),
                         target=t), did_you_mean(t, names))
                continue
            if not p.alive:
                bad(Line("entry.target_dead", "{key}: {target} is dead ({died})", key=field_name, target=p.nick, died=p.died),
                    Line("hint.choose_living", "choose a living player"))
            resolved.append(p.nick)
        resolved_targets.append(tuple(resolved))
    if actor.alive:
        available = available_abilities(ruleset, state, actor.nick)
        gone = item_gone(ruleset, state, actor.nick, action.ability)
        if action.ability not in available and gone:
            bad(Line("entry.no_ability_gone", "{actor} ({role}) has no ability {written} tonight: {reason}", actor=actor.nick,
                     role=actor.role, written=repr(action.ability), ability_id=action.ability, reason=gone),
                Line("hint.can_tonight", "{actor} can tonight: {listed}", actor=actor.nick,
                     listed=", ".join(available) or "nothing", abilities=list(available)))
        elif action.ability not in available:
            bad(Line("entry.no_ability", "{actor} ({role}) has no ability {written} tonight", actor=actor.nick,
                     role=actor.role, written=repr(action.ability), ability_id=action.ability),
                Line("hint.role_can", "the role can: {listed}", listed=", ".join(available) or "nothing",
                     abilities=list(available)))
        else:
            card = available[action.ability][0]
            if len(action.targets) < card.min_targets:
                # told at entry, not at resolve: the night would apply without the action ("Блицкриг на X" whose
                # X was not read), while the GM can still ask the player before the deadline
                got = f"{len(action.targets)} ({', '.join(action.targets)})" if action.targets else "none"
                bad(Line("entry.min_targets", "{ability} needs {n} target(s), got {got}", ability=card.name,
                         n=card.min_targets, got=got, count=len(action.targets), targets=", ".join(action.targets)),
                    Line("hint.ask_whom", "ask {actor} whom, then write targets = [...] or `night add` the message again",
                         actor=actor.nick))
            if card.kind == "copy":
                copied = ruleset.find_role(action.role) if action.role else None
                if copied is None:
                    bad(Line("entry.copy_role_unknown", "copy: role {written} is not in ruleset {ruleset}",
                             written=repr(action.role), role=action.role, ruleset=ruleset.name),
                        did_you_mean(action.role, [r.name for r in ruleset.roles]) or WRITE_ROLE)
                elif copied.name not in {p.role for p in state.players}:
                    bad(Line("entry.copy_role_absent", "copy: role {written} is not in this game's setup",
                             written=repr(copied.name), role=copied.name))
            elif card.kind == "role_shot":
                guessed, allowed = shot_guess(ruleset, card, action.role)
                if guessed is None:
                    # told at entry: the guess decides who dies, and the GM can still ask the player
                    got = f" (got {action.role!r})" if action.role else ""
                    bad(Line("entry.role_shot_role_got" if action.role else "entry.role_shot_role",
                             "role shot needs role = the guessed role, one of: {roles}{got}",
                             roles=", ".join(allowed), got=got, written=action.role),
                        did_you_mean(action.role, allowed) or WRITE_ROLE)
            elif card.kind == "heal_from_role":
                if not action.role or (ruleset.find_role(action.role) is None and not ruleset.side_id(action.role)):
                    bad(Line("entry.heal_from_role", "heal_from_role needs role = a role or side of ruleset {ruleset}",
                             ruleset=ruleset.name),
                        Line("hint.sides", "sides: {ids}", ids=", ".join(ruleset.sides),
                             titles=", ".join(s.title for s in ruleset.sides.values())))
            # what the night refuses whole is refused at entry, while the GM can still ask the player
            aimed = copied_card(ruleset, action) if card.kind == "copy" else card
            twice = repeated_targets(resolved_targets[0]) if at_entry else ""
            if twice:
                bad(Line("entry.refused", "{reason} ({targets})", reason=twice, targets=", ".join(resolved_targets[0])),
                    Line("hint.twice", "the night would refuse the whole action; ask {actor} whom they meant and write "
                         "each target once", actor=actor.nick))
            oneself = self_targeted(aimed, actor.nick, resolved_targets[0]) if aimed is not None and at_entry else ""
            if oneself and not card.partners_only:   # a partners-only card says it below, as the engine does
                bad(Line("entry.refused", "{reason} ({targets})", reason=oneself, targets=", ".join(resolved_targets[0])),
                    Line("hint.another_target_whole", "the night would refuse the whole action; ask {actor} for another "
                         "target", actor=actor.nick))
            if card.kind != "copy" and at_entry:
                # issue 15 point 5: the limits the night would refuse are told at entry, while the GM can still
                # ask the player for another action (003's role shot used up, 004 Алисия's «Покажи лицо» in its
                # cooldown); the engine's own checks (resolver.admission `admit`) stay for a hand-written file
                limit = _spent(ruleset, state, actor.nick, card)
                if limit:
                    bad(limit, Line("hint.instead", "the night would refuse the action; ask {actor} for another one",
                                    actor=actor.nick))
            if card.kind != "copy" and at_entry:  # Абрахам's copy has its own memory (`must_change`), checked at resolve
                again = repeat_target(ruleset, state, actor.nick, card, resolved_targets[0], action.role)
                if again:
                    # RULES.md §4 table (doctor, girl, shahid, 000 lawyer: "not the same player two nights running"):
                    # told at entry, while the GM can still ask the player (`night add` took it, and
                    # `night resolve` refused it after the deadline)
                    if card.kind == "heal_from_role":
                        bad(again, Line("hint.another_killer", "the night would refuse the action; ask {actor} for "
                                        "another killer (role or side)", actor=actor.nick))
                    else:
                        bad(again, Line("hint.another_target", "the night would refuse the action; ask {actor} for "
                                        "another target", actor=actor.nick))
            if card.watch_options and watch_option(card, action.learn) not in card.watch_options:
                bad(Line("entry.learn", "{ability}: learn = {written} is not one of its choices", ability=card.name,
                         written=repr(action.learn)),
                    Line("hint.learn", "{choices}", choices=" or ".join(f'learn = "{o}" ({WATCH_OPTIONS[o][0]})'
                                                                         for o in card.watch_options),
                         options=[(o, WATCH_OPTIONS[o][0]) for o in card.watch_options]))
            if card.partners_only:
                # 004 Элиса: "гостей своих подельников ... Своих гостей - не знает" (the engine refuses it too,
                # after redirects; told here so the GM can ask the player again before the night ends)
                def side_of(nick: str) -> str | None:
                    player = find_player(state.players, nick)
                    role = ruleset.find_role(player.role) if player is not None and player.role else None
                    return role.side if role is not None else None

                itself, strangers = not_partners(actor.nick, side_of(actor.nick),
                                                 [(t, side_of(t)) for t in resolved_targets[0]])
                if itself:
                    bad(Line("entry.watch_partner", "{ability} watches a partner, never oneself", ability=card.name),
                        PARTNER)
                for t in strangers:
                    bad(Line("entry.watch_partners_only", "{ability} watches partners only: {target} is not of {actor}'s "
                             "side", ability=card.name, target=t, actor=actor.nick), PARTNER)
    return replace(action, actor=actor.nick, targets=resolved_targets[0], kill=resolved_targets[1]), problems


def parse_night_file(text: str, source: str, ruleset: Ruleset, state: GameState, *, unwritten: int = 0) -> NightFile:
    """Parse and check a night file whole; `ActionError` lists every problem with its line. The last `unwritten`
    [[actions]] entries are not in the file yet (`night add` checks the file with them before writing it): a
    problem in one of them is "the new entry", never a line the GM cannot find."""
    try:
        data = toml_loads(text)
    except tomllib.TOMLDecodeError as exc:
        # `night add` appends [[actions]] after a hand-written [actions]: TOML says "Cannot overwrite a value";
        # the slip to fix is the single brackets
        single = [Problem(source, where_line(i), Line("file.single_brackets", "[{key}] is one table", key=m[1]),
                          double_brackets(m[1])) for i, line in enumerate(text.splitlines(), 1)
                  if (m := re.match(r"^\s*\[\s*(actions|rolls)\s*\]", line))]
        raise ActionError(single or Problem(source, where_line(toml_error_line(exc)),
                                            Line("file.toml", "TOML syntax: {detail}", detail=str(exc)),
                                            Line("hint.toml", "names need quotes: actor = \"Вася\"; lists need brackets: "
                                                 "targets = [\"Петя\"]"))) from None
    problems: list[Problem] = []
    for key in data:
        if key not in ("night", "actions", "rolls"):
            problems.append(Problem(source, where_key(key), Line("file.unknown_key", "unknown key"),
                                    Line("hint.night_file_keys", "a night file has night, [[actions]] and [[rolls]]")))
    lines = _entry_lines(text, "actions")
    night = data.get("night", state.night + 1)
    if not isinstance(night, int) or isinstance(night, bool):
        # `night = "3"`: compared as text, it would be "for night 3, the game is at night 3"
        problems.append(Problem(source, _key_line(text, "night") or where_key("night"),
                                Line("file.night_not_number", "night must be a number, not {value}", value=repr(night)),
                                Line("hint.night_number", "write night = {night}, without quotes", night=state.night + 1)))
        night = state.night + 1
    actions: list[Action] = []
    own_by_actor: dict[str, tuple[str, str]] = {}
    entries = _tables(data, "actions", text, source, problems)
    for i, entry in enumerate(entries):
        where = where_line(lines[i]) if i < len(lines) else where_key(f"actions[{i}]")
        if i >= len(entries) - unwritten:
            where = NEW_ENTRY
        if not isinstance(entry, dict):
            problems.append(Problem(source, where, Line("file.action_not_table", "an action is a table, not {value}",
                                                        value=repr(entry)),
                                    Line("hint.action_table", "write each action under [[actions]] with actor = \"...\", "
                                         "ability = \"...\", targets = [...]")))
            continue
        unknown = [k for k in entry if k not in _ACTION_KEYS]
        for k in unknown:
            problems.append(Problem(source, where, Line("file.unknown_action_key", "unknown key {written}", written=repr(k),
                                                        key=k), did_you_mean(k, _ACTION_KEYS)))
        if not isinstance(entry.get("actor"), str) or not isinstance(entry.get("ability"), str):
            problems.append(Problem(source, where, Line("file.action_needs", "an action needs actor = \"...\" and "
                                                        "ability = \"...\"")))
            continue
        mistyped = _mistyped(entry)
        if mistyped:
            problems += [Problem(source, where, message, hint) for message, hint in mistyped]
            continue
        targets = entry.get("targets", [])
        if isinstance(targets, str):
            targets = [targets]
        kill = entry.get("kill", [])
        if isinstance(kill, str):
            kill = [kill]
        action = Action(actor=entry["actor"], ability=entry["ability"], targets=tuple(targets),
                        role=entry.get("role", ""), copy=entry.get("copy", ""), kill=tuple(kill),
                        question=entry.get("question", ""), learn=entry.get("learn", ""), line=lines[i] if i < len(lines) else 0)
        action, found = check_action(ruleset, state, action, where, source, at_entry=i >= len(entries) - unwritten)
        problems += found
        if not found:
            on_behalf = available_abilities(ruleset, state, action.actor)[action.ability][1]
            card = available_abilities(ruleset, state, action.actor)[action.ability][0]
            # the engine's rule (Ability.is_extra_on): 004 Лаура's search is beside her main action on even nights
            extra = card.is_extra_on(night if isinstance(night, int) else state.night + 1)
            # Decision (issue 15, RULES.md §4 004): Андрес and Анхела after «знакомство» have «одно на двоих»; the
            # first action entered counts, the second is refused here with why (the engine's key is the pair's too)
            link = linked_partner(state, action.actor)
            pair = link is not None and state.player(link[0]).alive
            who = "+".join(sorted((action.actor, link[0]))) if pair else action.actor
            key = who + ("/boss" if on_behalf else "") + (f"/{card.name}" if extra else "")
            if key in own_by_actor and pair and own_by_actor[key][1] != action.actor:
                problems.append(Problem(source, where, Line.said(
                    "entry.pair_one_action", f"{action.actor} and {link[0]} have one action for the two («одно на "
                    f"двоих»): {own_by_actor[key][1]}'s is entered already ({own_by_actor[key][0]}) and counts",
                    actor=action.actor, partner=link[0], first=own_by_actor[key][1], at=own_by_actor[key][0]),
                    Line.said("hint.pair_one_action", "the pair's first entered action counts; remove the second or "
                              "replace the first")))
            elif key in own_by_actor:
                problems.append(Problem(source, where, Line("entry.has_action", "{actor} already has an action ({at})",
                                                            actor=action.actor, at=own_by_actor[key][0]),
                                        Line("hint.one_entry", "a role has one action a night; keep one entry")))
            own_by_actor[key] = (where, action.actor)
        actions.append(action)
    forced: dict[tuple[str, str], bool] = {}
    roll_lines = _entry_lines(text, "rolls")
    for i, entry in enumerate(_tables(data, "rolls", text, source, problems)):
        where = where_line(roll_lines[i]) if i < len(roll_lines) else where_key(f"rolls[{i}]")
        if not isinstance(entry, dict):
            problems.append(Problem(source, where, Line("file.roll_not_table", "a roll is a table, not {value}",
                                                        value=repr(entry)),
                                    Line("hint.roll_table", "write each roll under [[rolls]] with actor, name and value")))
            continue
        p = find_player(state.players, str(entry.get("actor", "")))
        if p is None:
            problems.append(Problem(source, where, Line("file.roll_actor", "roll actor {written} is not in the game",
                                                        written=repr(entry.get("actor")), actor=str(entry.get("actor")))))
            continue
        if entry.get("name") not in ROLL_NAMES:
            problems.append(Problem(source, where, unknown_roll(entry.get("name")), ROLLS_HINT))
            continue
        if entry["name"] in CHOICE_ROLLS:
            chosen = find_player(state.players, str(entry.get("value", "")))
            if chosen is None:
                problems.append(Problem(source, where, Line("file.roll_player", "the {roll} roll picks a player: "
                                                            "value = \"<nick>\"", roll=entry["name"])))
                continue
            forced[(p.nick, entry["name"])] = chosen.nick
            continue
        if not isinstance(entry.get("value"), bool):
            problems.append(Problem(source, where, Line("file.roll_value", "value must be true or false")))
            continue
        forced[(p.nick, canonical_roll(entry["name"]))] = entry["value"]
    if night != state.night + 1:
        problems.append(Problem(source, where_key("night"), Line("file.other_night", "this file is for night {night}, "
                                                                 "the game is at night {now}", night=night,
                                                                 now=state.night + 1)))
    if problems:
        raise ActionError(problems)
    return NightFile(night=night, actions=tuple(actions), forced=forced)


def append_action(text: str, action: Action) -> str:
    """The night file's text with one more `[[actions]]` entry (a new file starts with `night = N`)."""
    if text and not text.endswith("\n"):
        text += "\n"
    return text + ("\n" if text else "") + action.to_toml()


def append_roll(text: str, actor: str, name: str, value: bool | str) -> str:
    """The night file's text with a forced roll (`night roll`); a later entry for the same roll wins.
    A choice roll (004 "visitor") takes the chosen player's name as its value."""
    if name not in ROLL_NAMES:
        raise ActionError(Problem(NIGHT_ROLL, where_key(name), unknown_roll(name), ROLLS_HINT))
    if (name in CHOICE_ROLLS) != isinstance(value, str):
        raise ActionError(Problem(NIGHT_ROLL, where_key(name),
                                  Line("file.roll_takes_player", "the {roll} roll takes a player's name", roll=name)
                                  if name in CHOICE_ROLLS else
                                  Line("file.roll_takes_yes_no", "the {roll} roll takes yes or no", roll=name)))
    if text and not text.endswith("\n"):
        text += "\n"
    shown = json.dumps(value, ensure_ascii=False) if isinstance(value, str) else ('true' if value else 'false')
    entry = f"[[rolls]]\nactor = {json.dumps(actor, ensure_ascii=False)}\nname = \"{name}\"\nvalue = {shown}\n"
    return text + ("\n" if text else "") + entry


def action_rolls(ruleset: Ruleset, state: GameState, action: Action) -> tuple[str, ...]:
    """The rolls (`rolls.ROLL_NAMES`) the engine may draw for this action tonight, for its sender: what a GM
    may force for it. The engine's draws: a kill's evidence (its chance for this many targets) and, with a
    trace, the victim's reveal; the serum's evidence; a block's silence; the bloody kill's visitor and its
    50 %; a redirect's "learn". Абрахам's copy has the copied card's rolls."""
    p = find_player(state.players, action.actor)
    if p is None or not p.alive:
        return ()
    entry = available_abilities(ruleset, state, p.nick).get(action.ability)
    if entry is None:
        return ()
    card = entry[0]
    if card.kind == "copy":
        card = copied_card(ruleset, action)
        if card is None:
            return ()
    found: list[str] = []
    if card.kind in ("kill", "kill_silence") and card.evidence:
        if card.evidence[min(max(len(action.targets), 1), len(card.evidence)) - 1]:
            found.append("evidence")
        if card.evidence_kind == "trace" and card.reveal_victim_p and \
                alive_at_start(state) <= card.reveal_victim_when_alive_le:
            found.append("reveal")
    elif card.kind == "serum" and card.evidence and card.evidence[0]:
        found.append("evidence")
    elif card.kind == "block" and card.silence_p:
        found.append("silence")
    elif card.kind == "bloody_kill":
        found += ["visitor", "bloody"]
    elif card.kind == "redirect" and card.tells_if_target:
        found.append("learn")
    return tuple(found)


def check_roll(ruleset: Ruleset, state: GameState, actions, actor: str, name: str) -> str:
    """Why forcing roll `name` for `actor` would do nothing tonight, or "" when one of the actor's entered
    actions draws it: a forced roll that no action draws would be silently unused, so `night roll` refuses it."""
    p = find_player(state.players, actor)
    nick = p.nick if p is not None else actor
    mine = [a for a in actions if getattr(find_player(state.players, a.actor), "nick", a.actor) == nick]
    have = list(dict.fromkeys(r for a in mine for r in action_rolls(ruleset, state, a)))
    if name in have:
        return ""
    # the cards that would draw it, with as many targets as they take (a boss's double kill has evidence)
    could = []
    if p is not None and p.alive:
        for ability, (card, _) in available_abilities(ruleset, state, nick).items():
            if name in action_rolls(ruleset, state, Action(nick, ability, ("?",) * max(card.max_targets, 1))):
                could.append(ability)
    sent = ", ".join(a.ability for a in mine) or "none entered"
    hint = (Line("hint.roll_enter_first", "only {player}'s {listed} can draw it (the chance depends on the targets): "
                 "enter that action first (mafvote night add)", player=nick, listed=" or ".join(could), either=could)
            if could else Line("hint.roll_other_player", "force it for the player whose action draws it"))
    return Line("entry.roll_unused", "no {roll} roll for {player} tonight: rolls of {player}'s actions ({sent}): "
                "{drawn}; {reason}", roll=name, player=nick, sent=sent, entered=[a.ability for a in mine],
                drawn=", ".join(have) or "none", rolls=have, reason=hint)
