"""The day's count from the store: `tally.count_day`'s inputs built from the stored posts, the journal and the state.

    store posts + state + phase bounds ──count_inputs──> tally.count_day ──> Tally (gm / public view)

What a night leaves for the next day's count (RULES.md §3.5, §3.7, §3.10): silences and secret vote losses,
the lawyer's alibis, 004's stolen and gifted votes (`GameState.transfers`, for the day after the night that
made them: the day's close clears them), and the protections from hanging: the one alibi of Миллард's killer
(a consumable `alibi`) and 004's one-time and universal protections (consumable `protected` shields;
`hang_protection` holds all three, `hang_shields` / `universal_shields` say how many are which). The tally
spends one by saving its holder; `day close` passes the saved to `apply_day`, which spends the same one (both
take alibis before protections).
"""
from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Callable, Mapping, Sequence

from mafvote_resolver import GameState
from mafvote_tally import (DayState, Outcome, Player, Post, Replacement, Roster, RosterMatcher, Shield, Silence, Tally,
                           TallyError, Transfer, VoteRules, Weight, count_day_views)
from mafvote_tally.recognise import add_stored

from ..alert_texts import game_time
from ..gm_text import tally_error
from ..heap import collector_paused
from ..messages import text as t
from ..store import CountRead, from_db_time
from .core import current_nick
from .dictionary_words import load_words, save_words
from .duty import NightDuties
from .phases import MAX_PHASES_AHEAD, phase_index, phase_of_index, to_minute
from .records import ENDS_PHASE, AppliedPhase, CountInputs, GameError

__all__ = ["ANY_TIME", "Counting", "hang_protections"]


_TIE_REASONS = ("tie", "tie_forgiven", "tie_all")
# The post versions a game's matcher keeps readings of (`RosterMatcher.post_versions`) before it forgets them all: one
# matcher serves the game's life, and kept without a bound it held every version of every day's posts (a 3,000-post
# day is ≈ 7,400 entries over both views). Past this the next count decodes its day's stored readings again, once
# (a cold count, ≈ 0.1 s), and goes on warm.
KEPT_POST_VERSIONS = 20_000

# `Counting.posts_changed_since` when what changed cannot be said: before every moment
ANY_TIME = datetime.min.replace(tzinfo=timezone.utc)


class Counting(NightDuties):
    """The day's count in either view, and the tally's inputs it is made from."""

    def _replacements(self, applied: Sequence[AppliedPhase]) -> dict[str, list[Replacement]]:
        """slot -> the accounts that took it over, from the config and from `mafvote replace`."""
        out: dict[str, list[Replacement]] = {}
        slot_of: dict[str, str] = {p.nick: p.nick for p in self.game.players}
        for p in self.game.players:
            if p.replaced_by is not None:
                out.setdefault(p.nick, []).append(Replacement(p.replaced_by.nick, p.replaced_by.at))
        for r in applied:
            if r.how == "replace":
                old, new = r.outcome["old"], r.outcome["new"]
                slot = slot_of.get(old, old)
                slot_of[new] = slot
                at = datetime.fromisoformat(r.outcome["at"]).astimezone(self.tz)
                out.setdefault(slot, []).append(Replacement(new, at))
        return out

    def _slots(self, state: GameState, applied: Sequence[AppliedPhase]) -> dict[str, str]:
        """GameState nick -> tally slot (the slot keeps the roster's first nick through replacements)."""
        slot_of = {p.nick: p.nick for p in state.players}
        chain: dict[str, str] = {}
        for old, new in state.replacements:
            chain[new] = chain.get(old, old)
        for nick in slot_of:
            slot_of[nick] = chain.get(nick, nick)
        return slot_of

    def _roster(self, state: GameState, applied: Sequence[AppliedPhase],
                slot_of: Mapping[str, str]) -> tuple[Roster, VoteRules]:
        """The tally's roster (slots with aliases, mask, replacements; the GMs) and the ruleset's vote rules."""
        replacements = self._replacements(applied)
        config_by_nick = {p.nick: p for p in self.game.players}
        players = []
        for p in state.players:
            slot = slot_of[p.nick]
            cfg = config_by_nick.get(slot)
            mask = cfg.mask if cfg else None
            extra = (p.display,) if p.display and p.display not in (slot, mask) else ()
            aliases = tuple(dict.fromkeys((*(cfg.aliases if cfg else ()), *p.aliases, *extra)))
            players.append(Player(slot, aliases=aliases, mask=mask, replacements=tuple(replacements.get(slot, ()))))
        try:
            return (Roster(tuple(players), gms=tuple(self.game.gm)),
                    VoteRules.from_mapping(self.ruleset.votes, f"{self.ruleset.source}: [votes]"))
        except TallyError as exc:
            raise GameError(tally_error(exc)) from None

    def _state_before(self, day: int, applied: Sequence[AppliedPhase]) -> GameState:
        """The state the count of `day` runs on: before the day's close when it is closed, else the latest."""
        for i, r in enumerate(applied):
            if r.how == "close" and r.number == day:
                return applied[i - 1].state if i else self.initial()
        return self.state(applied)

    def default_day(self, applied: Sequence[AppliedPhase] | None = None) -> int:
        """The current day; at night the day last closed, or the coming day before any."""
        rows = list(self.applied() if applied is None else applied)
        current = self.current_phase(rows)
        if current.kind == "day":
            return current.number
        closed = [r.number for r in rows if r.how == "close"]
        if closed:
            return closed[-1]
        return self._phase_after(current.index + 1, current.deadline).number

    def finished_day_steps(self, day: int, applied: Sequence[AppliedPhase]) -> tuple | None:
        """The stored steps (`seq` and `digest`: an undone step's seq is the next one's) a closed day's count is made
        from, None while `day` is not closed: a
        cache of the finished day (the daemon's pages, issue 17) holds while this stays the same, and a step that
        changes the day's count changes it. What `count_inputs` reads of the journal for a closed day: every step up
        to its close (the state before the close, the day's modkills, the earlier closes' ties and ends, its night
        duty and excuses: a modkill, an excuse or a silence for the day is stored before its close, `undo` drops
        only the last step, so an undone or redone step at or before the close is another step here); the step
        that ended the night after it (where the next day starts bounds the day's late votes); and every
        `replace`, whenever made (the roster lists each replacement, and the pages name the slot by its latest
        account). Steps of later phases change none of it (a later day's modkill, close, silence)."""
        close = next((i for i, r in enumerate(applied) if r.how == "close" and r.number == day), None)
        if close is None:
            return None
        later = applied[close + 1:]
        night_end = next((r.step for r in later if r.how in ENDS_PHASE), None)
        return (*(r.step for r in applied[:close + 1]), night_end, *(r.step for r in later if r.how == "replace"))

    def finished_day_read_end(self, day: int, applied: Sequence[AppliedPhase]) -> datetime | None:
        """Before when a post must be dated to change closed day `day`'s count: the next day's start or the day's
        deadline, whichever is later (`_read_until`); None while the night after it runs (its posts are the day's
        late votes) or the day is not closed."""
        close = next((i for i, r in enumerate(applied) if r.how == "close" and r.number == day), None)
        if close is None:
            return None
        night_end = next((r for r in applied[close + 1:] if r.how in ENDS_PHASE), None)
        if night_end is None or night_end.ended is None:
            return None
        deadline = applied[close].deadline
        return night_end.ended if deadline is None else max(night_end.ended, deadline)

    # `mafvote serve` (`mafvote.serve_pages`): its store is written by other processes between two refreshes (the
    # daemon's crawls, a GM's `crawl`), which the store's own memory of its writes cannot name. With this on, a
    # mark keeps every post's state (`Store.post_states`), and the posts another process wrote are found by
    # comparing, so a refresh remakes the days they fall in, not every finished day. Off for the daemon: it writes
    # its posts itself, and the states are memory it would keep for nothing.
    compare_post_states = False

    def posts_changed_since(self, mark: tuple | None) -> tuple[tuple, datetime | None]:
        """For a cache of finished days kept between calls: the store's mark now (keep it for the next call), and the
        earliest time of a post of this game written (new, edited, deleted) since `mark`, None when there is none:
        `ANY_TIME` when that cannot be said (no mark, another store or another process wrote, more posts written than
        the store remembers), so every finished day is made again; with `compare_post_states`, another process's
        writes are found by comparing the posts' states before and after."""
        mark_now = (id(self.store), self.store.post_mark())
        if mark is None or mark[0] != mark_now[0]:
            return self._with_states(mark_now, None), ANY_TIME
        changed = self.store.posts_changed_since(mark[1])
        if changed is None:
            before = mark[2] if len(mark) > 2 else None
            mark_now = self._with_states(mark_now, None)
            if before is None or len(mark_now) < 3:
                return mark_now, ANY_TIME
            after = mark_now[2]
            times = []
            for key in before.keys() | after.keys():
                old, new = before.get(key), after.get(key)
                if old != new:
                    # both times: a post re-dated, or gone from the game's topics, changes the days it was read in
                    times += [from_db_time(state[0]) for state in (old, new) if state is not None]
            return mark_now, min(times, default=None)
        if not changed:
            return (*mark_now, *mark[2:]), None
        # (a post of another game, or moved out of this game's topics, is not found: no day of this game reads it)
        times = [p.time for p in self.store.count_posts(self.game.id, tz=self.tz, posts=changed).posts.values()]
        return self._with_states(mark_now, None), min(times, default=None)

    def _with_states(self, mark: tuple, states: dict | None) -> tuple:
        """`mark` with the posts' states when `compare_post_states` is on (read now unless given)."""
        if not self.compare_post_states:
            return mark
        return (*mark, states if states is not None else self.store.post_states(self.game.id))

    def count_inputs(self, day: int | None = None, *, since: datetime | None = None, deadline: datetime | None = None,
                     as_of: datetime | None = None, closed_at: datetime | None = None,
                     applied: Sequence[AppliedPhase] | None = None) -> CountInputs:
        """The tally's inputs for `day` from the store: posts (with versions), roster, day state, rules."""
        rows = list(self.applied() if applied is None else applied)
        number = day if day is not None else self.default_day(rows)
        current = self.current_phase(rows)
        # checked before the bounds are computed: the schedule is walked phase by phase up to `number`, and a
        # typo'd `--day 10000000` would walk for a minute and then leave the calendar
        far = number > current.number + MAX_PHASES_AHEAD
        if phase_index("day", number, self.game.schedule.starts_with) > current.index + 1 \
                and (since is None or deadline is None or far):
            kind, after = phase_of_index(current.index + 1, self.game.schedule.starts_with)
            latest = after if kind == "day" else current.number
            raise GameError(t("err.day_not_begun.far" if far else "err.day_not_begun", day=number,
                              current=current.label_ru, latest=latest))
        bounds = self.phase("day", number, rows)
        state = self._state_before(number, rows)
        if closed_at is None:
            # a day the GM closed before its deadline stays closed at that moment in every later recount
            closed_at = next((_count_end(r) for r in rows if r.how == "close" and r.number == number
                              and r.ended != r.deadline), None)
        slot_of = self._slots(state, rows)
        to_nick = {slot: nick for nick, slot in slot_of.items()}
        roster, rules = self._roster(state, rows, slot_of)
        silences = [Silence(slot_of[s.player], s.announced) for s in state.silences if s.days > 0]
        silenced = {s.player for s in silences}
        silences += [Silence(slot_of[h], False) for h in state.hidden_vote_loss if slot_of[h] not in silenced]
        shields: list[Shield] = [Shield(slot_of[a], "alibi", source="lawyer") for a in state.alibis]
        shields += hang_protections(state, slot_of)
        modkills = [(slot_of[d["player"]], r.applied_at) for r in rows if r.how == "modkill" and r.kind == "day"
                    and r.number == number for d in r.outcome.get("deaths", []) if d["player"] in slot_of]
        gone = {to for to, _ in modkills}
        weights: dict[str, Weight] = {}
        for p in state.players:
            role = self.ruleset.find_role(p.role) if p.role else None
            if role is None:
                continue
            # a player modkilled this day is alive in the count when the modkill came after the day's end
            # (`_modkills_before_end`); a shield of one the count treats as modkilled is never reached
            if "hang" in role.immune and (p.alive or slot_of[p.nick] in gone):
                shields.append(Shield(slot_of[p.nick], "unhangable", source=role.name))
            if (role.red_weight, role.blue_weight) != (1, 1):
                weights[slot_of[p.nick]] = Weight(role.red_weight, role.blue_weight)
        before = [r for r in rows if r.how == "close" and r.number < number]
        ties = sum(1 for r in before if ((r.outcome.get("count") or {}).get("outcome") or {}).get("reason") in _TIE_REASONS)
        night = self.night_before_day(number)
        night_start = self.phase("night", night, rows).start if night >= 1 else None
        # a day closed early by a досрочно post (RULES.md §3.11) ends at that post, where the night starts, but
        # the post and its minute are the closed day's (`_count_end`): not early posts of this day (issue 15.7)
        prev_end = next((_count_end(r) for r in rows if r.how == "close" and r.number == number - 1), None)
        if night_start is not None and prev_end is not None:
            night_start = max(night_start, prev_end)
        # the next day's start bounds this day's `late` votes (its own votes are its, not late for this day)
        next_day_start = self.phase("day", number + 1, rows).start
        actors = self._night_actors(state)
        day_state = DayState(
            day=number, deadline=deadline or bounds.deadline, start=since or bounds.start,
            # every player modkilled this day counts as alive here; `_modkills_before_end` takes the modkills
            # that came before the day's end out again
            alive=tuple(slot_of[p.nick] for p in state.players if p.alive or slot_of[p.nick] in gone),
            silences=tuple(silences), shields=tuple(shields),
            weights=weights, misses_so_far={slot_of[k]: v for k, v in state.misses.items() if k in slot_of},
            ties_so_far=ties, closed_at=closed_at,
            # RULES.md §3.7 (004): the votes stolen and gifted on the night before this day; the day's close
            # clears them, so a closed day's count reads them from the state before its close
            transfers=tuple(Transfer(kind, slot_of[a], slot_of[b])  # type: ignore[arg-type]
                            for kind, a, b in state.transfers if a in slot_of and b in slot_of),
            # RULES.md §3.5/§3.6: excused players are not vote-entitled and take no penalty (the tally's reading)
            excused=tuple(dict.fromkeys(slot_of[n] for n in (current_nick(state, x) for x in
                                                            state.excused.get(f"day {number}", ()))
                                        if n in slot_of)),
            owes_night_action=tuple(slot_of[n] for n in self.owes_night_action(number, state, rows) if n in slot_of),
            # RULES.md §3.1: a vote posted in the night before the day does not count; the tally flags it
            night_start=night_start, next_day_start=next_day_start, game_start=self.game.schedule.start,
            # RULES.md §3.13: only a player with a night ability has a night action to lose
            night_actors=tuple(slot_of[n] for n in actors if n in slot_of) if actors is not None else None)
        # (a --since without a time zone is left to the tally, which names it)
        window = bounds.start if since is None or since.tzinfo is None else min(since, bounds.start)
        if night_start is not None:
            window = min(window, night_start)
        bot = self._bot_posts(roster)
        read = self._posts_for_count(window, roster, as_of, until=_read_until(day_state, as_of))
        posts = tuple(read.posts.values()) if bot is None else tuple(p for p in read.posts.values() if not bot(p))
        readings = {key: read.readings[key] for p in posts for _, key in p.versions if key in read.readings}
        inputs = CountInputs(number, posts, day_state, roster, rules, to_nick, readings)
        if rules.modkill_closes_day:
            # RULES.md §3.14 (004): the modkill is the day's elimination and its end whenever the GM makes it
            # before the close (a player absent for the day is known to be so at the deadline)
            return replace(inputs, state=_with_modkills(day_state, modkills))
        return self._modkills_before_end(inputs, modkills, as_of) if modkills else inputs

    def _modkills_before_end(self, inputs: CountInputs, modkills: Sequence[tuple[str, datetime | None]],
                             as_of: datetime | None) -> CountInputs:
        """The day's inputs with the day's modkills that came before its end (`DayState.modkilled`, with
        `modkilled_at`: from then on a vote for the player is a vote for the dead, an earlier one a vote whose
        target has left). RULES.md §3.1: the day's count is the thread up to its end (the GM's close, the
        count's automatic early close §3.11, or the deadline), so a modkill at or after the end (the GM ran
        `modkill` before `day close`) leaves the count alone: the player's own votes and the votes for him stand
        as cast. The end a modkill is measured against is the count's with the earlier modkills only, in the
        order the GM made them. Not for 004 (`modkill_closes_day`, §3.14): there every modkill of the open day
        is its end (`count_inputs`)."""
        state = inputs.state
        taken: list[tuple[str, datetime | None]] = []
        for slot, at in sorted(modkills, key=lambda m: (m[1] is not None, m[1] or datetime.min)):
            trial = replace(inputs, state=_with_modkills(state, taken))
            if at is not None:
                trial_count = self._count(trial, view="gm", as_of=as_of)
                end = min(x for x in (state.deadline, state.closed_at, trial_count.closed_early) if x is not None)
                if at >= end:
                    continue
            taken.append((slot, at))
        return replace(inputs, state=_with_modkills(state, taken))

    def _bot_posts(self, roster: Roster) -> Callable[[Post], bool] | None:
        """Which stored posts are mafvote's own: the running count post it published (its id is in the store),
        and every post of the bot account (`[forums].login.user`) unless that account is on the roster or a GM
        (a GM who publishes from their own account still posts votes for players). Left in, the count post was
        a vote by a stranger: `unknown_author` in the GM view and an alert on every publish (issue 12). None when
        there is neither: no post is asked (the day's every post at every poll, issue 17)."""
        published = self.store.published_post_ids(self.game.id)
        key = self.bot.casefold().strip()
        bot_account = bool(key) and not roster.is_gm(key) and not any(
            key == acc.casefold().strip() for p in roster.players
            for acc in (p.nick, p.mask, *(r.nick for r in p.replacements)) if acc)
        if not published and not bot_account:
            return None
        return lambda post: post.post_id in published or (bot_account and post.author.casefold().strip() == key)

    def _posts_for_count(self, window: datetime, roster: Roster, as_of: datetime | None,
                         until: datetime | None = None) -> CountRead:
        """Only the posts a count from `window` on can need, not the whole game's (the daemon counts both
        views after every crawl). `tally.count_day` reads the vote thread from the day's start (--since) on:
        the window (time >= start, RULES.md §3.1), late votes, activity (§3.13), and the night before the day
        (the count flags the votes posted then, `early_post`). Before the start it reads
        one thing: when each player last wrote, in either topic, for the 24 h silence (§3.13, 001 rule 3),
        which may be days back; so no margin before the start (none would be safe for a silence), but each
        account's latest post before it. A replaced account speaks for its slot only until its replacement
        (`Roster.slot_of_author`): its latest post before each replacement time is taken too, so one it wrote
        afterwards (as a spectator) cannot hide the slot's last post. Posts dated after the moment counted (a
        forum clock or `timezone` that is off) are the one case this can read differently. `until`: the posts from
        then on are none of the count's (`_read_until`)."""
        cuts = tuple(sorted({window, *(r.at for p in roster.players for r in p.replacements if r.at < window)}))
        bounds = (cuts, until)
        mark = self.store.post_mark()
        if as_of is None and self._kept_read is not None and self._kept_read[0] == bounds:
            read = self._read_again(self._kept_read[2], self.store.posts_changed_since(self._kept_read[1]), window,
                                    until)
            if read is not None:
                self._kept_read = (bounds, mark, read)
                return read
        # the tally's posts straight from the store, with the stored readings, never a version's HTML (issue 17)
        read = CountRead()
        for cut in cuts:
            self.store.count_posts(self.game.id, as_of=as_of, before=cut, last_per_author=True, tz=self.tz, into=read)
        self.store.count_posts(self.game.id, as_of=as_of, since=window, before=until, tz=self.tz, into=read)
        self._kept_read = (bounds, mark, read) if as_of is None else None
        return read

    def _read_again(self, read: CountRead, changed: set[tuple[str, int]] | None, window: datetime,
                    until: datetime | None) -> CountRead | None:
        """The last read of the same bounds with the posts written since read again (the daemon counts after every
        poll: a new post is one post read, not the day's), or None when it must be read whole: the store cannot say
        what changed (another process wrote), or a changed post is dated before the window (it may be an
        account's latest post before the day, which only a whole read finds)."""
        if changed is None:
            return None
        if not changed:
            return read
        fresh = self.store.count_posts(self.game.id, tz=self.tz, posts=changed)
        if any(p.time < window for p in fresh.posts.values()):
            return None
        for key in changed:
            read.posts.pop(key, None)        # gone from the game's topics, or read again just below
        read.posts.update((key, p) for key, p in fresh.posts.items() if until is None or p.time < until)
        read.readings.update(fresh.readings)
        return read

    def _count(self, inputs: CountInputs, *, view: str = "gm", as_of: datetime | None = None) -> Tally:
        return self._counts(inputs, views=(view,), as_of=as_of)[view]

    def _counts(self, inputs: CountInputs, *, views: Sequence[str], as_of: datetime | None = None
                ) -> dict[str, Tally]:
        """The day's count in each of `views`, from one walk (`tally.count_day_views`)."""
        if self._matcher is None or self._matcher[0] != inputs.roster:
            # one matcher per roster: it caches every post's reading, so a recount after a poll reads only
            # the new posts (the daemon counts both views after every crawl)
            self._matcher = (inputs.roster, RosterMatcher.from_roster(inputs.roster))
            # the dictionary's answers of earlier commands: a count whose words are all known never loads it
            self._matcher[1].lemmas.update(self._kept_words())
        matcher = self._matcher[1]
        # what it keeps by post version: a later day's count reads none of the earlier days' posts but each
        # account's latest before the day, so the matcher forgets them when the game moves on to a later day (kept,
        # they grew the daemon by ≈ 300 entries a game and game day for the game's life: issue 17's soak with posts
        # that differ); within a day, past KEPT_POST_VERSIONS. Either way the next count decodes its day's stored
        # readings again, once
        if inputs.state.day > self._matcher_day or matcher.post_versions() > KEPT_POST_VERSIONS:
            matcher.forget_posts()
            self._matcher_day = max(self._matcher_day, inputs.state.day)
        # decoded once per matcher, when the count first reads the post: a recount decodes only the new posts'
        add_stored(matcher, inputs.readings)
        asked = len(matcher.lemmas)
        try:
            tallies = count_day_views(inputs.posts, inputs.state, inputs.roster, inputs.rules, game=self.game.id,
                                      views=views, as_of=as_of, matcher=self._matcher[1])  # type: ignore[arg-type]
        except TallyError as exc:
            raise GameError(tally_error(exc)) from None
        if len(matcher.lemmas) > asked and self._words_path() is not None:
            save_words(self._words_path(), matcher.lemmas)       # the dictionary was asked about new words
        return tallies

    def _words_path(self) -> Path | None:
        return None if str(self.store.path) == ":memory:" else self.store.path

    def _kept_words(self) -> dict[str, tuple[str, ...] | None]:
        path = self._words_path()
        return {} if path is None else load_words(path)

    def count(self, day: int | None = None, *, view: str = "gm", since: datetime | None = None,
              deadline: datetime | None = None, as_of: datetime | None = None,
              now: datetime | None = None) -> Tally:
        """`mafvote tally`: the day's count in one view, from the store (`counts`)."""
        return self.counts(day, views=(view,), since=since, deadline=deadline, as_of=as_of, now=now)[view]

    def counts(self, day: int | None = None, *, views: Sequence[str] = ("gm", "public"),
               since: datetime | None = None, deadline: datetime | None = None, as_of: datetime | None = None,
               now: datetime | None = None) -> dict[str, Tally]:
        """The day's count in each of `views`, from one read of the store (`count_views`)."""
        return self.count_views(day, views=views, since=since, deadline=deadline, as_of=as_of, now=now)[0]

    def count_views(self, day: int | None = None, *, views: Sequence[str] = ("gm", "public"),
                    since: datetime | None = None, deadline: datetime | None = None, as_of: datetime | None = None,
                    now: datetime | None = None) -> tuple[dict[str, Tally], CountInputs]:
        """The day's count in each of `views`, from one read of the store, with the inputs they were counted from
        (the pages draw the day's timeline from a count and its day state).

        `as_of` counts as mafvote knew the thread then (`--at`). Without it, a day whose deadline is after
        `now` is counted as of `now`: it is still open (the public view shows no result and no penalties).
        A day with an applied close (`day close`, a 004 modkill's close) is closed in every count whatever
        the clock: a GM's close is stored at the end of its minute, which is still ahead for up to 60 s."""
        if as_of is not None and now is not None and as_of > now:
            # `--at` is a moment mafvote has lived through; a future one (a typo'd year) would invent a closed day
            raise GameError(t("err.at_future", at=game_time(as_of, self.tz, year=True)))
        with collector_paused():
            return self._count_views(day, views, since, deadline, as_of, now)

    def _count_views(self, day: int | None, views: Sequence[str], since: datetime | None, deadline: datetime | None,
                     as_of: datetime | None, now: datetime | None) -> tuple[dict[str, Tally], CountInputs]:
        applied = self.applied()
        # one read of the store for every view asked (the daemon counts the GM's and the public view together)
        inputs = self.count_inputs(day, since=since, deadline=deadline, as_of=as_of, applied=applied)
        closed = any(r.how == "close" and r.number == inputs.day for r in applied)
        if (as_of is None and now is not None and not closed and inputs.state.deadline is not None
                and now < inputs.state.deadline):
            as_of = now
        decision = next((r for r in applied if r.how == "close" and r.number == inputs.day
                         and r.outcome.get("decided_by") == "gm"), None)
        out = {}
        for view, tally in self._counts(inputs, views=views, as_of=as_of).items():
            if decision is not None and tally.closed:
                # the GM's own decision (`day close --eliminate` / `--nobody`) replaced the count's result: the
                # closed count says what was applied (reason "decision"), never «ничья» beside the day post's hanging
                slot = {nick: s for s, nick in inputs.slot_to_nick.items()}
                hanged = tuple(slot.get(d["player"], d["player"]) for d in (decision.outcome.get("day") or {}).get(
                    "deaths", ()) if "hanged" in (d.get("causes") or ()))
                tally = replace(tally, outcome=Outcome(hanged, "decision"))
            out[view] = tally
        return out, inputs


def _read_until(state: DayState, as_of: datetime | None) -> datetime | None:
    """Where a count of `state`'s day stops reading the thread: the next day's start, when it comes after the
    deadline. `tally.count_day` takes nothing from a post at or after it: the day's votes end at its close (at
    or before the deadline), late votes at the next day's start, the silent-player check at the close (at
    `as_of` with `--at`, so then the read goes on to `as_of`). Without it a closed day's recount (the pages
    remake every closed day after each step of the game) read every later post of the game: a transient that
    grew with the game and left the daemon's memory a step higher at each day's close (the soak, issue 17)."""
    start = state.next_day_start
    if start is None or state.deadline is None or start <= state.deadline:
        return None         # (a next day that starts before this day's deadline: its late votes run on)
    return start if as_of is None else max(start, as_of + timedelta(seconds=1))


def _with_modkills(state: DayState, modkills: Sequence[tuple[str, datetime | None]]) -> DayState:
    """The day state with `modkills` (slot, when) as the day's modkills: not alive, in `modkilled`."""
    gone = {slot for slot, _ in modkills}
    return replace(state, alive=tuple(p for p in state.alive if p not in gone),
                   modkilled=tuple(slot for slot, _ in modkills),
                   modkilled_at={slot: at for slot, at in modkills if at is not None})


def _count_end(close: AppliedPhase) -> datetime | None:
    """Where a recount of a day closed before its deadline stops: the close's `ended`; for a day the count
    closed early (RULES.md §3.11, the day ends at the closing post's time) the end of that post's minute, so
    that the closing post itself still counts, as a GM's close keeps the votes of its minute."""
    ended = close.ended
    early = (close.outcome.get("count") or {}).get("closed_early")
    if ended is not None and early and datetime.fromisoformat(early) == ended:
        return min(to_minute(ended) + timedelta(minutes=1), close.deadline) if close.deadline else ended
    return ended


def hang_protections(state: GameState, slot_of: Mapping[str, str]) -> list[Shield]:
    """RULES.md §3.10: the consumable protections from hanging. `hang_protection` counts all of a player's:
    the one alibi of Миллард's killer (the rest), 004's one-time protections (`hang_shields`: София, Элиса)
    and universal ones (`universal_shields`: Анхела's earned, Хавьер's), which also stop a kill."""
    out = []
    for nick, total in state.hang_protection.items():
        if total <= 0 or nick not in slot_of:
            continue
        one_time = min(state.hang_shields.get(nick, 0), total)
        universal = min(state.universal_shields.get(nick, 0), total - one_time)
        slot = slot_of[nick]
        if total - one_time - universal > 0:
            out.append(Shield(slot, "alibi", source="killer of an unhangable role", consumable=True))
        if one_time:
            out.append(Shield(slot, "protected", source="one-time protection from hanging", consumable=True))
        if universal:
            out.append(Shield(slot, "protected", source="universal protection", consumable=True))
    return out
