"""The night scenarios (tests/data/nights, tests/data/days, the resolver): the runner that plays a scenario file
and checks its expected events, and the small 003/004 games the night tests share."""
from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path

from mafvote.render import build_data, render_private
from mafvote_resolver import (EVENT_KINDS, PRIVATE_KINDS, Action, DayCount, Rolls, append_action, apply_day, close_day,
                              current_boss, loads_ruleset, new_game, parse_night_file, resolve_night)
from mafvote_resolver.actions import check_action
from mafvote_resolver.duty import night_duty
from support.paths import ROOT

SCENARIOS = ROOT / "tests" / "data" / "nights"
DAY_SCENARIOS = ROOT / "tests" / "data" / "days"     # the rules of closing a day (resolver.close_day)


def load_ruleset(name: str):
    path = ROOT / "rulesets" / f"{name}.toml"
    return loads_ruleset(path.read_text(encoding="utf-8"), f"rulesets/{name}.toml")


def build(scenario: dict):
    ruleset = load_ruleset(scenario["ruleset"])
    players = list(scenario.get("players", []))
    # shorthand: roster = { Nick = "Role" }, dead = ["Nick"] (dead before the scenario starts)
    players += [{"nick": nick, "role": role} for nick, role in scenario.get("roster", {}).items()]
    dead = set(scenario.get("dead", ()))
    players = [{**p, "alive": p["nick"] not in dead, "died": "before" if p["nick"] in dead else ""} for p in players]
    state = new_game(scenario.get("game", "test"), players, ruleset)
    pre = scenario.get("state", {})
    if pre:
        state = replace(state, night=pre.get("night", 0), day=pre.get("day", 0),
                        under_active=frozenset(pre.get("under_active", ())), misses=dict(pre.get("misses", {})))
    return ruleset, state


def night_actions(ruleset, state, phase: dict) -> list[Action]:
    actions = []
    for i, entry in enumerate(phase.get("actions", [])):
        action = Action(actor=entry["actor"], ability=entry["ability"], targets=tuple(entry.get("targets", ())),
                        role=entry.get("role", ""), copy=entry.get("copy", ""), kill=tuple(entry.get("kill", ())),
                        question=entry.get("question", ""), learn=entry.get("learn", ""))
        if phase.get("unchecked"):   # to pin the engine's own refusals of what a night file would reject
            actions.append(action)
            continue
        resolved, problems = check_action(ruleset, state, action, f"actions[{i}]", "scenario")
        assert not problems, [str(p) for p in problems]
        actions.append(resolved)
    return actions


def forced(state, phase: dict) -> dict:
    return {(r["actor"], r["name"]): r["value"] for r in phase.get("rolls", [])}


def run_phase(ruleset, state, phase: dict, actions=None):
    if phase["kind"] == "night":
        if phase.get("under_active"):   # the application's count of posts: fewer than 3 during the day
                state = replace(state, under_active=frozenset(phase["under_active"]))
        acts = night_actions(ruleset, state, phase) if actions is None else actions
        return resolve_night(ruleset, state, acts, Rolls(state.game, state.night + 1, forced(state, phase)))
    if "count" in phase or "hanged" in phase:
        return close_phase(ruleset, state, phase).outcome
    return apply_day(ruleset, state, phase.get("eliminated", []))


def close_phase(ruleset, state, phase: dict):
    """A day closed by the rules of `day close` (`resolver.close_day`), from the count's facts in the file."""
    facts = phase.get("count")
    count = None if facts is None else DayCount(**{k: (dict(v) if isinstance(v, dict) else tuple(v) if isinstance(
        v, list) else v) for k, v in facts.items()})
    return close_day(ruleset, state, count, day=state.day + 1, hanged=phase.get("hanged"))


def check_close(closing, expect: dict, where: str) -> None:
    """What the close recorded beside the hanging (RULES.md §3.6, §3.13, §3.14)."""
    state = closing.outcome.state
    if "decided_by" in expect:
        assert closing.decided_by == expect["decided_by"], f"{where}: decided by {closing.decided_by}"
    if "misses" in expect:
        assert {k: v for k, v in state.misses.items() if v} == expect["misses"], f"{where}: misses {state.misses}"
    if "modkill_candidates" in expect:
        assert list(closing.modkill_candidates) == expect["modkill_candidates"], \
            f"{where}: modkill candidates {closing.modkill_candidates}"
    if "under_active" in expect:
        assert list(closing.under_active) == expect["under_active"], f"{where}: under-active {closing.under_active}"
        assert sorted(state.under_active) == sorted(expect["under_active"]), f"{where}: state {state.under_active}"
    if "owes_night_action" in expect:
        assert list(closing.owes_night_action) == expect["owes_night_action"], \
            f"{where}: owes a night action {closing.owes_night_action}"
    if "note" in expect:
        assert (closing.note.key if closing.note is not None else "") == expect["note"], f"{where}: note {closing.note!r}"
    for fact, value in expect.get("note_facts", {}).items():
        assert closing.note.facts[fact] == value, f"{where}: note {fact} {closing.note.facts}"
    if "counted" in expect:
        assert closing.counted is expect["counted"], f"{where}: counted"


def check(outcome, expect: dict, ruleset, where: str) -> None:
    log = "\n".join(outcome.log)
    deaths = {d.player: d for d in outcome.deaths}
    if "deaths" in expect:
        assert sorted(deaths) == sorted(expect["deaths"]), f"{where}: deaths\n{log}"
    for player, role in expect.get("roles", {}).items():
        assert deaths[player].role == ruleset.role(role).name, f"{where}: role of {player}"
    for player, revealed in expect.get("revealed", {}).items():
        assert deaths[player].revealed is revealed, f"{where}: revealed {player}"
    if "saved" in expect:
        saved = [s if isinstance(s, str) else s[0] for s in outcome.saved]
        assert sorted(saved) == sorted(expect["saved"]), f"{where}: saved\n{log}"
    if "silenced" in expect:
        got = {s.player: s.days for s in outcome.silenced}
        assert got == expect["silenced"], f"{where}: silenced\n{log}"
        secret = set(expect.get("secret", ()))
        for s in outcome.silenced:
            assert s.announced is (s.player not in secret), f"{where}: announced {s.player}"
    if "hidden_vote_loss" in expect:
        assert sorted(outcome.hidden_vote_loss) == sorted(expect["hidden_vote_loss"]), f"{where}: hidden vote loss\n{log}"
    if "alibis" in expect:
        assert sorted(outcome.alibis) == sorted(expect["alibis"]), f"{where}: alibis\n{log}"
    if "refused" in expect:
        got = [(r.actor, r.reason) for r in outcome.refused]
        assert len(got) == len(expect["refused"]), f"{where}: refused {got}"
        for want in expect["refused"]:
            assert any(a == want["actor"] and want["reason"] in reason for a, reason in got), \
                f"{where}: no refusal of {want} in {got}"
    texts = [p.text for p in outcome.public]
    for text in expect.get("public", []):
        assert text in texts, f"{where}: public line {text!r} not in {texts}"
    if "public_count" in expect:
        assert len(texts) == expect["public_count"], f"{where}: public lines {texts}"
    kinds = {p.kind for p in outcome.public}
    # every event has a phrase in every theme (STYLE.md item 5): only registered kinds may appear
    assert kinds <= set(EVENT_KINDS), f"{where}: unregistered public kinds {kinds - set(EVENT_KINDS)}"
    assert {p.kind for p in getattr(outcome, "private", ())} <= set(PRIVATE_KINDS), f"{where}: private kinds"
    for kind in expect.get("no_public", []):
        assert kind not in kinds, f"{where}: unexpected public {kind}: {texts}"
    private = getattr(outcome, "private", ())
    for want in expect.get("private", []):
        assert any(p.to == want["to"] and want["text"] in p.text for p in private), f"{where}: private {want} not in {private}"
    for unwanted in expect.get("no_private", []):
        assert not any(p.to == unwanted["to"] and unwanted.get("text", "") in p.text for p in private), \
            f"{where}: unexpected private {unwanted} in {private}"
    if "boss" in expect:
        assert current_boss(ruleset, outcome.state) == (expect["boss"] or None), f"{where}: boss"
    if "winner" in expect:
        assert (outcome.winner or "") == expect["winner"], f"{where}: winner {outcome.winner}"
    alerts = getattr(outcome, "alerts", ())
    for want in expect.get("alerts", []):
        assert any(want in a for a in alerts), f"{where}: alert {want!r} not in {alerts}"
    if "alerts" in expect and not expect["alerts"]:
        assert not alerts, f"{where}: unexpected alerts {alerts}"
    for unwanted in expect.get("no_alerts", []):
        assert not any(unwanted in a for a in alerts), f"{where}: unexpected alert {unwanted!r} in {alerts}"
    if "transfers" in expect:
        assert [list(t) for t in outcome.state.transfers] == expect["transfers"], f"{where}: transfers {outcome.state.transfers}"
    for player, role in expect.get("roles_now", {}).items():
        assert outcome.state.player(player).role == ruleset.role(role).name, f"{where}: role of {player} now"


def check_duty(ruleset, state, phase: dict, outcome, where: str) -> None:
    """The night-action duty of the night just resolved, as `night resolve` computes it (RULES.md §3.6, §3.17)."""
    want = phase.get("expect", {}).get("duty")
    if not want:
        return
    duty = night_duty(ruleset, state, night_actions(ruleset, state, phase), outcome, phase.get("excused", ()))
    got = {d.player: d.status for d in duty.duties}
    assert {p: got.get(p) for p in want} == want, f"{where}: duty {[d.to_json() for d in duty.duties]}"


def run_file(path: Path):
    scenario = tomllib.loads(path.read_text(encoding="utf-8"))
    ruleset, state = build(scenario)
    outcomes = []
    for i, phase in enumerate(scenario["phases"]):
        where = f"{path.name} phase {i + 1} ({phase['kind']})"
        if phase["kind"] == "day" and ("count" in phase or "hanged" in phase):
            closing = close_phase(ruleset, state, phase)
            check_close(closing, phase.get("expect", {}), where)
            outcome = closing.outcome
        else:
            outcome = run_phase(ruleset, state, phase)
        check(outcome, phase.get("expect", {}), ruleset, where)
        if phase["kind"] == "night":
            check_duty(ruleset, state, phase, outcome, where)
        outcomes.append(outcome)
        state = outcome.state
    return scenario, outcomes


SCENARIO_FILES = sorted(SCENARIOS.glob("*.toml"))
DAY_SCENARIO_FILES = sorted(DAY_SCENARIOS.glob("*.toml"))


GH = load_ruleset("grand_hotel")
# a 004 game's accounts (nick, gender, role), as the count and the posts see them
GRAND_HOTEL_ACCOUNTS = [
    ("King EcitoN", "m", "Диего Муркиа"), ("Nejka", "f", "Донья Тереса"), ("Нелепость", "f", "Алисия Аларкон"),
    ("Alex306", "m", "Хулио Ольмедо"), ("Буба", "m", "Анхела Салинас"), ("Юка", "f", "София Аларкон"),
    ("Krassa", "f", "Альфредо Вергара"), ("Тристам", "m", "Андрес Аларкон"), ("Масини", "m", "Каталина"),
    ("Алиша", "f", "Донья Элиса"), ("Трубодур", "m", "Аяла"), ("Ромашка", "f", "Эрнандо"), ("Игрок", "m", "Лаура"),
    ("Ронин", "m", "Хавьер"), ("Соня", "f", "Бенхамин"),
]
GRAND_HOTEL_RENDER_ROSTER = [{"nick": n, "gender": g} for n, g, _ in GRAND_HOTEL_ACCOUNTS]


GH_ROSTER = {"Teresa": "Донья Тереса", "Alicia": "Алисия Аларкон", "Sofia": "София Аларкон", "Julio": "Хулио Ольмедо",
          "Diego": "Диего Муркиа", "Angela": "Анхела Салинас", "Alfredo": "Альфредо Вергара", "Andres": "Андрес Аларкон",
          "Catalina": "Каталина", "Elisa": "Донья Элиса", "Ayala": "Аяла", "Hernando": "Эрнандо", "Laura": "Лаура",
          "Javier": "Хавьер", "Benjamin": "Бенхамин"}


GH_STATE = new_game("state_gh", [{"nick": n, "role": r} for n, r in GH_ROSTER.items()], GH)


TM = load_ruleset("time_machine")
NY = load_ruleset("new_year")
# a 003 game: two mafiosi, the commissar, the doctor, the maniac; Zorro holds the button and the book, A the clock
TM_ROSTER = [{"nick": "M1", "role": "Мафиозо"}, {"nick": "M2", "role": "Мафиозо"}, {"nick": "Com", "role": "Комиссар"},
             {"nick": "Doc", "role": "Доктор"}, {"nick": "Man", "role": "Маньяк"},
             {"nick": "Zorro", "role": "Мирный житель", "items": ["button", "book"]},
             {"nick": "A", "role": "Мирный житель", "items": ["clock"]}, {"nick": "B", "role": "Мирный житель"},
             {"nick": "C", "role": "Мирный житель"}]
TM_STATE = new_game("h30", TM_ROSTER, TM)


def night_text(*actions: Action) -> str:
    """Night 1's file with `actions` in that order, as `night add` writes it."""
    text = "night = 1\n"
    for a in actions:
        text = append_action(text, a)
    return text


def resolve_tm_file(text: str):
    """Night 1 of the 003 game from a night file's text."""
    night = parse_night_file(text, "night-1.toml", TM, TM_STATE)
    return resolve_night(TM, TM_STATE, night.actions, Rolls("h30", 1, night.forced))


def private_notes(ruleset_name: str, players: list[dict], actions: list[Action], night: int = 1,
             rolls: dict | None = None) -> dict[str, str]:
    r = load_ruleset(ruleset_name)
    state = new_game("g", players, r)
    out = resolve_night(r, state, actions, Rolls("g", night, rolls or {}))
    data = build_data(outcome=out.to_json(), game={"id": "g", "title": "t", "players": players}, ruleset=r)
    return {to: text.splitlines()[-1] for to, text in render_private(r.theme, data).items()}
