"""Wrong results of the count, each test failing on the code before its fix:

* 004 (`edited_vote = "void"`) voids a vote only when its post was edited or deleted before the day's end
  (RULES.md §3.1, §3.12; 004 rule 2.3); an edit after it leaves the vote as it stood at the end, flagged;
* a red/blue name in another case of a transliterated nick is matched, and a red run that names
  nobody for sure is flagged with the players it may mean, never dropped (RULES.md §2 "Names");
* a vote for a player modkilled later the same day: the voter has voted, the vote weighs nothing, a later
  vote replaces it, also a final one (`target_removed`);
* a 004 day cut short by a modkill gives no non-voter a penalty, in the count as in `day close` (§3.14);
* `style="COLOR: RED"` is red (§2: any way the engine renders a colour).
"""
from __future__ import annotations

import json
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from mafvote_tally import DayState, Post, Tally, VoteRules, Weight
from support import (GRAND_HOTEL_ROLES, PLAYERS, at, blue, count, counted, flags, grand_hotel_night_1, ok, post, red,
                     state, totals)

GH = {"colors_matter": False, "edited_vote": "void", "penalty": "cumulative", "tie": "nobody_once_then_all",
      "modkill_closes_day": True}


def bold(name: str) -> str:
    return f"<strong>{name}</strong>"


def _penalties(t: Tally) -> dict[str, int]:
    return {c.player: c.penalty for c in t.candidates if c.penalty}


# ------------------------------------------------- an edit or deletion after the day's end (§3.1, §3.12)

def _day_votes(**soni) -> list[Post]:
    """Вася 3 (Соня, Петя, Ronin), Соня 2 (Вася, Nejka), Петя 1 (Алукард): Вася is hanged. ``soni``: how Соня's
    vote post was edited or deleted."""
    return [post("Соня", "12:00", bold("Вася"), pid=101, **soni),
            post("Петя", "12:01", bold("Вася"), pid=102),
            post("Ronin", "12:02", bold("Вася"), pid=103),
            post("Вася", "12:03", bold("Соня"), pid=104),
            post("Nejka", "12:04", bold("Соня"), pid=105),
            post("Алукард", "12:05", bold("Петя"), pid=106)]


EDITED = bold("Вася") + " (опечатку поправила)"
# (case, how Соня's post changed, the GM's close or None, Соня's vote counts?, hanged, Соня's penalty)
EDIT_CASES = [
    ("notice_after_deadline", dict(edited=True, edited_at=at("22:30"),
                                   versions=((at("12:00"), bold("Вася")), (at("22:35"), EDITED))),
     None, True, ("Вася",), 0),
    ("new_version_first_seen_after_deadline", dict(versions=((at("12:00"), bold("Вася")), (at("23:10"), EDITED))),
     None, True, ("Вася",), 0),
    ("deleted_after_deadline", dict(deleted=True, deleted_at=at("22:40")), None, True, ("Вася",), 0),
    ("notice_before_deadline", dict(edited=True, edited_at=at("21:30"),
                                    versions=((at("12:00"), bold("Вася")), (at("21:35"), EDITED))),
     None, False, ("Соня",), 1),
    # the forum's notice time decides, though the reread saw the new version only after the deadline
    ("notice_before_deadline_seen_after", dict(edited=True, edited_at=at("21:30"),
                                               versions=((at("12:00"), bold("Вася")), (at("23:00"), EDITED))),
     None, False, ("Соня",), 1),
    ("new_version_first_seen_before_deadline", dict(versions=((at("12:00"), bold("Вася")), (at("21:50"), EDITED))),
     None, False, ("Соня",), 1),
    ("deleted_before_deadline", dict(deleted=True, deleted_at=at("21:00")), None, False, ("Соня",), 1),
    # the GM closed the day at 18:00: the close is the end
    ("notice_after_the_gms_close", dict(edited=True, edited_at=at("19:00"),
                                        versions=((at("12:00"), bold("Вася")), (at("19:05"), EDITED))),
     at("18:00"), True, ("Вася",), 0),
    ("notice_before_the_gms_close", dict(edited=True, edited_at=at("17:00"),
                                         versions=((at("12:00"), bold("Вася")), (at("17:05"), EDITED))),
     at("18:00"), False, ("Соня",), 1),
]


@pytest.mark.parametrize("case,change,closed_at,counts,hanged,penalty", EDIT_CASES, ids=[c[0] for c in EDIT_CASES])
def test_rule_3_12_004_an_edit_voids_a_vote_only_before_the_days_end(case, change, closed_at, counts, hanged,
                                                                     penalty):
    t = count(_day_votes(**change), rules=GH, closed_at=closed_at)
    assert ("Соня" in counted(t)) is counts
    assert t.outcome.eliminated == hanged
    assert _penalties(t) == ({"Соня": penalty} if penalty else {})
    [f] = [f for f in t.flags if f.kind == "edited"]
    assert f.player == "Соня" and f.post_id == 101
    if counts:
        assert "after the close: the vote as it stood at the close counts" in f.detail
        assert f.data["rule"] == "after_close"
        assert counted(t)["Соня"] == ("Вася", "red") and totals(t)["Вася"] == 3
        assert "Соня" not in t.not_voted
    else:
        assert f.data["rule"] == "void" and "Соня" in t.not_voted
        assert totals(t) == {"Соня": 3, "Вася": 2, "Петя": 1}


def test_rule_3_12_004_the_count_does_not_depend_on_when_the_reread_ran():
    # the GM closes the day before the reread saw the late edit and the deletion, and after it: the same count
    before = _day_votes()
    after = [post("Соня", "12:00", bold("Вася"), pid=101, edited=True, edited_at=at("22:30"),
                  versions=((at("12:00"), bold("Вася")), (at("22:45"), bold("Nejka")))),
             *[p if p.post_id != 102 else Post(102, "vote", "Петя", at("12:01"), bold("Вася"), deleted=True,
                                                  deleted_at=at("22:45"))
               for p in _day_votes()[1:]]]
    for posts in (before, after):
        t = count(posts, rules=GH)
        assert totals(t) == {"Вася": 3, "Соня": 2, "Петя": 1}
        assert t.outcome.eliminated == ("Вася",) and t.not_voted == ()
    # as mafvote knew the thread at 22:10 (before the reread), the same
    assert totals(count(after, rules=GH, as_of=at("22:10"))) == {"Вася": 3, "Соня": 2, "Петя": 1}
    t = count(after, rules=GH)
    assert [(f.player, f.detail) for f in t.flags if f.kind == "edited"] == [
        ("Соня", "edited at 2027-01-01T22:30:00+03:00 after the close: the vote as it stood at the close counts "
                 "(the edit changed the votes: now Nejka (red))"),
        ("Петя", "deleted after the close: the vote as it stood at the close counts")]


def test_rule_3_12_first_seen_games_are_unchanged_by_the_edit_time():
    p = post("Соня", "10:00", red("Петя"), versions=((at("10:01"), red("Петя")), (at("23:00"), red("Вася"))))
    t = count([p])
    assert counted(t) == {"Соня": ("Петя", "red")}
    [f] = [f for f in t.flags if f.kind == "edited"]
    assert f.data["rule"] == "first_seen" and "the vote as first seen counts" in f.detail


def test_post_from_stored_carries_when_the_deletion_was_seen():
    class Stored:    # the store's StoredPost, duck-typed as the tally reads it
        post_id, kind, author, time, first_html, versions = 7, "vote", "Соня", at("12:00"), bold("Вася"), ()
        edited, edit_at, deleted, deleted_at = False, None, True, at("22:40")

    p = Post.from_stored(Stored())
    assert (p.deleted, p.deleted_at) == (True, at("22:40"))


# ----------------------------------------- case forms of transliterated nicks, short names (§2)

ROSTER2 = ("Ronin", "Соня", "Trusiki Kayfa", "King Eciton", "Snowman", "Катя", "Кадзуо", "Мари")
# (as written in red, the slot it names, or the candidates shown to the GM)
NAME_CASES = [
    ("Кайфу", "Trusiki Kayfa", None), ("Кайфе", "Trusiki Kayfa", None), ("Кайфой", "Trusiki Kayfa", None),
    ("Трусиков", "Trusiki Kayfa", None), ("Кингу", "King Eciton", None), ("Кинга", "King Eciton", None),
    ("Кингом", "King Eciton", None), ("голосую против Кайфу", "Trusiki Kayfa", None),
    # «Сноумен» is how Snowman is spoken, not its transliteration: shown to the GM, not guessed
    ("Сноумена", None, ("Snowman",)), ("голосую против Сноумена", None, ("Snowman",)),
    # Мари's red «Ка», the start of two names and of a word of a third
    ("Ка", None, ("Trusiki Kayfa", "Катя", "Кадзуо")), ("Ки", None, ("King Eciton",)),
]


@pytest.mark.parametrize("written,player,candidates", NAME_CASES, ids=[c[0] for c in NAME_CASES])
def test_rule_2_names_a_red_case_form_of_a_transliterated_nick_is_matched_or_shown_never_dropped(
        written, player, candidates):
    t = count([post("Ronin", "10:00", blue("Соня")), post("Ronin", "11:00", red(written))], players=ROSTER2,
              alive=ROSTER2)
    if player is not None:
        assert counted(t)["Ronin"] == (player, "red")
        assert flags(t, "ambiguous_name") == [] and flags(t, "unknown_target") == []
    else:
        # the previous valid vote stands, the GM sees who it may be
        assert counted(t)["Ronin"] == ("Соня", "blue")
        [f] = [f for f in t.flags if f.kind == "ambiguous_name"]
        assert (f.player, f.data["written"], tuple(f.data["candidates"])) == ("Ronin", written.split()[-1],
                                                                               candidates)


def test_rule_2_names_a_vote_for_kayfu_counts_and_the_voter_takes_no_penalty():
    # 001: Ronin's «Кайфу» is a vote, so Ronin takes no +2 and Trusiki Kayfa ties Nejka: nobody is
    # hanged (the tool dropped the vote and hanged Ronin, 5 against 2 + 2)
    roster = ("Ronin", "Соня", "Вася", "Петя", "Маша", "Дима", "Trusiki Kayfa", "Nejka")
    posts = [post(a, f"13:0{i}", red(w)) for i, (a, w) in enumerate(
        [("Соня", "Ронина"), ("Вася", "Ронину"), ("Петя", "Нежку"), ("Маша", "Нежки"), ("Дима", "Трусики"),
         ("Ronin", "Кайфу")])]
    t = count(posts, players=roster, alive=roster, weights={"Соня": Weight(red=2)})   # Герда's red counts 2
    assert totals(t) == {"Trusiki Kayfa": 4, "Nejka": 4, "Ronin": 3}
    assert t.not_voted == ("Trusiki Kayfa", "Nejka")
    assert (t.outcome.eliminated, t.outcome.reason) == ((), "tie")
    assert [f.kind for f in t.flags] == []


def test_rule_2_names_a_short_red_run_that_begins_a_players_name_is_flagged_not_ignored():
    # Мари's red «Ка» was ignored with no flag and Мари took the non-voter's penalty in silence
    t = count([post("Мари", "10:06", red("Ка"))], players=ROSTER2, alive=ROSTER2)
    assert [(f.kind, f.player, f.data["candidates"]) for f in t.flags] == [
        ("ambiguous_name", "Мари", ["Trusiki Kayfa", "Катя", "Кадзуо"])]
    assert "Мари" in t.not_voted


@pytest.mark.parametrize("html", [red("Мафия"), red("Внимание"), red("Мафия не пройдёт"), red("красный"),
                                  "<b>Да</b>", red("Зи")])
def test_rule_2_names_ordinary_red_words_and_bold_emphasis_stay_no_vote_and_no_flag(html):
    t = count([post("Ronin", "10:00", html)], players=ROSTER2, alive=ROSTER2,
              rules={"colors_matter": "<b>" not in html})
    assert counted(t) == {} and t.flags == ()


# ---------------------------------------------- a vote for a player modkilled later the same day

ALIVE_AFTER = tuple(p for p in PLAYERS if p != "Алукард")     # the GM modkilled Алукард during the day
# (case, posts, the day state's modkill time, counted, not voted, the target_removed flags (player, final))
REMOVED_CASES = [
    ("voted_then_modkilled", [post("Соня", "10:00", red("Алукард"))], {},
     {"Соня": ("Алукард", "red")}, ("Петя", "Вася", "Ronin", "Nejka"), [("Соня", False)]),
    ("final_vote_then_modkilled_votes_again", [post("Соня", "10:00", red("Алукард") + " досрочно"),
                                               post("Соня", "13:00", red("Петя"))], {},
     {"Соня": ("Петя", "red")}, ("Петя", "Вася", "Ronin", "Nejka"), [("Соня", True)]),
    ("gm_proxy_final_vote", [post("Ведущий", "10:00", "Соня — " + red("Алукард") + " досрочно"),
                             post("Соня", "13:00", blue("Вася"))], {},
     {"Соня": ("Вася", "blue")}, ("Петя", "Вася", "Ronin", "Nejka"), [("Соня", True)]),
    # a vote posted after the modkill is a vote for the dead: not counted, the voter has not voted
    ("voted_after_the_modkill", [post("Соня", "12:30", red("Алукард"))], {"Алукард": at("12:00")},
     {}, ("Соня", "Петя", "Вася", "Ronin", "Nejka"), []),
    ("voted_before_the_modkill", [post("Соня", "11:59", red("Алукард"))], {"Алукард": at("12:00")},
     {"Соня": ("Алукард", "red")}, ("Петя", "Вася", "Ronin", "Nejka"), []),
]


@pytest.mark.parametrize("case,posts,modkilled_at,votes,not_voted,removed", REMOVED_CASES,
                         ids=[c[0] for c in REMOVED_CASES])
def test_rule_3_2_a_vote_for_a_player_modkilled_later_that_day_is_a_vote_that_weighs_nothing(
        case, posts, modkilled_at, votes, not_voted, removed):
    t = count(posts, rules={"early_close_from_day": 1}, alive=ALIVE_AFTER, modkilled=("Алукард",),
              **({"modkilled_at": modkilled_at} if modkilled_at else {}))
    assert counted(t) == votes
    assert t.not_voted == not_voted
    assert "Соня" not in _penalties(t) or "Соня" in not_voted
    assert "Алукард" not in totals(t)
    if case == "voted_before_the_modkill":
        removed = [("Соня", False)]
    assert [(f.player, f.data["final"]) for f in t.flags if f.kind == "target_removed"] == removed
    assert flags(t, "changed_final_vote") == []
    if case == "voted_after_the_modkill":
        assert [(f.kind, f.data.get("dead")) for f in t.flags] == [("unknown_target", "Алукард")]


def test_rule_3_2_target_removed_is_public_and_the_vote_shows_weight_zero():
    posts = [post("Соня", "10:00", red("Алукард") + " досрочно")]
    t = count(posts, rules={"early_close_from_day": 1}, alive=ALIVE_AFTER, modkilled=("Алукард",), view="public",
              as_of=at("12:00"))
    [f] = t.flags
    assert (f.kind, f.player, f.post_id) == ("target_removed", "Соня", posts[0].post_id)
    assert f.detail == ("'Алукард' (Алукард) was modkilled after this vote: Соня has voted (no penalty), the vote "
                        "weighs nothing; Соня may vote again (it was final, досрочно: that no longer binds, its "
                        "target has left the game)")
    [v] = t.votes
    assert (v.counted, v.weight, v.early) == (True, 0, False) and t.final == ()
    closed = count(posts, rules={"early_close_from_day": 1}, alive=ALIVE_AFTER, modkilled=("Алукард",))
    assert _penalties(closed) == {p: 2 for p in ("Петя", "Вася", "Ronin", "Nejka")}


# ------------------------------------------- a 004 day cut short by a modkill has no penalties (§3.14)

# (case, rules, the day's close, penalties, misses)
CUT_CASES = [
    ("004_modkill_before_the_deadline", GH, at("12:01"), {}, {}),
    ("004_modkill_at_the_deadline", GH, None, {"Вася": 1, "Ronin": 1, "Nejka": 1},
     {"Вася": 1, "Ronin": 1, "Nejka": 1}),
    ("003_modkill_does_not_close_the_day", {**GH, "modkill_closes_day": False}, at("12:01"),
     {"Вася": 1, "Ronin": 1, "Nejka": 1}, {"Вася": 1, "Ronin": 1, "Nejka": 1}),
]


@pytest.mark.parametrize("case,rules,closed_at,penalties,misses", CUT_CASES, ids=[c[0] for c in CUT_CASES])
def test_rule_3_14_a_day_a_modkill_cut_short_gives_no_penalty(case, rules, closed_at, penalties, misses):
    posts = [post("Соня", "10:00", bold("Петя")), post("Петя", "11:00", bold("Соня"))]
    st = dict(alive=ALIVE_AFTER, modkilled=("Алукард",), closed_at=closed_at)
    gm = count(posts, rules=rules, **st)
    public = count(posts, rules=rules, view="public", **st)
    for t in (gm, public):
        assert _penalties(t) == penalties
        assert t.not_voted == ("Вася", "Ronin", "Nejka") and t.closed
    assert gm.misses == misses
    assert (gm.outcome.eliminated, gm.outcome.reason) == (
        (("Алукард",), "modkill") if rules["modkill_closes_day"] else ((), "tie_forgiven"))
    assert DayState(day=1, deadline=at("22:00"), alive=ALIVE_AFTER, modkilled=("Алукард",),
                    closed_at=closed_at).modkill_cut_short(VoteRules.from_mapping(rules)) is (not penalties)


def test_rule_3_14_after_a_004_modkill_closes_the_day_its_count_shows_no_penalty(play, monkeypatch):
    import mafvote.game as game_mod

    play("grand_hotel", GRAND_HOTEL_ROLES)
    grand_hotel_night_1()
    # day 1 runs to 31.12 18:00; the GM modkills at noon: `day close` records no miss, and the count agrees
    noon = datetime(2026, 12, 31, 12, 0, tzinfo=ZoneInfo("Europe/Moscow"))
    monkeypatch.setattr(game_mod, "utc_now", lambda: noon)
    out = ok("modkill", "--player", "Соня").splitlines()
    [note] = [line for line in out if line.startswith("Примечание:")]
    assert state()["misses"] == {}
    monkeypatch.setattr(game_mod, "utc_now", lambda: noon.replace(minute=5))
    for view in ("gm", "public"):
        t = json.loads(ok("tally", "--day", "1", "--view", view, "--format", "json"))
        assert t["closed"] and t["outcome"]["reason"] == "modkill"
        assert [c["player"] for c in t["candidates"] if c["penalty"]] == []
        assert t["not_voted"] and note.endswith(", ".join(t["not_voted"]))
    assert "штраф" not in ok("render", "votecount", "1")


# ---------------------------------------------------------------- a colour in upper-case CSS (§2)

@pytest.mark.parametrize("style,color", [("COLOR: RED", "red"), ("COLOR: #ff0000", "red"), ("Color: Blue", "blue"),
                                         ("FONT-WEIGHT: bold; COLOR: #0000FF", "blue")])
def test_rule_2_a_colour_written_in_upper_case_css_is_a_vote(style, color):
    t = count([post("Соня", "10:00", f'<span style="{style}">Петя</span>')])
    assert counted(t) == {"Соня": ("Петя", color)} and t.flags == ()
    [petya] = [c for c in t.candidates if c.player == "Петя"]
    assert (petya.red, petya.blue) == ((1, 0) if color == "red" else (0, 1))
