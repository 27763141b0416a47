"""The day side of the game: closing a day, applying a hanging, a modkill, a replacement; the win check after each.

`close_day(ruleset, state, count)` holds the rules of a day's close (RULES.md §3.6 misses and modkill
candidates, §3.13 the under-active, §3.14 004's modkill-closed day, §3.6 who owes a night action): the
count's facts (`DayCount`, from the tally's GM view) in, a `DayClosing` out, built on `apply_day`.

`apply_day(ruleset, state, eliminated)` takes who the count (or the GM) hangs and returns a `DayOutcome`
with the next state: the reveal rule is taken at the start of the day (RULES.md §3.15); an alibi, Миллард's
"не вешается" and the one alibi of Миллард's killer save the doomed; a hanged shahid takes nobody; a hanged
boss passes the lead down the succession; silences count down a day and alibis expire.

RULES.md §3.15 (alive counts are taken at the start of the phase): a modkill inside a phase records in the
state how many were alive when the phase began (`alive_at_start`), so the day's close still reveals (or
hides) a hanged player's role by that number. The record is keyed by the phase (the last resolved night and
the last applied day), so it never outlives its phase; `apply_day` drops it.
"""
from __future__ import annotations

__all__ = ["DayClosing", "DayCount", "alive_at_start", "apply_day", "close_day", "mark_phase_start", "modkill",
           "record_misses", "replace_player", "same_name_as"]

from dataclasses import dataclass, field, replace
from typing import Iterable, Mapping, Sequence

from mafvote_tally.names import RosterMatcher

from .checks import current_boss, night_actors
from .engine import check_win, death_text, inherit, reveal_mode
from .errors import ResolverError
from .journal import Line
from .outcome import DayOutcome, Death, Private, Public
from .ruleset import Ruleset
from .state import PHASE_ALIVE, GameState, Silence, alive_at_start, find_player, mark_phase_start


def _after_day(state: GameState) -> GameState:
    # a day has passed: silences count down, the day's alibis, secret losses and vote transfers expire
    silences = tuple(Silence(s.player, s.days - 1, s.announced, s.cause) for s in state.silences if s.days > 1)
    counters = {k: v for k, v in state.counters.items() if not k.startswith(PHASE_ALIVE)}
    return replace(state, silences=silences, alibis=(), hidden_vote_loss=(), transfers=(), counters=counters)


# The day's line for the post when nobody is hanged, by the reason the public post gives (`tally.format.shown_reason`):
# `day close` and the GM report offer it "for the post", so it says what the themed post says, in plain words
_NOBODY = {
    "tie": "Голоса разделились поровну, не вешается никто",
    # 004's forgiven tie reads as any tie: «в первый раз» would tell the players, after a public tie that hid a
    # real result, that the earlier tie was not a real one
    "tie_forgiven": "Голоса разделились поровну, не вешается никто",
}
_NOBODY_DEFAULT = "Не вешается никто"
# the saves the post tells with their own reason (RULES.md §3.10)
_SAVE_LINES = {
    "alibi": "Обречённый отмазан, не вешается никто",
    "protected": "У обречённого была защита от казни, не вешается никто",
}


def apply_day(ruleset: Ruleset, state: GameState, eliminated: Iterable[str], *, day: int | None = None,
              reason: str | None = None) -> DayOutcome:
    """Apply a day's hanging (empty: nobody is hanged). Unknown or dead names raise `ResolverError`.

    `reason`: the reason the day's public post gives (`tally.format.shown_reason` of the closed day's public
    count), when the count decided; None: the result's own. When nobody is hanged the public line follows it:
    a save the public count cannot explain (hidden vote weights made the real leader, RULES.md §3 "Two
    views") is told as the public count's tie or as «Не вешается никто», never as the save."""
    number = day if day is not None else state.day + 1
    n = alive_at_start(state)   # RULES.md §3.15: not the living at the close (a modkill may have come between)
    log: list[str] = [Line("day", "day {day}: {alive} alive at the start", day=number, alive=n)]
    public: list[Public] = []
    deaths: list[Death] = []
    saved: list[tuple[str, str]] = []
    protection = dict(state.hang_protection)
    universal = dict(state.universal_shields)
    hang_only = dict(state.hang_shields)
    new = state
    boss_before = current_boss(ruleset, state)
    for name in eliminated:
        p = find_player(state.players, name)
        if p is None or not p.alive:
            raise ResolverError(Line("day.not_living", "day {day}: {name!r} is not a living player of game {game}; "
                                     "check the name in `day close --eliminate`", day=number, name=name,
                                     game=state.game))
        role = ruleset.role(p.role)
        if "hang" in role.immune:
            saved.append((p.nick, "unhangable"))
            log.append(Line("day.unhangable", "{player} ({role}) cannot be hanged; nobody leaves", player=p.nick,
                            role=role.name))
            continue
        if p.nick in state.alibis:
            saved.append((p.nick, "alibi"))
            log.append(Line("day.alibi", "{player} has an alibi; nobody leaves (обреченный отмазан)", player=p.nick))
            public.append(Public("alibi", _SAVE_LINES["alibi"], {"player": p.nick}))
            continue
        if protection.get(p.nick, 0) > 0:
            # the order of the tally's shields (RULES.md §3.10; tally.count: alibis before protections), so a
            # close from the count spends what the count said it spent: the killer of Миллард's alibi, then
            # 004's one-time hang protection, then a universal one (which would also stop a kill)
            killer_alibi = protection[p.nick] - hang_only.get(p.nick, 0) - universal.get(p.nick, 0)
            if killer_alibi > 0:
                what = Line("day.protected.killer_alibi", "the alibi of Миллард's killer")
            elif hang_only.get(p.nick, 0) > 0:
                hang_only[p.nick] -= 1
                what = Line("day.protected.hang_once", "a one-time protection from hanging")
            else:
                universal[p.nick] -= 1
                what = Line("day.protected.universal", "a universal protection")
            protection[p.nick] -= 1
            # the count calls the killer's alibi an alibi and the others a protection (tally reason `alibi` /
            # `protected`); the post's line says the same (not «отмазан» for a protection)
            kind = "alibi" if killer_alibi > 0 else "protected"
            saved.append((p.nick, "protected"))
            log.append(Line("day.protected", "{player} is protected from this hanging ({what}); it is spent",
                            player=p.nick, what=what))
            public.append(Public(kind, _SAVE_LINES[kind], {"player": p.nick}))
            continue
        mode = reveal_mode(ruleset, role, "day", n)   # 003: "На казни раскрывается роль"; 004: the side
        revealed = mode != "none"
        deaths.append(Death(p.nick, role.name, role.side, revealed, ("hanged",)))
        new = new.with_player(p.nick, alive=False, died=f"day {number}", causes=("hanged",), revealed=revealed)
        # RULES.md §6: a player without a gender gets the wording that needs none (the themes' «Выбывает»)
        verb = {"f": "Повешена", "m": "Повешен"}.get(p.gender or "", "Выбывает")
        public.append(Public("hanged", f"{verb} {death_text(ruleset, p, role, revealed, mode)}",
                             {"player": p.nick, "role": role.name if mode == "role" else None,
                              "side": (role.shown_side or role.side) if mode == "side" else role.side if revealed else None}))
        shahid = any(a.kind == "shahid" for a in role.abilities)
        log.append(Line("day.hanged", "{player} is hanged ({role}){shahid_en}", player=p.nick, role=role.name,
                        shahid=bool(shahid), shahid_en="; a hanged shahid takes nobody" if shahid else ""))
    if not deaths and not saved:
        public.append(Public("nobody", _NOBODY.get(reason or "", _NOBODY_DEFAULT), {}))
    elif not deaths and reason is not None and reason not in ("alibi", "protected", "unhangable"):
        # the public count shows no save (a tie, or a leader other than the saved): the line the post gives
        public = [x for x in public if x.kind not in ("alibi", "protected")]
        public.append(Public("nobody", _NOBODY.get(reason, _NOBODY_DEFAULT), {}))
    if deaths:
        # RULES.md §3.10 (`tie_all`): a protected player survives and the others still hang, so the saved one's
        # line says who survived and why, never "не вешается никто" beside a hanging (kind "alibi" for both: the
        # themes list a survivor by `saved`, and "protected" is also the night's event)
        public = [_survived(state, x) if x.kind in ("alibi", "protected") else x for x in public]
    new = _after_day(replace(new, day=number, hang_protection={k: v for k, v in protection.items() if v > 0},
                             universal_shields={k: v for k, v in universal.items() if v > 0},
                             hang_shields={k: v for k, v in hang_only.items() if v > 0},
                             items={k: v for k, v in new.items.items() if k not in {d.player for d in deaths}}))
    new, inherit_log, private = inherit(ruleset, new)   # 004: the neutral takes the hanged maniac's place
    log += inherit_log
    boss_after = current_boss(ruleset, new)
    if boss_after != boss_before and boss_after is not None:
        log.append(Line("succession", "succession: {boss} is the boss now", boss=boss_after))
        # told as the night's succession is: the new boss sends the boss's action from tonight
        private.append(Private(boss_after, "succession", "Вы теперь босс"))
    winner = check_win(ruleset, new)
    if winner:
        log.append(Line("game_over", "game over: {winner} wins", winner=winner))
    return DayOutcome(day=number, deaths=tuple(deaths), saved=tuple(saved), public=tuple(public), log=tuple(log),
                      state=new, winner=winner, private=tuple(private))


def _survived(state: GameState, event: Public) -> Public:
    """The line of a player a shield saved on a day when others hang (a `tie_all`)."""
    nick = event.data["player"]
    p = find_player(state.players, nick)
    # RULES.md §6: a player without a gender gets the present tense, which has none (as the themes' «избегает»;
    # no GM writes «избежал(а)», issue 14)
    verb = {"f": "избежала", "m": "избежал"}.get(p.gender if p is not None else "", "избегает")
    why = "отмаза" if nick in state.alibis else "защита от казни"
    name = p.name if p is not None else nick
    return Public("alibi", f"{name} {verb} казни ({why})",
                  {**event.data, "reason": "alibi" if nick in state.alibis else "protected"})


def modkill(ruleset: Ruleset, state: GameState, player: str, *, reveal: bool = False) -> DayOutcome:
    """The GM removes a player (general rules 3, 4, 8: with or without showing the role)."""
    p = find_player(state.players, player)
    if p is None or not p.alive:
        raise ResolverError(Line("modkill.not_living", "modkill: {name!r} is not a living player of game {game}",
                                 name=player, game=state.game))
    role = ruleset.role(p.role)
    # Decision (issue 15, RULES.md §4 004): 004 shows the side of every departure (seed 004 rule 3: «открывается
    # только сторона(маньяк видится как город)»), a modkill included (the maniac as town); `--reveal` stays the GM's override for the
    # role. Elsewhere a modkill shows the role only with `--reveal`.
    shown = reveal or ruleset.reveal_day == "side"
    mode = "role" if reveal else ("side" if shown else "none")
    # RULES.md §3.15: the phase's alive count stays the one at its start (the close's reveal rule uses it)
    new = mark_phase_start(state).with_player(p.nick, alive=False, died="modkill", causes=("modkill",),
                                              revealed=shown)
    text = f"Модкилл: {death_text(ruleset, p, role, shown, mode)}"
    new, inherit_log, _ = inherit(ruleset, new)   # 004: a modkilled maniac passes to the neutral too
    winner = check_win(ruleset, new)
    return DayOutcome(day=state.day, deaths=(Death(p.nick, role.name, role.side, shown, ("modkill",)),), saved=(),
                      public=(Public("modkill", text, {"player": p.nick}),),
                      log=(Line("modkill", "modkill: {player} ({role})", player=p.nick, role=role.name), *inherit_log),
                      state=new, winner=winner)


def replace_player(state: GameState, player: str, by: str) -> GameState:
    """A replacement takes over the slot and role; every memory keyed by the old nick moves to the new one."""
    p = find_player(state.players, player)
    if p is None or not p.alive:
        raise ResolverError(Line("replace.not_living", "replace: {name!r} is not a living player of game {game}",
                                 name=player, game=state.game))
    taken = same_name_as(state, by)
    if taken is not None:
        slot, how = taken
        words = _SAME_NAME[how]
        raise ResolverError(Line(f"replace.{how}_name", 'replace: "{by}" ' + words + " {slot}, a player of game "
                                 "{game}: votes could not tell the two apart (RULES.md §2); check the new account's "
                                 "nick as the forum shows it", by=by, slot=slot, game=state.game))
    old = p.nick

    def swap(x: str) -> str:
        return by if x == old else x

    def keyswap(d):
        return {swap(k): v for k, v in d.items()}

    players = tuple(replace(q, nick=by, display="", aliases=()) if q.nick == old else q for q in state.players)
    return replace(
        state, players=players,
        silences=tuple(replace(s, player=swap(s.player)) for s in state.silences),
        alibis=tuple(map(swap, state.alibis)), hidden_vote_loss=tuple(map(swap, state.hidden_vote_loss)),
        hang_protection=keyswap(state.hang_protection),
        last={swap(k): tuple(replace(a, targets=tuple(map(swap, a.targets)), covered=tuple(map(swap, a.covered)))
                             for a in v) for k, v in state.last.items()},
        uses={(by + k[len(old):] if k.startswith(old + "/") else k): v for k, v in state.uses.items()},
        hire_credits={swap(k): tuple(map(swap, v)) for k, v in state.hire_credits.items()},
        hire_spent={swap(k): tuple(map(swap, v)) for k, v in state.hire_spent.items()},
        misses=keyswap(state.misses), under_active=frozenset(map(swap, state.under_active)),
        replacements=state.replacements + ((old, by),),
        items=keyswap(state.items), night_shields=keyswap(state.night_shields),
        universal_shields=keyswap(state.universal_shields), hang_shields=keyswap(state.hang_shields),
        counters={_swap_counter(k, old, by): v for k, v in state.counters.items()},
        transfers=tuple((kind, swap(a), swap(b)) for kind, a, b in state.transfers),
    )


def same_name_as(state: GameState, name: str) -> tuple[str, str] | None:
    """The player (the slot's nick now) whose name `name` is the same as, the way the vote count compares names
    (RULES.md §2: case, ё/е, spaces, punctuation and Latin/Cyrillic look-alike letters do not matter), and how
    (`same`: the same name but for case, ё/е, spaces and punctuation; `lookalike`: the same but for Latin/Cyrillic
    look-alike letters); None when it is a new name. A slot's names are its nick, display name, aliases and former
    accounts (their old votes are the slot's)."""
    now = {p.nick: p.nick for p in state.players}
    for gone, by in state.replacements:   # a former account names the slot its successor plays now
        now[gone] = by
        now = {k: (by if v == gone else v) for k, v in now.items()}
    names: dict[str, list[str]] = {p.nick: [p.display, *p.aliases] for p in state.players}
    for account, slot in now.items():
        if account != slot and slot in names:
            names[slot].append(account)
    found = RosterMatcher({slot: [n for n in ns if n] for slot, ns in names.items()},
                          use_morph=False).match(name, fuzzy=False)
    if found.step == "exact":
        return found.candidates[0], "same"
    if found.step == "lookalike":
        return found.candidates[0], "lookalike"
    return None


# how a new account's name is the same as a player's (`same_name_as`), in the English of `replace`'s refusal
_SAME_NAME = {"same": "is the same name (case, ё/е, spaces and punctuation aside) as",
              "lookalike": "looks the same (Latin/Cyrillic look-alike letters) as"}


def _swap_counter(key: str, old: str, by: str) -> str:
    # "nick/ability@night", "nick/ability>target", "nick/saves": the holder and a remembered target move
    holder, _, rest = key.partition("/")
    holder = by if holder == old else holder
    if ">" in rest:
        head, _, target = rest.partition(">")
        rest = f"{head}>{by if target == old else target}"
    return f"{holder}/{rest}"


def record_misses(state: GameState, players: Iterable[str]) -> tuple[GameState, tuple[str, ...]]:
    """Count a missed vote (or, with `night_action_is_duty`, a missed night action) for each player.

    Returns the new state and the players at their second miss or more: modkill candidates for the GM
    (000, 001, 003: "При повторном пропуске - модкилл").
    """
    misses = dict(state.misses)
    candidates = []
    for name in players:
        p = find_player(state.players, name)
        if p is None:
            raise ResolverError(Line("misses.not_a_player", "misses: {name!r} is not a player of game {game}",
                                     name=name, game=state.game))
        misses[p.nick] = misses.get(p.nick, 0) + 1
        if misses[p.nick] >= 2:
            candidates.append(p.nick)
    return replace(state, misses=misses), tuple(candidates)


# --- closing a day (RULES.md §3.6, §3.13, §3.14, §3.1) ---------------------------------------------------------

@dataclass(frozen=True)
class DayCount:
    """What the day's count (the GM view of `tally.count_day`) tells the close, in the state's nicks. `mafvote`
    builds it from the Tally and the day state the count ran on; a day scenario file gives it as data."""

    eliminated: tuple[str, ...] = ()         # whom the count hangs (`Outcome.eliminated`)
    saved: tuple[str, ...] = ()              # whom it would hang but a shield saved (`Outcome.saved`)
    modkilled: tuple[str, ...] = ()          # the day's modkills the count took as done (`DayState.modkilled`)
    misses: Mapping[str, int] = field(default_factory=dict)   # misses so far, this day's included (`Tally.misses`)
    not_voted: tuple[str, ...] = ()
    under_active: tuple[str, ...] = ()       # flagged under the activity minimum (RULES.md §3.13)
    owes_night_action: tuple[str, ...] = ()  # the day state's: a night action missed the night before (§3.6)
    alive: tuple[str, ...] | None = None     # the day state's living (None: the state's living)
    excused: tuple[str, ...] = ()            # excused from this day's duties (`mafvote state excuse`)
    closed: bool = True                      # the count is of a closed day (its deadline or an early close passed)
    modkill_cut_short: bool = False          # 004: a modkill closed the day before its deadline (§3.14)
    vote_posts: bool = True                  # any post in the vote thread during the day


@dataclass(frozen=True)
class DayClosing:
    """What closing a day applies: the day's outcome (its state carries the misses and the under-active), how it
    was decided, the GM's lists, and a note for the GM (a `Line`: key and facts; None when there is nothing)."""

    outcome: DayOutcome
    decided_by: str                          # "count" | "gm"
    modkill_candidates: tuple[str, ...] = ()
    under_active: tuple[str, ...] = ()
    owes_night_action: tuple[str, ...] = ()
    note: Line | None = None
    counted: bool = True                     # the count's misses and activity were recorded


def close_day(ruleset: Ruleset, state: GameState, count: DayCount | None, *, day: int,
              hanged: Sequence[str] | None = None, hang_state: GameState | None = None,
              reason: str | None = None) -> DayClosing:
    """Close a day: hang whom the count hangs (or the GM's `hanged`), then record what the count says of the
    players. Pure: the count's facts in, the close out.

    * `hanged` None: the count decides. RULES.md §3.14 (004): a player the day's modkill removed is the day's
      elimination, not hanged again; the post says the day closed with the modkill. §3.1: a modkill after the
      day's end left the count alone, so the count may hang a player already gone: nobody is hanged in his
      place, and the GM is told (`hanged_already_out`).
    * `hanged` given: the GM's decision (`day close --eliminate` / `--nobody`), hanged on `hang_state` (the
      state without the named player's day shields); it is the count's result when it names exactly whom the
      count hangs and nobody was saved.
    * `reason`: the public count's reason (`tally.format.shown_reason`), the line the post gives when the count
      decided.
    * RULES.md §3.6: each player's misses grow to the count's (a vote and a night action missed: two); the
      second miss is a modkill candidate under the fixed penalty only (004's cumulative penalty grows instead).
      §3.14 (004): a day the modkill cut short gives nobody a miss (the count gave no penalty), the GM is told.
    * RULES.md §3.13: the under-active lose their next night action: only the living after this day who hold
      a night ability then are listed (and kept in the state as `under_active`).
    * RULES.md §3.6: who is punished at this count for a missed night action: the day state's
      `owes_night_action`, alive and not excused.
    * A day with no post in the vote thread is a gap in the data, not every player missing the vote: the
      misses and activity wait for the GM (`no_posts`)."""
    note: Line | None = None
    modkilled: list[str] = []
    if hanged is None:
        if count is None:
            raise ResolverError(Line("day.no_count", "day {day}: no count to close the day by; name whom to hang, "
                                     "or nobody", day=day))
        # the shielded go to apply_day too, so it spends the shield the count spent (alibis before protections
        # in both) and writes «обреченный отмазан»
        doomed = [p for p in (*count.eliminated, *count.saved) if p not in count.modkilled]
        modkilled = [p for p in count.eliminated if p in count.modkilled]
        left = [n for n in doomed if not state.player(n).alive]
        doomed = [n for n in doomed if n not in left]
        if left and not doomed:
            names = ", ".join(state.player(n).name for n in left)
            note = Line("hanged_already_out", "the vote's result is {names}, already out by a modkill after the "
                        "day's end: nobody is hanged", names=names)
        decided = "count"
    else:
        doomed = list(hanged)
        # the GM named exactly whom the count hangs: that is the count's result, and the posts must not suggest
        # that the GM stepped in («решение ведущего»); `--nobody` is always the GM's decision, also on a tie
        decided = ("count" if doomed and count is not None and not count.saved and list(count.eliminated) == doomed
                   else "gm")
    out = apply_day(ruleset, hang_state if hang_state is not None else state, doomed, day=day,
                    reason=reason if decided == "count" else None)
    if decided == "count" and modkilled:
        # RULES.md §3.14: the modkill is the day's elimination; "nobody is hanged" would be wrong
        public = tuple(x for x in out.public if x.kind != "nobody")
        public += tuple(Public("modkill", f"День закрыт модкиллом: {state.player(n).name}", {"player": n})
                        for n in modkilled)
        out = replace(out, public=public, log=(*out.log, Line("day.closed_by_modkill", "the day closes with the "
                                                              "modkill of {players} (RULES.md §3.14)",
                                                              players=", ".join(modkilled))))
    counted = count is not None and count.vote_posts
    if count is not None and not count.vote_posts:
        note = Line("no_posts", "no post in the vote thread during the day: misses and activity are not recorded")
    new = out.state
    candidates: tuple[str, ...] = ()
    under: tuple[str, ...] = ()
    owed: tuple[str, ...] = ()
    if counted:
        assert count is not None
        missed: list[str] = []
        for nick, total in count.misses.items():
            if not state.player(nick).alive:
                continue        # modkilled after the day's end (RULES.md §3.1): nothing to record
            missed += [nick] * max(0, total - state.misses.get(nick, 0))
        if count.modkill_cut_short and count.not_voted:
            # RULES.md §3.14 (004): the others had until the deadline to vote; the count gave them no penalty
            note = Line("modkill_cut_short", "the day was closed by the modkill before its deadline: no missed "
                        "vote recorded for {names}", names=", ".join(count.not_voted))
        new, candidates = record_misses(new, missed)
        candidates = tuple(dict.fromkeys(candidates))     # a vote and a night action missed: one candidate
        if ruleset.votes.get("penalty", "fixed") != "fixed":
            candidates = ()
        actors = set(night_actors(ruleset, new) or ())
        under = tuple(n for n in dict.fromkeys(count.under_active) if new.player(n).alive and n in actors)
        new = replace(new, under_active=frozenset(under))
        if count.closed:
            alive = set(count.alive) if count.alive is not None else {p.nick for p in state.players if p.alive}
            owed = tuple(n for n in count.owes_night_action
                         if n in alive and n not in count.excused and state.player(n).alive)
    return DayClosing(replace(out, state=new), decided, candidates, under, owed, note, counted)
