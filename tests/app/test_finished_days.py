"""A finished day's pages are made once (issue 17): the daemon regenerates a game's pages after every poll, day close
and night resolution, and used to recount and remake every closed day, both views, at each step, so each close's
transient was a day bigger than the last (the soak's RSS stepped up at every close). A closed day is now made again
only when a step its count reads changes (`GameService.finished_day_steps`): an undo of its close, a replacement,
a modkill back-dated into it, a corrected close, the night after it resolved. Never a stale day: after each such
step the pages kept between calls are byte for byte the pages made from nothing, and the day's page and
`tally --day N` show the new count.

The game and its seeded thread are test_count_window's (four days of votes, edits, deletions, a replacement)."""
from __future__ import annotations

import json
import sys
from datetime import timedelta
from pathlib import Path

import pytest

from markupsafe import escape as escape_html

from mafvote import gm_text, messages
from mafvote import pages as pages_mod
from mafvote.config import GameConfig
from mafvote.game import GameError, GameService, core
from mafvote.game.core import NotKept
from mafvote.pages import game_pages, publish_pages
from mafvote.pages_words import page_language
from mafvote.phase_post import with_modkills
from mafvote.store import journal
from mafvote_resolver import GameState
from support.seeded_game import close_days, deadline, red, seeded_game, start


@pytest.fixture
def game(tmp_path):
    yield from seeded_game(tmp_path)


def _pages(svc, folder: Path, now, caches: dict) -> dict[str, str]:
    publish_pages([svc], public_dir=folder / "public", gm_dir=folder / "gm", now=now, caches=caches)
    return {str(p.relative_to(folder)): p.read_text(encoding="utf-8") for p in sorted(folder.rglob("*.html"))}


class Pages:
    """The daemon's way (one folder, caches kept from call to call) beside pages made from nothing each time."""

    def __init__(self, svc, root: Path) -> None:
        self.svc, self.root, self.caches, self.fresh = svc, root, {}, 0

    def check(self, now) -> dict[str, str]:
        kept = _pages(self.svc, self.root / "kept", now, self.caches)
        self.fresh += 1
        fresh = _pages(self.svc, self.root / f"fresh{self.fresh}", now, {})
        # the kept folder may still hold the page of a day no longer closed (an undone close): not linked, not compared
        assert {rel: kept[rel] for rel in fresh} == fresh
        return fresh


def _counted(svc, monkeypatch) -> list[tuple[int, tuple[str, ...]]]:
    """Every count the service makes from now on: (day, views)."""
    calls: list[tuple[int, tuple[str, ...]]] = []
    count_views = svc.count_views

    def counting(day=None, **kw):
        calls.append((day, tuple(kw.get("views", ("gm", "public")))))
        return count_views(day, **kw)

    monkeypatch.setattr(svc, "count_views", counting)
    return calls


def test_a_finished_day_is_counted_once_not_again_on_later_ticks_and_steps(game, tmp_path, monkeypatch):
    store, svc, thread = game
    close_days(svc, thread, 2)
    pages = Pages(svc, tmp_path / "pages")
    calls = _counted(svc, monkeypatch)
    folder, caches = tmp_path / "kept", {}
    now = start(3) + timedelta(hours=2)
    thread.until(now)
    _pages(svc, folder, now, caches)
    # the first regeneration: each closed day once per view (and the day post's public recount), the running day
    assert sorted({day for day, _ in calls}) == [1, 2, 3]
    assert calls.count((3, ("public", "gm"))) == 1
    for tick in range(1, 6):            # posts come: the running day alone, once for both views
        calls.clear()
        now += timedelta(minutes=20)
        thread.write("vote", "Соня", now - timedelta(minutes=10), f"Голосую за Ronin, {tick}")
        thread.until(now)
        _pages(svc, folder, now, caches)
        assert calls == [(3, ("public", "gm"))], tick
    # a step of the running day (a modkill) and its undo: the closed days stay as made
    calls.clear()
    svc.modkill("Alisa", now=now)
    _pages(svc, folder, now, caches)
    svc.undo()
    _pages(svc, folder, now, caches)
    assert {day for day, _ in calls} == {3}
    # day 3 closes: it is made (once per view and its day post); days 1 and 2 are not counted again
    calls.clear()
    thread.until(deadline(3) + timedelta(minutes=5))
    svc.close_day(3, now=deadline(3) + timedelta(minutes=5))
    _pages(svc, folder, deadline(3) + timedelta(minutes=6), caches)
    assert {day for day, _ in calls} == {3}
    calls.clear()
    _pages(svc, folder, deadline(3) + timedelta(minutes=8), caches)
    assert calls == []                  # the night: nothing counted at all
    # night 4 resolved: day 3 once more (where day 4 starts bounds its late votes), day 4 live; 1 and 2 never
    svc.resolve_night(4, now=start(4) + timedelta(minutes=5))
    _pages(svc, folder, start(4) + timedelta(minutes=6), caches)
    assert {day for day, _ in calls} == {3, 4}
    calls.clear()
    _pages(svc, folder, start(4) + timedelta(minutes=8), caches)
    assert calls == [(4, ("public", "gm"))]
    # and what was kept is what a regeneration from nothing makes
    monkeypatch.undo()
    pages.check(start(4) + timedelta(minutes=8))


def test_a_night_is_made_once_not_again_at_later_steps_but_after_a_replacement(game, tmp_path, monkeypatch):
    # each step (a close, a night, a modkill and its undo) made every night of the game again in both views: work and
    # a transient that grew with the game's days at every step (issue 17, the soak). A night is made from the steps up
    # to its own and the replacements (its names): made again only when one of those changed
    store, svc, thread = game
    close_days(svc, thread, 2)
    pages = Pages(svc, tmp_path / "pages")
    folder, caches = tmp_path / "kept", {}
    made: list[tuple[int, str]] = []
    night_view = pages_mod._night_view

    def making(service, row, before, **kw):
        made.append((row.number, kw["view"]))
        return night_view(service, row, before, **kw)

    monkeypatch.setattr(pages_mod, "_night_view", making)
    now = start(3) + timedelta(hours=2)
    thread.until(now)
    _pages(svc, folder, now, caches)
    assert sorted(made) == [(n, v) for n in (1, 2, 3) for v in ("gm", "public")]
    made.clear()
    svc.modkill("Alisa", now=now)
    _pages(svc, folder, now + timedelta(minutes=1), caches)
    svc.undo()
    _pages(svc, folder, now + timedelta(minutes=2), caches)
    thread.until(deadline(3) + timedelta(minutes=5))
    svc.close_day(3, now=deadline(3) + timedelta(minutes=5))
    _pages(svc, folder, deadline(3) + timedelta(minutes=6), caches)
    assert made == []
    svc.resolve_night(4, now=start(4) + timedelta(minutes=5))
    _pages(svc, folder, start(4) + timedelta(minutes=6), caches)
    assert sorted(made) == [(4, "gm"), (4, "public")]          # the new night alone
    # a replacement names a slot by its new account in every night: all made again, as from nothing
    made.clear()
    svc.replace_player("Ronin", "Самурай", now=start(4) + timedelta(minutes=7))
    _pages(svc, folder, start(4) + timedelta(minutes=8), caches)
    assert sorted(made) == [(n, v) for n in (1, 2, 3, 4) for v in ("gm", "public")]
    monkeypatch.undo()
    pages.check(start(4) + timedelta(minutes=8))
    # an undone night, resolved again later: made again, and the kept pages are the pages made from nothing
    svc.undo()
    svc.undo()
    svc.resolve_night(4, now=start(4) + timedelta(minutes=9))
    _pages(svc, folder, start(4) + timedelta(minutes=10), caches)
    pages.check(start(4) + timedelta(minutes=10))


def _day_result(page: str) -> str:
    return page.split('class="result"', 1)[1].split("</", 1)[0] if 'class="result"' in page else page


def test_no_stale_finished_day_after_a_step_that_changes_it(game, tmp_path):
    # each step that changes a past day's count, one after the other; after each the kept pages are the pages made
    # from nothing, and the day's page says the count `tally --day 1` gives
    store, svc, thread = game
    pages = Pages(svc, tmp_path / "pages")
    svc.resolve_night(1, now=start(1) + timedelta(minutes=5))
    thread.until(deadline(1) + timedelta(minutes=5))
    svc.close_day(1, now=deadline(1) + timedelta(minutes=5))
    svc.resolve_night(2, now=start(2) + timedelta(minutes=5))
    now = start(2) + timedelta(hours=1)
    thread.until(now)
    first = pages.check(now)
    counted = svc.count(1, view="gm")
    assert counted.outcome.reason == "plurality" and counted.outcome.eliminated

    def shown(view: str = "public") -> str:
        return pages.check(now)[f"{view}/ny/day-1.html"]

    # 1. the close undone and corrected: the GM decides nobody hangs
    svc.undo()
    svc.undo()
    svc.close_day(1, now=deadline(1) + timedelta(minutes=5), nobody=True)
    svc.resolve_night(2, now=start(2) + timedelta(minutes=5))
    decided = svc.count(1, view="gm")
    assert decided.outcome.reason == "decision" and decided.outcome.eliminated == ()
    page = shown()
    assert page != first["public/ny/day-1.html"] and "не вешается никто" in page

    # 2. a modkill back-dated into day 1 (close undone, the modkill at 12:00 of day 1, the close made again): the
    # player modkilled casts no vote in day 1's count and cannot be hanged by it
    svc.undo()
    svc.undo()
    victim = counted.outcome.eliminated[0]
    svc.modkill(victim, now=start(1) + timedelta(hours=16))
    svc.close_day(1, now=deadline(1) + timedelta(minutes=5))
    svc.resolve_night(2, now=start(2) + timedelta(minutes=5))
    after = svc.count(1, view="gm")
    assert victim not in after.outcome.eliminated and not [v for v in after.votes if v.voter == victim and v.counted]
    assert after.outcome != counted.outcome
    page = shown()
    assert f"{victim}" in page

    # 3. a corrected close: closed at 14:00 of day 1, not at the deadline; the votes after it do not count
    svc.undo()
    svc.undo()
    closed_at = deadline(1) - timedelta(hours=4)
    svc.close_day(1, now=deadline(1) + timedelta(minutes=5), closed_at=closed_at)
    svc.resolve_night(2, now=start(2) + timedelta(minutes=5))
    early = svc.count(1, view="gm")
    assert all(v.time < closed_at for v in early.votes if v.counted)
    assert len(early.votes) != len(after.votes)
    shown("gm")

    # 4. a replacement during day 2: day 1's pages name the slot by the account playing it now
    svc.replace_player("Ronin", "Самурай", now=now)
    assert "Самурай" in shown() and "Самурай" in shown("gm")

    # 5. the night after day 1 undone and resolved again earlier: day 2 starts earlier, and a vote in the night is
    # no longer day 1's late vote
    vote = thread.write("vote", "Соня", start(2) - timedelta(hours=1), red("Ronin"))
    thread.until(now)
    assert [(f.kind, f.player) for f in svc.count(1, view="gm").flags if f.post_id == vote] == [("late", "Соня")]
    before = shown("gm")
    svc.undo()                          # the replacement
    svc.undo()                          # night 2
    svc.resolve_night(2, now=start(2) - timedelta(hours=2))
    assert vote not in {f.post_id for f in svc.count(1, view="gm").flags}
    assert shown("gm") != before


def test_a_regeneration_that_fails_midway_leaves_nothing_kept_for_the_next(game, tmp_path, monkeypatch):
    # what a regeneration keeps is checked against the steps of the last one that ended: one that fails midway (here
    # after a replacement, which names the slot by its new account in the running day's log) may have kept some of
    # what it made; after the replacement is undone, the kept pages are the pages made from nothing, the old name
    # in the log again
    store, svc, thread = game
    close_days(svc, thread, 2)
    pages = Pages(svc, tmp_path / "pages")
    now = start(3) + timedelta(hours=3)
    thread.until(now)
    before = pages.check(now)
    assert 'data-voter="Ronin"' in before["public/ny/index.html"]
    svc.replace_player("Ronin", "Самурай", now=now)
    assert 'data-voter="Самурай"' in pages.check(now)["public/ny/index.html"]
    svc.undo()
    pages.check(now)
    svc.replace_player("Ronin", "Самурай", now=now)
    players = pages_mod._players

    def failing(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        raise RuntimeError("midway")

    monkeypatch.setattr(pages_mod, "_players", failing)
    with pytest.raises(RuntimeError, match="midway"):
        _pages(svc, pages.root / "kept", now, pages.caches)
    monkeypatch.setattr(pages_mod, "_players", players)
    svc.undo()
    assert pages.check(now)["public/ny/index.html"] == before["public/ny/index.html"]


def test_a_step_undone_and_another_applied_between_two_polls_makes_the_daemon_count_again(game):
    # the daemon recounts and regenerates a game when `Store.game_changes` moves; a GM's `undo` and a new close
    # between two polls left the count and the last seq as they were (the new step takes the undone one's seq)
    store, svc, thread = game
    svc.resolve_night(1, now=start(1) + timedelta(minutes=5))
    thread.until(deadline(1) + timedelta(minutes=5))
    svc.close_day(1, now=deadline(1) + timedelta(minutes=5))
    seen, seq = store.game_changes("ny"), svc.applied()[-1].seq
    svc.undo()
    svc.close_day(1, now=deadline(1) + timedelta(minutes=7), nobody=True)
    assert svc.applied()[-1].seq == seq and svc.applied()[-1].outcome["decided_by"] == "gm"
    assert store.game_changes("ny") != seen


def _thawed(value):
    """A kept outcome as JSON reads it back (its tuples lists again), to compare with the stored one."""
    return json.loads(json.dumps(value))


def _ended(whole) -> dict:
    return {"ended_at": whole["ended_at"]} if "ended_at" in whole else {}


def test_the_journal_kept_between_ticks_holds_of_a_closed_day_what_its_readers_take_the_rest_from_the_store(game):
    # the daemon keeps each game's parsed journal for its life: each close's whole count (every vote, candidate and
    # flag), then its lists and the day's texts, stayed in memory for good and grew the daemon each game day; it keeps
    # what its readers take every tick (the result: ties and the day post; the early close; the GM's decision; the
    # deaths and the winner) and the rest is read from the store when asked for
    store, svc, thread = game
    closes = close_days(svc, thread, 3)
    rows = [r for r in svc.applied() if r.how == "close"]
    assert [r.number for r in rows] == [1, 2, 3]
    for row in rows:
        whole = store.game_phase_outcome("ny", row.seq)
        assert whole["count"] == closes[row.number].count.to_json()
        assert len(whole["count"]["votes"]) > 10 and whole["count"]["flags"] and whole["count"]["misses"] is not None
        assert whole["day"]["journal"] and whole["day"]["log"] and whole["day"]["public"]
        assert _thawed(row.outcome) == {
            **_ended(whole), "decided_by": whole["decided_by"],
            "count": {"outcome": whole["count"]["outcome"], "closed_early": whole["count"]["closed_early"]},
            "day": {"deaths": whole["day"]["deaths"], "winner": whole["day"]["winner"]}}
        # a part left out is refused when read from the journal, never read as absent (that reader wants the store's)
        for read in (lambda: row.outcome["count"]["votes"], lambda: row.outcome["count"].get("misses"),
                     lambda: row.outcome["day"].get("public"), lambda: row.outcome.get("modkill_candidates")):
            with pytest.raises(NotKept):
                read()
        # a part the store never had reads as absent, as before
        assert row.outcome.get("no such part", "absent") == "absent"
        # and the whole count (`render day N --gm`), the whole step, the day's post with its texts: from the store
        assert svc.stored_count(row) == whole["count"]
        assert svc.full_outcome(row) == whole
        post = with_modkills(svc, row)
        assert post["public"] == whole["day"]["public"] and post["log"] == whole["day"]["log"]


def test_the_journal_kept_between_ticks_holds_of_a_resolved_night_what_its_readers_take_the_gm_page_shows_the_rest(
        game, tmp_path):
    # a night's texts (the resolver's journal and log, its GM alerts) were ≈ 6.4 of the ≈ 9 KB each resolved night
    # kept in the daemon for the game's life, its deaths and next day's roster most of the rest; the journal keeps its
    # winner and its night duty, and the night's GM page, its post and `night_alerts` read the rest from the store
    store, svc, thread = game
    close_days(svc, thread, 2)
    rows = [r for r in svc.applied() if r.how == "resolve"]
    assert [r.number for r in rows] == [1, 2, 3]
    folder = tmp_path / "pages"
    publish_pages([svc], public_dir=folder / "public", gm_dir=folder / "gm", now=deadline(2) + timedelta(hours=1),
                  caches={})
    page = (folder / "gm" / "ny" / "index.html").read_text(encoding="utf-8")
    for row in rows:
        whole = store.game_phase_outcome("ny", row.seq)
        assert whole["journal"] and whole["log"] and whole["next_day"]["alive"]
        assert _thawed(row.outcome) == {**_ended(whole), "winner": whole["winner"], "night_duty": whole["night_duty"]}
        with pytest.raises(NotKept):
            row.outcome.get("deaths")
        assert svc.full_outcome(row) == whole
        assert svc.night_alerts(row.number) == tuple(whole.get("alerts", ()))
        # the GM's page words each line of the night's journal, as `night resolve` does
        with messages.using(page_language("gm")):
            for line in whole["journal"]:
                assert str(escape_html(gm_text.journal(line))) in page


def test_a_nights_page_reads_its_whole_outcome_from_the_store_once_a_view(game, monkeypatch):
    # the GM's view of a night read its ≈ 9 KB outcome twice (once for the themed post, once for the journal's lines)
    store, svc, thread = game
    close_days(svc, thread, 2)
    nights = {r.seq: r.number for r in svc.applied() if r.how == "resolve"}
    reads = []
    stored = store.game_phase_outcome
    monkeypatch.setattr(store, "game_phase_outcome", lambda game_id, seq: reads.append(seq) or stored(game_id, seq))
    for view in ("gm", "public"):
        reads.clear()
        pages = game_pages(svc, view=view, now=deadline(2) + timedelta(hours=1))
        assert sorted(nights[s] for s in reads if s in nights) == [1, 2, 3], view
        assert "ny/index.html" in pages


def test_the_journal_kept_between_ticks_holds_one_copy_of_each_key_and_nick_and_no_list_for_all_its_steps(game):
    # json.loads makes every key and name anew for each step's outcome, and a list for each of a close's dozen parts
    # (most of them empty, ≈ 56 B each): the kept journal held the same keys and nicks once per step of the game's
    # life, and the lists
    store, svc, thread = game
    close_days(svc, thread, 3)
    rows = svc.applied()
    steps = [r for r in rows if r.how in ("close", "resolve")]
    assert len(steps) == 7

    def strings(value, out):
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, dict):
            for k, v in value.items():
                out.append(k)
                strings(v, out)
        else:
            assert not isinstance(value, list)
            for v in value if isinstance(value, tuple) else ():
                strings(v, out)
        return out
    every = [x for r in steps for x in strings(r.outcome, [])]
    assert len(every) > 40
    # each distinct string is one object, whichever step and part holds it
    assert len({id(x) for x in every}) == len(set(every))
    hanged = [r.outcome for r in steps if r.how == "close" and r.outcome["count"]["outcome"]["eliminated"]]
    assert hanged and all(o["count"]["outcome"]["eliminated"][0] is o["day"]["deaths"][0]["player"] for o in hanged)
    # an empty part is an empty tuple, no list of its own
    assert all(type(r.outcome["count"]["outcome"]["spent"]) is tuple and not r.outcome["count"]["outcome"]["spent"]
               for r in steps if r.how == "close")


def test_the_journal_kept_between_ticks_holds_each_part_of_a_state_once_while_the_steps_leave_it_alone(game):
    # every step stores the whole state, and a step changes a few parts of it: parsed, each step held its own copy
    # of every part, the empty ones too (a dict or tuple each), ≈ 1.6 KB a step for the game's life (rss16)
    store, svc, thread = game
    close_days(svc, thread, 3)
    rows = [r for r in svc.applied() if r.held is not None]         # the steps whose states the journal holds
    assert len(rows) >= 3
    stored = {r.seq: GameState.from_dict(r.state) for r in store.game_phases("ny")}
    shared = 0
    for before, row in zip(rows, rows[1:]):
        # what a step holds is what it stored
        assert row.state == stored[row.seq]
        for name in GameState.__dataclass_fields__:
            value, earlier = getattr(row.state, name), getattr(before.state, name)
            if value == earlier:
                assert value is earlier, name
                shared += 1
    assert shared > 10 * (len(rows) - 1)
    # a redone step is parsed anew and shares with the step before it all the same
    svc.undo()
    svc.resolve_night(4, now=start(4) + timedelta(minutes=6))
    again = svc.applied()
    assert again[-1].step != rows[-1].step
    assert again[-1].state == GameState.from_dict(store.game_phases("ny")[-1].state)
    assert again[-1].state.uses == {} and again[-1].state.uses is again[-2].state.uses
    assert again[-1].state.players[0] is again[-2].state.players[0]


def test_a_day_closed_is_counted_once_for_both_views_and_its_day_post(game, tmp_path, monkeypatch):
    # the regeneration after a close counted the day four times: once per view, and the day post's public count
    # in each; the public count of both views is the day post's
    store, svc, thread = game
    svc.resolve_night(1, now=start(1) + timedelta(minutes=5))
    thread.until(deadline(1) - timedelta(minutes=30))
    pages = Pages(svc, tmp_path / "pages")
    pages.check(deadline(1) - timedelta(minutes=20))
    calls = _counted(svc, monkeypatch)
    thread.until(deadline(1) + timedelta(minutes=5))
    svc.close_day(1, now=deadline(1) + timedelta(minutes=5))
    calls.clear()
    _pages(svc, pages.root / "kept", deadline(1) + timedelta(minutes=6), pages.caches)
    assert calls == [(1, ("public", "gm"))]
    calls.clear()
    _pages(svc, pages.root / "kept", deadline(1) + timedelta(minutes=8), pages.caches)
    assert calls == []
    monkeypatch.undo()
    fresh = pages.check(deadline(1) + timedelta(minutes=10))
    # the day post in the closed day's page and on the game's page, the same in both views
    assert "gm/ny/day-1.html" in fresh and "public/ny/day-1.html" in fresh


def test_a_step_applied_or_undone_parses_that_step_alone_and_the_journal_reads_as_parsed_from_nothing(
        game, monkeypatch):
    # the daemon keeps each game's parsed journal and reads it again whenever the journal changes: it parsed every
    # step again (each close's whole count among them), a transient that grew with the game's days at every close
    # and night (issue 17's soak). A step still stored as it was is the record parsed before; a new or redone one
    # is parsed, and the journal reads as one parsed from nothing
    store, svc, thread = game
    close_days(svc, thread, 2)
    before = svc.applied()
    made = []
    stored_phase = journal.StoredPhase
    monkeypatch.setattr(journal, "StoredPhase", lambda **kw: made.append(kw["seq"]) or stored_phase(**kw))
    thread.until(deadline(3) + timedelta(minutes=5))
    svc.close_day(3, now=deadline(3) + timedelta(minutes=5))
    after = svc.applied()
    assert len(after) == len(before) + 1 and all(a is b for a, b in zip(after, before))
    assert made == [after[-1].seq]          # the new step alone was parsed
    # an undo drops the last step; the same close made again later is another row (its time), parsed anew
    svc.undo()
    assert svc.applied() == before and all(a is b for a, b in zip(svc.applied(), before))
    svc.close_day(3, now=deadline(3) + timedelta(minutes=9))
    redone = svc.applied()
    assert redone[-1] is not after[-1] and redone[-1].applied_at != after[-1].applied_at
    assert all(a is b for a, b in zip(redone, before))
    monkeypatch.undo()
    fresh = GameService(store, svc.game, svc.ruleset, nights_dir=svc.nights_dir, engine=svc.engine,
                        base_url=svc.base_url).applied()
    assert redone == fresh
    # the new steps' players are the earlier steps' records where equal (the journal holds each player once)
    held = [r.held for r in redone if r.held is not None]
    assert len({id(p) for h in held for p in h.players}) == len({p for h in held for p in h.players})


def _kept_bytes(caches: dict, rows) -> int:
    """The bytes the pages' caches hold themselves (each object once): the journal's records of the steps (`rows`)
    and the game's config, which the daemon holds anyway, left out."""
    shared = {id(r) for r in rows} | {id(r.step) for r in rows}
    seen: set[int] = set()
    total, stack = 0, list(caches.values())
    while stack:
        x = stack.pop()
        if id(x) in seen or id(x) in shared or x is None or isinstance(x, (bool, type, GameConfig)):
            continue
        seen.add(id(x))
        total += sys.getsizeof(x)
        if isinstance(x, dict):
            stack.extend([*x.keys(), *x.values()])
        elif isinstance(x, (list, tuple, set)):
            stack.extend(x)
        elif hasattr(x, "__dict__") or hasattr(type(x), "__slots__"):
            stack.extend(vars(x).values() if hasattr(x, "__dict__") else ())
            stack.extend(getattr(x, name, None) for name in getattr(type(x), "__slots__", ()))
    return total


def test_the_pages_keep_of_each_closed_day_and_night_a_few_numbers_and_the_journals_own_records(game, tmp_path):
    # issue 17's soak: the daemon kept, for each closed day and night in each view, an object, the key it was made
    # under and a dict entry (≈ 1.9 KB a game day, both views) for the game's life. The steps they are made from are
    # the journal's own records (one pointer a step, once a view); of each entry, where it lies in the game's page,
    # and of a closed day its own page's stamp
    store, svc, thread = game
    pages = Pages(svc, tmp_path / "pages")
    svc.resolve_night(1, now=start(1) + timedelta(minutes=5))
    kept = []
    for n in (1, 2, 3):
        thread.until(deadline(n) + timedelta(minutes=5))
        svc.close_day(n, now=deadline(n) + timedelta(minutes=5))
        pages.check(deadline(n) + timedelta(minutes=10))           # the night: day n and nights 1..n in the past
        kept.append(_kept_bytes(pages.caches, svc.applied()))
        svc.resolve_night(n + 1, now=start(n + 1) + timedelta(minutes=5))
    # a closed day and a night more, both views: a few machine words each (they were ≈ 1,900 bytes)
    assert all(0 < b - a <= 120 for a, b in zip(kept, kept[1:])), kept
    rows = svc.applied()
    pages.check(start(4) + timedelta(minutes=10))
    for cache in pages.caches.values():
        assert len(cache.applied) == len(rows) and all(a is b for a, b in zip(cache.applied, rows))


def test_the_journal_kept_between_ticks_holds_each_player_once_until_a_step_changes_them(game):
    # the daemon keeps each game's parsed journal for its life, and each step stores every player: parsed one by
    # one, the journal held a copy of every player for every step (issue 17's soak). A player equal to the one
    # of an earlier step is that same record; a step that changes a player (a death, a miss) makes one more
    store, svc, thread = game
    close_days(svc, thread, 3)
    rows = svc.applied()
    held = [r.held for r in rows if r.held is not None]
    assert len(held) >= 3
    kept = {id(p) for h in held for p in h.players}
    distinct = {p for h in held for p in h.players}
    assert len(kept) == len(distinct) < sum(len(h.players) for h in held)
    # the states read the same as the store's
    assert [r.state for r in rows] == [GameState.from_dict(r.state) for r in store.game_phases("ny")]


def test_the_journal_holds_the_states_of_its_latest_steps_and_reads_an_older_ones_back_from_the_store(game):
    # each step stores the whole state after it; held for every step, a game's states grew the daemon by ≈ 0.5 KB a
    # game day for the game's life (issue 17, the soak). The journal holds the latest close's, the step's before it
    # (that day is counted from it at every night tick) and the later ones'; an older step's reads back as stored
    store, svc, thread = game
    close_days(svc, thread, 3)
    rows = svc.applied()
    stored = [GameState.from_dict(r.state) for r in store.game_phases("ny")]
    assert [r.how for r in rows] == ["resolve", "close"] * 3 + ["resolve"]
    assert [r.held is not None for r in rows] == [False] * 4 + [True] * 3
    assert [r.state for r in rows] == stored
    # what a count of an earlier day reads: the state before its close, from the store
    assert svc.count_inputs(2).state == svc.count_inputs(2, applied=GameService(
        store, svc.game, svc.ruleset, nights_dir=svc.nights_dir).applied()).state
    # two undos go back past the latest close: the steps the journal holds now are held again, sharing their players
    svc.undo()
    svc.undo()
    back = svc.applied()
    assert [r.held is not None for r in back] == [False] * 2 + [True] * 3
    assert [r.state for r in back] == stored[:5]
    held = [r.held for r in back if r.held is not None]
    assert len({id(p) for h in held for p in h.players}) == len({p for h in held for p in h.players})


def test_an_older_steps_state_asked_for_after_another_process_undid_it_is_refused_in_the_gms_words(game):
    # the daemon's journal was read before a GM's `undo` in another process: the state it no longer holds is not
    # read from the step stored after it under the same seq, and a command reading it says to run it again
    store, svc, thread = game
    close_days(svc, thread, 3)
    other = GameService(store, svc.game, svc.ruleset, nights_dir=svc.nights_dir)
    rows = svc.applied()
    for _ in range(5):
        other.undo()
    other.resolve_night(2, now=start(2) + timedelta(minutes=7))        # another row under night 2's seq
    assert rows[2].held is None and store.game_phases("ny")[2].seq == rows[2].seq
    with pytest.raises(GameError) as refused:
        rows[2].state
    assert str(refused.value) == (f"игра ny: шаг {rows[2].seq} журнала отменён, пока эта команда его читала "
                                  "(другой процесс mafvote); повторите команду")
    # read again, the journal is the store's
    assert [r.state for r in svc.applied()] == [GameState.from_dict(r.state) for r in store.game_phases("ny")]


def test_steps_applied_alike_keep_one_outcome_and_one_time_object(game):
    # most nights end with no winner and no duty, and a phase starts when the one before ended: kept per step, those
    # parts were ≈ 0.3 KB a game day for the game's life (issue 17, the soak)
    store, svc, thread = game
    close_days(svc, thread, 3)
    rows = svc.applied()
    nights = [r for r in rows if r.how == "resolve"]
    assert {id(r.outcome) for r in nights} == {id(nights[0].outcome)} and dict(nights[0].outcome) == {
        "night_duty": None, "winner": None}
    closes = [r for r in rows if r.how == "close"]
    # each day hanged someone else: the days' own parts stay their own, as stored
    assert len({id(r.outcome) for r in closes}) == 3
    assert [r.outcome["count"]["outcome"]["eliminated"] for r in closes] == [
        tuple(s.outcome["count"]["outcome"]["eliminated"]) for s in store.game_phases("ny") if s.how == "close"]
    for before, row in zip(rows, rows[1:]):
        assert row.start == before.deadline and row.start is before.deadline
        assert row.how is sys.intern(row.how) and row.kind is sys.intern(row.kind)


@pytest.mark.parametrize("a, b, same", [
    (None, None, True), (0, False, False), (1, 1.0, False), ((), (), True), ((0,), (False,), False),
    ({"x": 1}, {"x": 1}, True), ({"x": 1}, {"x": True}, False), ({"x": (1, "a")}, {"x": (1, "a")}, True),
    ({"x": 1}, {"x": 1, "y": 2}, False), ({"x": {"y": ()}}, {"x": {"y": ()}}, True), ("a", "b", False),
])
def test_a_kept_part_is_shared_only_with_one_the_same_type_for_type(a, b, same):
    # `==` holds 0 == False == 0.0: a night's `0` kept as the step before's `False` would change what a reader sees
    assert core._identical(a, b) is same
    assert core._identical(b, a) is same
