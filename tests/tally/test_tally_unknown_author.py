"""A vote by an account outside the roster (RULES.md §3): flagged `unknown_author` in the GM's view only, with the
case (a stranger, a substitute before the replacement's time, the replaced account after it), and its alert in
Russian and English with the command to paste. The day: day 3 of a 000 game (support: VoteThread, roster_000)."""
from __future__ import annotations

from mafvote.alert_rules import flag_alerts
from mafvote_tally import VoteRules, count_day
from support.count import VoteThread, day3_000, day_at, roster_000
from support.paths import MOSCOW


def test_rule_3_votes_by_accounts_outside_the_roster_are_flagged_for_the_gm_only():
    th = VoteThread()
    early_sub = th.vote("Омега", day_at(13, "09:00"), "Рики")       # Омега plays Энни's slot only from 12:00
    counted = th.vote("Омега", day_at(13, "12:30"), "Юну")
    old = th.vote("Энни", day_at(13, "13:00"), "Алтею")              # the replaced account, after its replacement
    stranger = th.vote("Зритель", day_at(13, "14:00"), "Франклина")
    th.add("Зритель", day_at(13, "14:05"), "интересно, кто мафия")    # talk: no flag
    th.vote("ГМ", day_at(13, "15:00"), "Рики")                       # the GM is never an unknown author
    ros = roster_000(("Энни", "Омега", day_at(13, "12:00")))
    t = count_day(th.posts, day3_000(), ros, VoteRules())
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
    public = count_day(th.posts, day3_000(), ros, VoteRules(), view="public")
    assert not [f for f in public.flags if f.kind == "unknown_author"]


def test_unknown_author_alerts_the_gm_in_russian_with_the_command_to_paste():
    th = VoteThread()
    th.vote("Рики", day_at(13, "08:00"), "Юну")
    early_sub = th.vote("Омега", day_at(13, "09:00"), "Рики")
    stranger = th.vote("Зритель", day_at(13, "14:00"), "Франклина")
    old = th.vote("Энни", day_at(13, "15:00"), "Алтею")
    t = count_day(th.posts, day3_000(), roster_000(("Энни", "Омега", day_at(13, "12:00"))), VoteRules())
    now = day_at(13, "16:00")
    ru = {a.key: a.text for a in flag_alerts("g", t, now=now, tz=MOSCOW, language="ru")}
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
    en = {a.key: a.text for a in flag_alerts("g", t, now=now, tz=MOSCOW, language="en")}
    assert en[f"vote_flag:post{stranger}:unknown_author"] == (
        "Day 3, unknown_author: 'Зритель' is not on the roster, not a replacement and not a GM: the vote is not "
        "counted; if this account took over a slot, enter it with `mafvote replace --player NICK --by Зритель --at "
        "2027-01-13T14:00:00+03:00`")
    assert set(ru) == set(en) and len(ru) == 3
    # a flag without its facts (an older tally JSON) falls back to the short wording
    bare = {"view": "gm", "day": 3, "flags": [{"kind": "unknown_author", "player": None, "post_id": 7,
                                               "detail": "x"}]}
    [alert] = flag_alerts("g", bare, now=now, tz=MOSCOW, language="ru")
    assert alert.text == ("День 3, голос не игрока: голос аккаунта, которого нет в списке игроков, среди замен и "
                          "ведущих; не засчитан")
