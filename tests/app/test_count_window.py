"""A count reads only the posts its day can need (`Store.count_posts(since=…, before=…, last_per_author=…)` used by
`GameService.count_inputs`), and counts exactly as it did over every stored post of the game: the whole Tally
JSON, both views, every day, live, after later days were played, `--at` and `--since`; what it loads does
not grow with the earlier days; a vote 1 s before the day's start is not counted, one at the start is.

The game is the test game of tests/data/game (New Year rules: a player silent 24 h is a replacement
candidate, measured from their last post however old, RULES.md §3.13), played over four days in a store
filled with a seeded thread (tests/support/seeded_game.py): votes, talk in the game topic, GM proxy votes, edits,
deletions, votes after the deadline and during the nights, a player silent since day 1, and a replaced account that
goes on posting as a spectator while its replacement never writes."""
from __future__ import annotations

import random
from datetime import datetime, timedelta

import pytest

from mafvote.game import GameError, counting
from mafvote_tally import Post, StoredKey, Tally, count_day
from support.game_dir import game_service
from support.seeded_game import (DAYS, PUSS_LAST, REPLACED_AT, SILENT_SINCE, TALKERS, TARGETS, Thread, chatter,
                                 deadline, red, seeded_game, start)


def every_post(store, as_of: datetime | None, tz) -> tuple[Post, ...]:
    """What a count read before the bound: every stored post of the game."""
    return tuple(Post.from_stored(p, tz) for p in store.posts(game_id="ny", include_deleted=True, as_of=as_of))


def assert_same_count(store, svc, day: int, *, now: datetime, as_of: datetime | None = None,
                      since: datetime | None = None, until: datetime | None = None) -> Tally:
    """The count of `day` (both views) equals the count over every post of the game."""
    inputs = svc.count_inputs(day, as_of=as_of, since=since, deadline=until)
    everything = every_post(store, as_of, svc.tz)
    assert len(inputs.posts) <= len(everything)
    # as `GameService.count` does: a day still open is counted as of now
    at = as_of if as_of is not None or now >= inputs.state.deadline else now
    gm = None
    for view in ("gm", "public"):
        bounded = svc.count(day, view=view, as_of=as_of, now=now, since=since, deadline=until)
        full = count_day(everything, inputs.state, inputs.roster, inputs.rules, game="ny", view=view, as_of=at)
        assert bounded.to_json() == full.to_json(), (day, view, as_of, since)
        gm = bounded if view == "gm" else gm
    assert gm is not None
    return gm


def check_every_day(store, svc, thread: Thread, upto: int, now: datetime) -> None:
    """Days 1..`upto` at `now` (live, or final once past their deadline), and as of four moments of each."""
    thread.until(now)
    for day in range(1, upto + 1):
        assert_same_count(store, svc, day, now=now)
        for as_of in (start(day) + timedelta(minutes=1), start(day) + timedelta(hours=9, minutes=30, seconds=17),
                      deadline(day) - timedelta(seconds=1), deadline(day) + timedelta(minutes=10)):
            if as_of <= now:          # `--at` is a past moment (a future one is refused)
                assert_same_count(store, svc, day, now=now, as_of=as_of)


def silent(t: Tally) -> dict[str | None, str]:
    return {a.player: a.detail for a in t.alerts if a.kind == "silent_player"}


@pytest.fixture
def game(tmp_path):
    yield from seeded_game(tmp_path)


def play_to(svc, thread: Thread, day: int) -> None:
    """Resolve night 1 (no actions) and close every day before `day` with its count, resolving the nights."""
    svc.resolve_night(1, now=start(1) + timedelta(minutes=5))
    for n in range(1, day):
        if n == 2:
            svc.replace_player("Puss", "Кот", now=REPLACED_AT)
        thread.until(deadline(n) + timedelta(minutes=5))
        svc.close_day(n, now=deadline(n) + timedelta(minutes=5))
        svc.resolve_night(n + 1, now=start(n + 1) + timedelta(minutes=5))


def test_every_day_counts_as_over_every_post_live_after_later_days_and_at(game):
    store, svc, thread = game
    svc.resolve_night(1, now=start(1) + timedelta(minutes=5))
    check_every_day(store, svc, thread, 1, now=start(1) + timedelta(hours=12))          # day 1 live
    for day in range(1, DAYS + 1):
        if day == 2:
            svc.replace_player("Puss", "Кот", now=REPLACED_AT)
            check_every_day(store, svc, thread, 2, now=REPLACED_AT + timedelta(minutes=1))
        thread.until(deadline(day) + timedelta(minutes=5))
        svc.close_day(day, now=deadline(day) + timedelta(minutes=5))
        # between the close and the next night's resolution: the closed day and the coming one
        check_every_day(store, svc, thread, min(day + 1, DAYS), now=deadline(day) + timedelta(minutes=30))
        if day < DAYS:
            svc.resolve_night(day + 1, now=start(day + 1) + timedelta(minutes=5))
            check_every_day(store, svc, thread, day + 1, now=start(day + 1) + timedelta(hours=3))
    assert [r.number for r in svc.applied() if r.how == "close"] == [1, 2, 3, 4]


def test_the_silence_is_measured_from_a_post_before_the_day(game):
    store, svc, thread = game
    play_to(svc, thread, 4)
    thread.until(deadline(4))
    day3 = assert_same_count(store, svc, 3, now=deadline(4))
    # RULES.md §3.13: Гафф has written nothing since day 1; the slot of Puss, Кот's since 23:00 on day 2,
    # was last heard from Puss before the replacement (Puss's later post as a spectator does not count)
    assert silent(day3)["Гафф"] == f"Гафф has written nothing for 68 h (since {SILENT_SINCE.isoformat()}): " \
                                   "a replacement candidate"
    assert silent(day3)["Puss"] == f"Puss has written nothing for 43 h (since {PUSS_LAST.isoformat()}): " \
                                   "a replacement candidate"
    assert SILENT_SINCE < PUSS_LAST < start(3) - timedelta(hours=20)


@pytest.mark.parametrize("since", [start(2) - timedelta(hours=3), start(2) + timedelta(hours=2, seconds=30),
                                   start(2) - timedelta(microseconds=500_000)])
def test_a_gm_since_counts_as_over_every_post(game, since):
    store, svc, thread = game
    play_to(svc, thread, 3)
    thread.until(deadline(3))
    t = assert_same_count(store, svc, 2, now=deadline(3), since=since, until=deadline(2) + timedelta(minutes=30))
    assert t.since == since and t.votes
    assert all(v.time >= since for v in t.votes)


def test_the_rows_a_count_of_the_last_day_loads_do_not_grow_with_earlier_days(game, monkeypatch):
    store, svc, thread = game
    play_to(svc, thread, DAYS)
    loaded: list[int] = []
    count_posts = store.count_posts

    def counting(game_id, *, into=None, **kw):
        # the posts each of the count's reads loads (`Store.count_posts`; a post two reads find counts twice)
        out = count_posts(game_id, **kw)
        loaded.append(len(out.posts))
        if into is None:
            return out
        into.posts.update(out.posts)
        into.readings.update(out.readings)
        return into

    now = start(DAYS) + timedelta(hours=10)
    thread.until(now)
    monkeypatch.setattr(store, "count_posts", counting)
    before = svc.count(DAYS, view="gm", now=now)
    first = sum(loaded)
    monkeypatch.undo()
    stored = len(store.posts(game_id="ny", include_deleted=True))
    rng = random.Random(99)
    new = [pid for day in (1, 2, 3) for pid in chatter(thread, rng, day, 150)]
    thread.until(now)
    assert len(store.posts(game_id="ny", include_deleted=True)) == stored + 450
    loaded.clear()
    monkeypatch.setattr(store, "count_posts", counting)
    # the whole read, as after another process's write (the daemon's recount reads only what changed: below)
    monkeypatch.setattr(store, "posts_changed_since", lambda mark: None)
    after = svc.count(DAYS, view="gm", now=now)
    # the day's posts, the night before it (its votes are flagged `early_post`: day 3's chatter runs an hour
    # into that night) and, before the night (and before the replacement), each account's latest post of each
    # topic: every account of the thread wrote in both topics on the first evening, so more posts by them
    # add nothing (a new account would add its one latest post)
    night = sum(1 for pid in new if thread.written[pid][2] >= deadline(DAYS - 1))
    assert night > 0
    assert sum(loaded) == first + night < stored
    assert [v.post_id for v in after.votes] == [v.post_id for v in before.votes] and after.votes


def test_a_recount_reads_again_only_the_posts_written_since_the_last_count(game, monkeypatch):
    # the daemon counts after every poll (issue 17): a new post, an edit or a deletion in the day is one post read
    # again, and the count is the one every post gives; a post dated before the day, or a write by another process,
    # and the day is read whole again
    store, svc, thread = game
    play_to(svc, thread, DAYS)
    loaded: list[int] = []
    count_posts = store.count_posts

    def counting(game_id, **kw):
        out = count_posts(game_id, **kw)
        loaded.append(len(out.posts) if kw.get("into") is None else -1)
        return out

    monkeypatch.setattr(store, "count_posts", counting)
    now = start(DAYS) + timedelta(hours=2)
    assert_same_count(store, svc, DAYS, now=now)
    whole = len(loaded)
    assert whole >= 2
    rng = random.Random(7)
    again = 0
    for step in range(1, 9):
        loaded.clear()
        at = now + timedelta(minutes=10 * step)
        pid = thread.write("vote", rng.choice(TALKERS), at - timedelta(minutes=8), red(rng.choice(TARGETS)))
        if step == 2:
            thread.edit(pid, "передумал", at - timedelta(minutes=1))
        if step == 4:
            thread.delete(pid, at - timedelta(minutes=1))
        due = {p for seen, p, _, _ in thread.planned if seen <= at}      # the game's other posts, edits, deletions
        thread.until(at)
        assert_same_count(store, svc, DAYS, now=at)
        if all(thread.written[p][2] >= deadline(DAYS - 1) for p in due):
            # the first count read those posts again (this one among them); the next two found nothing changed
            assert loaded == [len(due)], (step, loaded, due)
            again += 1
        else:
            assert -1 in loaded                 # one dated before the day's window: read whole again
    assert again >= 5
    loaded.clear()
    old = thread.write("game", "Ronin", start(DAYS) - timedelta(hours=30), "Доброе утро")    # before the day
    later = now + timedelta(hours=3)
    thread.until(later)
    assert_same_count(store, svc, DAYS, now=later)
    assert len(loaded) > whole and -1 in loaded and old                 # read whole again
    loaded.clear()
    monkeypatch.setattr(store, "posts_changed_since", lambda mark: None)     # another process wrote
    assert_same_count(store, svc, DAYS, now=later)
    assert loaded.count(-1) >= whole


def test_a_closed_days_count_reads_no_post_of_the_days_after_it(game):
    # issue 17: the pages recount every closed day after each step of the game; day 1's count read every later post
    # of the game, a transient that grew with the game and left the daemon's memory higher at each close (the soak)
    store, svc, thread = game
    play_to(svc, thread, DAYS)
    now = start(DAYS) + timedelta(hours=10)
    thread.until(now)
    later = [p for p in every_post(store, None, svc.tz) if p.time >= start(2)]
    assert len(later) > 100
    read = svc.count_inputs(1).posts
    assert read and max(p.time for p in read) < start(2)
    assert_same_count(store, svc, 1, now=now)
    # `--at` during day 3: the silence is measured to that moment, so the read goes on to it
    at = start(3) + timedelta(hours=2)
    assert start(2) < max(p.time for p in svc.count_inputs(1, as_of=at).posts) <= at
    assert_same_count(store, svc, 1, now=now, as_of=at)


def test_a_vote_one_second_before_the_start_is_not_counted_and_one_at_the_start_is(tmp_path):
    store, svc = game_service(tmp_path)
    with store:
        thread = Thread(store)
        svc.resolve_night(1, now=start(1) + timedelta(minutes=1))     # after night 1's deadline: day 1 starts there
        early = thread.write("vote", "Ronin", start(1) - timedelta(seconds=1), red("Соня"))
        on_time = thread.write("vote", "Соня", start(1), red("Ronin"))
        thread.write("game", "Alisa", start(1) - timedelta(hours=30), "Привет")   # silent since: before the night
        thread.until(deadline(1))
        t = assert_same_count(store, svc, 1, now=deadline(1) + timedelta(minutes=1))
        assert [(v.voter, v.target, v.post_id, v.counted) for v in t.votes] == [("Соня", "Ronin", on_time, True)]
        assert "Ronin" in t.not_voted
        # RULES.md §3.1: posted in night 1, it does not count; the GM is told (flag early_post)
        assert [(f.kind, f.player) for f in t.flags if f.post_id == early] == [("early_post", "Ronin")]
        assert {c.player: c.total for c in t.candidates} == {**{p: 2 for p in t.not_voted}, "Ronin": 3}
        assert t.activity["Ronin"] == 0 and t.activity["Соня"] == 1
        # Ronin's vote a second before the start is his last post: 22 h before the deadline, not a silence;
        # Соня voted; Alisa last wrote 52 h ago; the others never wrote: silent since the game's start (§3.13)
        never = "has written nothing for 46 h (since 2026-12-29T20:00:00+03:00): a replacement candidate"
        assert silent(t) == {"Alisa": "Alisa has written nothing for 52 h (since 2026-12-29T14:00:00+03:00): "
                                      "a replacement candidate",
                             **{p: f"{p} {never}" for p in t.activity if p not in ("Ronin", "Соня", "Alisa")}}
        # the store's bounds are exact to the second, an aware bound with a fraction rounds up
        assert [p.post_id for p in store.posts(game_id="ny", kind="vote", since=start(1))] == [on_time]
        assert [p.post_id for p in store.posts(game_id="ny", kind="vote", before=start(1))] == [early]
        half = start(1) - timedelta(microseconds=500_000)
        assert [p.post_id for p in store.posts(game_id="ny", kind="vote", since=half)] == [on_time]
        assert [p.post_id for p in store.posts(game_id="ny", kind="vote", before=half)] == [early]


def test_last_per_author_is_each_accounts_latest_as_of_and_without_the_deleted(tmp_path):
    store, _ = game_service(tmp_path)
    with store:
        thread = Thread(store)
        t0 = start(1)
        a1 = thread.write("vote", "Ronin", t0, "раз")
        a2 = thread.write("game", "Ronin", t0 + timedelta(hours=1), "два")
        a3 = thread.write("vote", "Ronin", t0 + timedelta(hours=2), "три")
        b1 = thread.write("vote", "Соня", t0 + timedelta(minutes=30), "ой")
        thread.write("vote", "Соня", t0 + timedelta(hours=5), "после")
        thread.delete(a3, t0 + timedelta(hours=3))
        thread.until(t0 + timedelta(days=1))
        cut = t0 + timedelta(hours=4)

        def last(**kw) -> list[int]:
            return sorted(p.post_id for p in store.posts(game_id="ny", before=cut, last_per_author=True, **kw))

        # each account's latest post of each topic before the cut
        assert last(include_deleted=True) == [a2, a3, b1]
        assert last() == [a1, a2, b1]                                   # a3 is deleted: the one before it
        assert last(as_of=t0 + timedelta(hours=2, minutes=30)) == [a2, a3, b1]   # not yet deleted then
        assert last(as_of=t0 + timedelta(minutes=50)) == [a1, b1]       # a2, a3 not yet seen
        assert last(kind="game") == [a2]
        (p,) = [p for p in store.posts(game_id="ny", before=cut, last_per_author=True, kind="game")]
        assert (p.author, p.html, p.versions_count, p.time) == ("Ronin", "два", 1, t0 + timedelta(hours=1))


def test_a_since_without_a_time_zone_is_still_the_counts_error_naming_it(tmp_path):
    store, svc = game_service(tmp_path)
    with store:
        svc.resolve_night(1, now=start(1))
        with pytest.raises(GameError) as info:
            svc.count(1, since=datetime(2026, 12, 30, 20, 0), now=deadline(1))
        # the count's key and facts, worded in the GM's language (Russian by default)
        assert str(info.value) == ("время `since` = `30.12.2026 20:00` дано без часового пояса; укажите его со "
                                   "смещением, например `+03:00`")


def test_a_matcher_past_its_bound_forgets_its_posts_and_every_count_stays_the_same(game, monkeypatch):
    # one matcher serves the game's life: kept without a bound it held every version of every day's posts. Past
    # KEPT_POST_VERSIONS it forgets them and the next count reads its day's stored readings again, counting the same
    store, svc, thread = game
    monkeypatch.setattr(counting, "KEPT_POST_VERSIONS", 40)
    forgot = []
    real_forget = counting.RosterMatcher.forget_posts

    def forget(matcher) -> None:
        forgot.append(matcher.post_versions())
        real_forget(matcher)
    monkeypatch.setattr(counting.RosterMatcher, "forget_posts", forget)
    svc.resolve_night(1, now=start(1) + timedelta(minutes=5))
    for day in range(1, DAYS + 1):
        if day == 2:
            svc.replace_player("Puss", "Кот", now=REPLACED_AT)
        for hours in (6, 14, 23):            # live twice, then after the deadline: a warm recount between
            thread.until(start(day) + timedelta(hours=hours))
            assert_same_count(store, svc, day, now=start(day) + timedelta(hours=hours))
            assert svc._matcher[1].post_versions() < 40 + 30      # the bound and one count's new posts
        svc.close_day(day, now=deadline(day) + timedelta(minutes=5))
        if day < DAYS:
            svc.resolve_night(day + 1, now=start(day + 1) + timedelta(minutes=5))
    # past the bound within a day (a day's three counts read more than 40: the count keeps no reading by post of
    # a player's stored post, only by its head, so a day's counts hold fewer), besides each move to a later day
    assert len([n for n in forgot if n > 40]) >= 3


def test_a_matcher_forgets_the_earlier_days_posts_when_the_game_moves_on(game):
    # issue 17's soak with posts that differ: the matcher kept every post's reading of every day for the game's life
    # (≈ 300 entries a game and game day), far under KEPT_POST_VERSIONS. A later day's count reads none of them: at
    # the end of each day, live and after the deadline, what it holds by post version is of the posts that day's count
    # read, and every count is the same as a fresh count's
    store, svc, thread = game
    svc.resolve_night(1, now=start(1) + timedelta(minutes=5))
    held_by_day = []
    for day in range(1, DAYS + 1):
        if day == 2:
            svc.replace_player("Puss", "Кот", now=REPLACED_AT)
        for hours in (14, 23):
            thread.until(start(day) + timedelta(hours=hours))
            assert_same_count(store, svc, day, now=start(day) + timedelta(hours=hours))
            matcher = svc._matcher[1]
            held = {k for k in (*matcher.flats, *matcher.stored, *(x for key in matcher.readings for x in key))
                    if isinstance(k, StoredKey)}
            read = {key for p in svc._kept_read[2].posts.values() for _, key in p.versions}
            assert held and held <= read
        held_by_day.append(len(held))
        svc.close_day(day, now=deadline(day) + timedelta(minutes=5))
        if day < DAYS:
            svc.resolve_night(day + 1, now=start(day + 1) + timedelta(minutes=5))
    # the days are alike: no day holds the earlier days' too
    assert max(held_by_day) < 2 * min(held_by_day)
