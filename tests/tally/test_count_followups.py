"""The count's follow-ups from the 000/001/003 acceptance games (RULES.md §3), on `tally.count_day` directly:
the post that closes a day early is activity (000 rule 12), `late` stops at the next day's start, only players
with a night ability are flagged under-active, and a vote by an account outside the roster is flagged
`unknown_author` (GM view), with its alert in English and Russian."""
from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import mafvote_tally as T
from mafvote.alert_rules import flag_alerts

MSK = ZoneInfo("Europe/Moscow")
RED = '<span style="color: red">{}</span>'
PLAYERS = ("Франклин", "Алтея", "Рики", "Юна", "Энни")
# 000 (peculiar): early close by itself from day 3, three posts a day for a night action (rules 12, 13)
RULES_000 = T.VoteRules.from_mapping({"early_close_from_day": 3, "early_close": "auto",
                                      "night_action_is_duty": True, "min_posts_for_night_action": 3})


def at(day: int, hm: str) -> datetime:
    h, m = hm.split(":")
    return datetime(2027, 1, day, int(h), int(m), tzinfo=MSK)


class Thread:
    def __init__(self) -> None:
        self.posts: list[T.Post] = []

    def add(self, author: str, when: datetime, html: str, topic: str = "vote") -> int:
        pid = 100 + len(self.posts)
        self.posts.append(T.Post(pid, topic, author, when, html))  # type: ignore[arg-type]
        return pid

    def vote(self, author: str, when: datetime, target: str, early: bool = False) -> int:
        return self.add(author, when, RED.format(target) + (" досрочно" if early else ""))


def roster(*replacements: tuple[str, str, datetime]) -> T.Roster:
    reps = {slot: (T.Replacement(nick, when),) for slot, nick, when in replacements}
    return T.Roster(tuple(T.Player(p, replacements=reps.get(p, ())) for p in PLAYERS), gms=("ГМ",))


def day3(**kw) -> T.DayState:
    return T.DayState(day=3, start=at(13, "00:00"), deadline=at(13, "22:30"), alive=PLAYERS, **kw)


# --- RULES.md §3.13 (000 rule 12 «голос так же») ------------------------------------------------------------

def test_rule_3_13_the_post_that_closes_the_day_early_counts_as_activity():
    th = Thread()
    for who in ("Алтея", "Рики", "Юна", "Энни"):
        th.add(who, at(13, "09:00"), "обсуждаем", topic="game")
        th.add(who, at(13, "09:30"), "ещё мысль", topic="game")
        th.vote(who, at(13, "10:00"), "Рики" if who == "Энни" else "Энни", early=True)
    th.add("Франклин", at(13, "09:00"), "я мирный", topic="game")
    th.add("Франклин", at(13, "09:30"), "честно", topic="game")
    closing = th.vote("Франклин", at(13, "20:00"), "Энни", early=True)   # his third post; the day closes at it
    th.add("Франклин", at(13, "20:00"), "после закрытия", topic="game")  # at the close: not the day's
    t = T.count_day(th.posts, day3(), roster(), RULES_000)
    assert t.closed_early == at(13, "20:00")
    assert [v.counted for v in t.votes if v.post_id == closing] == [True]
    assert t.activity == {"Франклин": 3, "Алтея": 3, "Рики": 3, "Юна": 3, "Энни": 3}
    assert [f.kind for f in t.flags] == []


def test_rule_3_13_only_players_with_a_night_ability_are_flagged_under_active():
    th = Thread()
    for who in PLAYERS:
        th.vote(who, at(13, "10:00"), "Рики" if who != "Рики" else "Юну")
    state = day3(night_actors=("Франклин", "Алтея"))
    t = T.count_day(th.posts, state, roster(), RULES_000, as_of=at(14, "00:00"))
    assert [(f.kind, f.player, f.data) for f in t.flags] == [
        ("under_active", "Франклин", {"posts": 1, "min": 3}), ("under_active", "Алтея", {"posts": 1, "min": 3})]
    # without the abilities known (None), everyone with too few posts, as before
    everyone = T.count_day(th.posts, day3(), roster(), RULES_000, as_of=at(14, "00:00"))
    assert [f.player for f in everyone.flags if f.kind == "under_active"] == list(PLAYERS)


# --- RULES.md §3.1: `late` ends at the next day's start ------------------------------------------------------

def test_rule_3_1_late_flags_stop_at_the_next_days_start():
    th = Thread()
    th.vote("Рики", at(13, "10:00"), "Юну")
    night = th.vote("Юна", at(13, "22:40"), "Рики")       # the night after day 3
    th.vote("Алтея", at(14, "10:00"), "Рики")             # day 4's vote
    th.vote("Энни", at(15, "10:00"), "Рики")              # day 5's
    rules = T.VoteRules()
    bounded = T.count_day(th.posts, day3(next_day_start=at(13, "23:00")), roster(), rules)
    assert [(f.kind, f.player, f.post_id) for f in bounded.flags] == [("late", "Юна", night)]
    unbounded = T.count_day(th.posts, day3(), roster(), rules)
    assert [(f.kind, f.player) for f in unbounded.flags] == [("late", "Юна"), ("late", "Алтея"), ("late", "Энни")]
    # a next day's start not after the close (a --deadline moved past it) bounds nothing
    moved = T.count_day(th.posts, day3(next_day_start=at(13, "20:00")), roster(), rules)
    assert [f.player for f in moved.flags] == ["Юна", "Алтея", "Энни"]


# --- RULES.md §3: a vote by an account outside the roster -----------------------------------------------------

def test_rule_3_votes_by_accounts_outside_the_roster_are_flagged_for_the_gm_only():
    th = Thread()
    early_sub = th.vote("Омега", at(13, "09:00"), "Рики")       # Омега plays Энни's slot only from 12:00
    counted = th.vote("Омега", at(13, "12:30"), "Юну")
    old = th.vote("Энни", at(13, "13:00"), "Алтею")              # the replaced account, after its replacement
    stranger = th.vote("Зритель", at(13, "14:00"), "Франклина")
    th.add("Зритель", at(13, "14:05"), "интересно, кто мафия")    # talk: no flag
    th.vote("ГМ", at(13, "15:00"), "Рики")                       # the GM is never an unknown author
    ros = roster(("Энни", "Омега", at(13, "12:00")))
    t = T.count_day(th.posts, day3(), ros, T.VoteRules())
    flags = [f for f in t.flags if f.kind == "unknown_author"]
    assert [(f.player, f.post_id, f.data["case"], f.data["slot"]) for f in flags] == [
        (None, early_sub, "before_replacement", "Энни"), (None, old, "replaced", "Энни"),
        (None, stranger, "stranger", None)]
    assert flags[0].detail == (
        "Омега takes over Энни's slot only from 2027-01-13T12:00:00+03:00 (the replacement's time): the vote at "
        "2027-01-13T09:00:00+03:00 is not counted; if Омега played the slot then, `mafvote undo` the replacement "
        "and enter it again with `--at` (or fix games.players[].replaced_by.at)")
    assert flags[2].data == {"author": "Зритель", "time": "2027-01-13T14:00:00+03:00", "slot": None, "at": None,
                             "case": "stranger", "votes": [{"written": "Франклина", "color": "red"}]}
    assert [(v.voter, v.target, v.post_id) for v in t.votes if v.counted] == [("Энни", "Юна", counted)]
    public = T.count_day(th.posts, day3(), ros, T.VoteRules(), view="public")
    assert not [f for f in public.flags if f.kind == "unknown_author"]


def test_unknown_author_alerts_the_gm_in_russian_with_the_command_to_paste():
    th = Thread()
    th.vote("Рики", at(13, "08:00"), "Юну")
    early_sub = th.vote("Омега", at(13, "09:00"), "Рики")
    stranger = th.vote("Зритель", at(13, "14:00"), "Франклина")
    old = th.vote("Энни", at(13, "15:00"), "Алтею")
    t = T.count_day(th.posts, day3(), roster(("Энни", "Омега", at(13, "12:00"))), T.VoteRules())
    now = at(13, "16:00")
    ru = {a.key: a.text for a in flag_alerts("g", t, now=now, tz=MSK, language="ru")}
    assert ru[f"vote_flag:post{early_sub}:unknown_author"] == (
        "День 3, голос не игрока: Омега играет за Энни только с 13.01 12:00 МСК (время замены); голос в 13.01 09:00 "
        "МСК не засчитан. Если замена на деле была раньше, отмените её (`mafvote undo`) и внесите снова с `--at`")
    assert ru[f"vote_flag:post{stranger}:unknown_author"] == (
        "День 3, голос не игрока: Зритель голосует: Франклина (красным), но его нет в списке игроков, среди замен "
        "и ведущих; голос не засчитан. Если это замена, внесите её: `mafvote replace --player НИК --by Зритель "
        "--at 2027-01-13T14:00+03:00`")
    assert ru[f"vote_flag:post{old}:unknown_author"] == (
        "День 3, голос не игрока: Энни больше не в игре: с 13.01 12:00 МСК за слот Энни играет Омега; голос в 13.01 "
        "15:00 МСК не засчитан")
    en = {a.key: a.text for a in flag_alerts("g", t, now=now, tz=MSK, language="en")}
    assert en[f"vote_flag:post{stranger}:unknown_author"] == (
        "Day 3, unknown_author: 'Зритель' is not on the roster, not a replacement and not a GM: the vote is not "
        "counted; if this account took over a slot, enter it with `mafvote replace --player NICK --by Зритель --at "
        "2027-01-13T14:00:00+03:00`")
    assert set(ru) == set(en) and len(ru) == 3
    # a flag without its facts (an older tally JSON) falls back to the short wording
    bare = {"view": "gm", "day": 3, "flags": [{"kind": "unknown_author", "player": None, "post_id": 7,
                                               "detail": "x"}]}
    [alert] = flag_alerts("g", bare, now=now, tz=MSK, language="ru")
    assert alert.text == ("День 3, голос не игрока: голос аккаунта, которого нет в списке игроков, среди замен и "
                          "ведущих; не засчитан")
