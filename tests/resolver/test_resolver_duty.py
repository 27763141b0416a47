"""Who owed a night action and sent none (resolver.duty, RULES.md §3.6 `night_action_is_duty`, §3.13, §4).

Table-driven: each row is a night (ruleset, roster, who is dead or under-active, prior uses and memories, the
GM's excuses, the actions entered) and the expected status of the players it pins. The night is resolved by
the real engine, so blocks and deaths come from the outcome exactly as the GM would see them."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from mafvote_resolver import Action, GameState, LastAction, Rolls, loads_ruleset, new_game, resolve_night, ruleset_from_mapping
from mafvote_resolver.duty import DUTY_STATUSES, NightDuty, night_duty

ROOT = Path(__file__).resolve().parents[2]


def load(name: str):
    return loads_ruleset((ROOT / "rulesets" / f"{name}.toml").read_text(encoding="utf-8"), f"rulesets/{name}.toml")


RULESETS = {"000": load("peculiar"), "001": load("new_year"), "003": load("time_machine")}

# 000 Peculiar Children: every role kind of the setup
R000 = {"Baron": "Мистер Барон", "Golan": "Доктор Голан", "Archer": "Мистер Арчер", "Void": "Пустота",
        "Abraham": "Абрахам", "Jacob": "Джейкоб Портман", "Enoch": "Енох О'Коннор", "Emma": "Эмма Блум",
        "Olive": "Оливия", "Twins": "Мено и Куо-Рама", "Millard": "Миллард Наллингс", "Kid": "Странный ребёнок"}
# 001 New Year: every role kind of the setup
R001 = {"Santa": "Санта Клаус", "Troll": "Злой тролль", "Elf": "Злой эльф", "Kai": "Кай", "Nut": "Щелкунчик",
        "Queen": "Снежная королева", "Moroz": "Дед Мороз", "Snegur": "Снегурочка", "Doc": "Снеговик",
        "Girl": "Снежинка", "Gerda": "Герда", "Shahid": "Хлопушка", "Pet": "мирная зверюшка"}


def a(actor: str, ability: str, *targets: str, **options) -> Action:
    return Action(actor, ability, tuple(targets), **options)


# 003 Time machine: two mafiosi sharing one kill, the commissar, the doctor, the maniac; a civilian holds the clock
R003 = {"M1": "Мафиозо", "M2": "Мафиозо", "Com": "Комиссар", "Doc": "Доктор", "Man": "Маньяк",
        "Civ": "Мирный житель", "Civ2": "Мирный житель"}
ITEMS = {"Civ": ["clock"], "Doc": ["book"]}


def night(game: str, actions=(), *, dead=(), excused=(), under_active=(), uses=None, last=None, roster=None,
          ruleset=None) -> NightDuty:
    r = ruleset or RULESETS[game]
    roster = roster or {"000": R000, "001": R001, "003": R003}[game]
    state = new_game("t", [{"nick": n, "role": role, **({"items": ITEMS[n]} if game == "003" and n in ITEMS else {})}
                           for n, role in roster.items()], r)
    for d in dead:
        state = state.with_player(d, alive=False, died="night 0")
    state = replace(state, night=1, day=1, under_active=frozenset(under_active), uses=uses or {},
                    last=last or {})
    outcome = resolve_night(r, state, list(actions), Rolls("t", 2, {}))
    return night_duty(r, state, list(actions), outcome, excused)


CASES = [
    # --- every role kind sends nothing: each one with an own night ability missed it --------------------
    ("rule_3_6_000_every_role_kind_silent", "000", {}, {
        "Baron": "shared", "Golan": "missed", "Archer": "missed", "Void": "missed", "Abraham": "missed",
        "Jacob": "missed", "Enoch": "missed", "Emma": "missed", "Olive": "missed", "Twins": "missed",
        "Millard": "no_ability", "Kid": "no_ability"}),
    ("rule_3_6_000_every_role_kind_sends", "000", {"actions": [
        a("Baron", "kill", "Kid"), a("Golan", "interview", "Jacob"), a("Archer", "alibi", "Archer"),
        a("Void", "block", "Emma"), a("Abraham", "copy", "Kid", role="Енох О'Коннор", copy="heal"),
        a("Jacob", "check", "Baron"), a("Enoch", "heal", "Olive"), a("Emma", "block", "Golan"),
        a("Olive", "take", "Baron"), a("Twins", "hire", "Jacob")]}, {
        **{n: "sent" for n in R000 if n not in ("Millard", "Kid")}, "Millard": "no_ability", "Kid": "no_ability"}),
    ("rule_3_6_001_every_role_kind_silent", "001", {}, {
        "Santa": "shared", "Troll": "no_ability", "Elf": "no_ability", "Kai": "missed", "Nut": "missed",
        "Queen": "missed", "Moroz": "shared", "Snegur": "shared", "Doc": "missed", "Girl": "missed",
        "Gerda": "missed", "Shahid": "missed", "Pet": "no_ability"}),
    # --- the sheriff + sergeant pair has one action ------------------------------------------------------
    ("rule_4_001_pair_sergeant_sends_for_both", "001", {"actions": [a("Snegur", "check", "Santa")]},
     {"Snegur": "sent", "Moroz": "covered"}),
    ("rule_4_001_pair_sheriff_sends_for_both", "001", {"actions": [a("Moroz", "kill", "Santa")]},
     {"Moroz": "sent", "Snegur": "covered"}),
    # RULES.md §3.17: the pair's one action is shared; nobody sending it is no player's miss
    ("rule_3_17_001_pair_sheriff_dead_sergeant_alone", "001", {"dead": ["Moroz"]}, {"Snegur": "shared"}),
    ("rule_3_17_001_pair_one_blocked_nobody_sends", "001", {"actions": [a("Nut", "block", "Moroz")]},
     {"Moroz": "shared", "Snegur": "shared"}),
    # --- the boss's action and its fallback by rank --------------------------------------------------------
    ("rule_4_001_boss_fallback_troll_sends_the_kill", "001", {"actions": [a("Troll", "kill", "Pet")]},
     {"Santa": "covered", "Troll": "sent", "Elf": "no_ability"}),
    ("rule_4_000_boss_fallback_archer_sends_the_kill_others_keep_their_own", "000",
     {"actions": [a("Archer", "kill", "Kid")]},
     {"Baron": "covered", "Archer": "sent", "Golan": "missed", "Void": "missed"}),
    ("rule_3_17_000_golan_as_boss_owes_neither_the_boss_action_nor_the_interview", "000", {"dead": ["Baron"]},
     {"Golan": "shared"}),
    ("rule_3_17_000_void_as_boss_still_owes_the_block_he_kept", "000", {"dead": ["Baron", "Golan"]},
     {"Void": "missed", "Archer": "missed"}),
    ("rule_4_000_golan_as_boss_covered_by_archer", "000", {"dead": ["Baron"], "actions": [a("Archer", "kill", "Kid")]},
     {"Golan": "covered", "Archer": "sent"}),
    ("rule_4_000_void_as_boss_keeps_the_block_one_action", "000",
     {"dead": ["Baron", "Golan"], "actions": [a("Archer", "kill", "Kid")]}, {"Void": "covered"}),
    # --- blocked, dead, excused, under-active ---------------------------------------------------------------
    # RULES.md §3.6 (issue 19): sending is the duty, a block does not excuse the silent; it spares the sender
    ("rule_3_6_000_blocked_and_silent_missed", "000", {"actions": [a("Void", "block", "Enoch")]},
     {"Enoch": "missed", "Void": "sent"}),
    ("rule_3_6_000_blocked_by_emma_and_silent_missed", "000", {"actions": [a("Emma", "block", "Jacob")]},
     {"Jacob": "missed", "Emma": "sent"}),
    ("rule_3_6_000_blocked_by_abrahams_copied_block_and_silent_missed", "000",
     {"actions": [a("Abraham", "copy", "Enoch", role="Пустота", copy="block")]}, {"Enoch": "missed"}),
    ("rule_3_6_000_blocked_after_sending_not_missed", "000",
     {"actions": [a("Void", "block", "Enoch"), a("Enoch", "heal", "Kid")]}, {"Enoch": "sent"}),
    ("rule_4_000_a_blocked_block_lands_on_nobody", "000",
     {"actions": [a("Void", "block", "Emma"), a("Emma", "block", "Jacob")]},
     {"Emma": "sent", "Jacob": "missed"}),
    ("rule_4_000_killed_tonight_owes_nothing", "000", {"actions": [a("Baron", "kill", "Enoch")]},
     {"Enoch": "dead", "Baron": "sent"}),
    ("rule_3_6_000_excused_by_the_gm", "000", {"excused": ["Enoch", "Еноха", "Jacob"],
                                               "actions": [a("Jacob", "check", "Baron")]},
     {"Enoch": "excused", "Jacob": "sent", "Emma": "missed"}),
    ("rule_3_13_000_under_active_action_would_be_refused", "000", {"under_active": ["Jacob"]},
     {"Jacob": "under_active", "Enoch": "missed"}),
    # --- used up, under cooldown, with this many alive ----------------------------------------------------
    ("rule_4_000_serum_used_up_heal_still_owed", "000", {"uses": {"Enoch/serum": 1}}, {"Enoch": "missed"}),
    ("rule_4_000_dead_player_is_not_listed", "000", {"dead": ["Enoch"]}, {"Enoch": None}),
    # --- 003: the mafia's one kill is shared; items and the role shot are extras, never a duty -------------
    ("rule_3_17_003_nobody_sends_the_kill_no_mafioso_missed", "003", {}, {
        "M1": "shared", "M2": "shared", "Com": "missed", "Doc": "missed", "Man": "missed",
        "Civ": "no_ability", "Civ2": "no_ability"}),
    ("rule_3_6_003_one_mafioso_sends_the_kill_for_all", "003", {"actions": [a("M2", "kill", "Civ2")]},
     {"M1": "covered", "M2": "sent"}),
    ("rule_3_6_003_an_item_alone_is_not_the_night_action", "003",
     {"actions": [a("Doc", "book", "Doc"), a("Civ", "clock", "Com")]},
     {"Doc": "missed", "Civ": "no_ability", "Com": "missed"}),
    ("rule_3_6_003_clock_blocked_after_sending_not_missed", "003",
     {"actions": [a("Civ", "clock", "Com"), a("Com", "check", "M1")]}, {"Com": "sent"}),
]


@pytest.mark.parametrize("name,game,setup,expect", CASES, ids=[c[0] for c in CASES])
def test_night_duty_table(name, game, setup, expect):
    duty = night(game, setup.get("actions", ()), dead=setup.get("dead", ()), excused=setup.get("excused", ()),
                 under_active=setup.get("under_active", ()), uses=setup.get("uses"))
    got = {d.player: d.status for d in duty.duties}
    assert {p: got.get(p) for p in expect} == expect
    assert all(d.status in DUTY_STATUSES for d in duty.duties)
    assert duty.missed == tuple(p for p, s in got.items() if s == "missed")


def test_rule_4_used_up_serum_is_not_among_what_the_doctor_could_send():
    duty = night("000", uses={"Enoch/serum": 1})
    enoch = next(d for d in duty.duties if d.player == "Enoch")
    assert enoch.detail == "could send heal, poison"


def test_rule_4_successor_lost_its_own_ability():
    duty = night("000", dead=["Baron"])
    golan = next(d for d in duty.duties if d.player == "Golan")
    assert golan.detail == ("kill, intimidate, kill_intimidate, question: the side's shared action was not sent; "
                            "any penalty is the GM's call")
    assert golan.detail.key == "duty.shared"
    assert golan.detail.facts == {"abilities": ["kill", "intimidate", "kill_intimidate", "question"]}


# A small ruleset whose roles have one limited ability each: the card alone decides whether one is owed.
LIMITED = ruleset_from_mapping({
    "game": {"name": "limited"},
    "votes": {"night_action_is_duty": True},
    "sides": {"town": {"kind": "town"}, "mafia": {"kind": "mafia"}},
    "roles": [
        {"name": "Часовщик", "side": "town", "abilities": [{"name": "clock", "kind": "block", "uses": 1}]},
        {"name": "Аптекарь", "side": "town",
         "abilities": [{"name": "serum", "kind": "serum", "cooldown_when_alive_lt": 15}]},
        {"name": "Лекарь", "side": "town",
         "abilities": [{"name": "from_role", "kind": "heal_from_role", "min_targets": 0, "max_targets": 0,
                        "requires_alive_gt": 10}]},
        {"name": "Вор", "side": "mafia", "abilities": [{"name": "kill", "kind": "kill"}]},
    ],
}, "limited")
LIMITED_ROSTER = {"Clock": "Часовщик", "Serum": "Аптекарь", "Healer": "Лекарь", "Thief": "Вор"}


@pytest.mark.parametrize("uses,last,expect", [
    ({}, {}, {"Clock": "missed", "Serum": "missed", "Healer": "no_ability", "Thief": "missed"}),
    ({"Clock/clock": 1}, {}, {"Clock": "no_ability"}),
    ({}, {"Serum": (LastAction(1, "serum", "serum", ("Thief",)),)}, {"Serum": "no_ability"}),
    ({}, {"Serum": (LastAction(0, "serum", "serum", ("Thief",)),)}, {"Serum": "missed"}),
], ids=["with_4_alive_heal_from_role_is_not_allowed", "one_use_used_up", "serum_under_cooldown",
        "serum_two_nights_ago_is_usable"])
def test_rule_4_used_up_cooldown_and_alive_count(uses, last, expect):
    duty = night("", uses=uses, last=last, roster=LIMITED_ROSTER, ruleset=LIMITED)
    got = {d.player: d.status for d in duty.duties}
    assert {p: got[p] for p in expect} == expect
    details = {d.player: d.detail for d in duty.duties}
    if "Healer" in expect:
        assert details["Healer"] == "from_role: not with 4 alive (needs more than 10)"
    if expect.get("Clock") == "no_ability":
        assert details["Clock"] == "clock used up (1 a game)"


def test_night_duty_json_round_trip_and_the_gms_two_lists():
    # the resolver gives the lists (who missed, who was excused) as data; `night resolve` words them in the GM's
    # language (tests/app/test_game_duty.py pins the Russian and the English)
    duty = night("000", [a("Void", "block", "Enoch")], excused=["Emma"])
    again = NightDuty.from_json(duty.to_json())
    assert again == duty
    assert duty.to_json()["missed"] == ["Golan", "Archer", "Abraham", "Jacob", "Enoch", "Olive", "Twins"]
    assert again.missed == ("Golan", "Archer", "Abraham", "Jacob", "Enoch", "Olive", "Twins")
    assert again.excused == ("Emma",)


def test_game_state_excused_survives_to_dict_and_old_snapshots_load():
    state = new_game("t", [{"nick": n, "role": r} for n, r in R001.items()], RULESETS["001"])
    state = replace(state, excused={"day 2": ("Doc",), "night 2": ("Girl", "Pet")})
    data = state.to_dict()
    assert GameState.from_dict(data) == state
    old = {k: v for k, v in data.items() if k != "excused"}
    assert GameState.from_dict(old).excused == {}
