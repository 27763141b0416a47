"""The data of a rendered post (`mafvote.render`): candidates and a public count as the renderer takes them,
the per-theme ruleset facts, a day's outcome with its deaths."""
from __future__ import annotations

from mafvote import rulesets
from mafvote.render import roles_from_ruleset


def voter(nick: str, color: str = "red") -> dict:
    return {"voter": nick, "color": color, "weight": 1, "post_id": 1, "time": "2027-01-11T10:00:00+03:00"}

def cand(player: str, red: list[str] = (), blue: list[str] = (), penalty: int = 0) -> dict:
    return {"player": player, "total": len(red) - len(blue) + penalty, "red": len(red), "blue": len(blue),
            "penalty": penalty, "voters": [voter(v) for v in red] + [voter(v, "blue") for v in blue]}

def public_count(candidates: list[dict], outcome: dict, *, closed: bool = True, not_voted=(), day: int = 1) -> dict:
    return {"game": "g", "day": day, "view": "public", "deadline": "2027-01-11T22:00:00+03:00", "closed": closed,
            "closed_early": None, "candidates": candidates, "not_voted": list(not_voted), "silenced": [],
            "final": [], "colors_matter": True,
            "outcome": {"eliminated": [], "reason": "pending", "saved": [], "tied": [], **outcome}}

# the ruleset facts a post needs, per theme (mafvote.render.roles_from_ruleset)
NEW_YEAR_RULES = roles_from_ruleset(rulesets.load("new_year"))

PECULIAR_RULES = roles_from_ruleset(rulesets.load("peculiar"))

TIME_MACHINE_RULES = roles_from_ruleset(rulesets.load("time_machine"))

GRAND_HOTEL_RULES = roles_from_ruleset(rulesets.load("grand_hotel"))

POST_DEADLINE = "2027-01-11T22:30+03:00"

# 001: Пусс leads the public count 2 to 1, the doctor's hidden triple blue makes it a tie
R6_PUBLIC = [cand("Пусс", ["Алиса", "Энзо", "Соня"], ["Доктор"]), cand("Ронин", ["Пусс"]), cand("Соня", ["Ронин"])]

R6_ROSTER = [{"nick": "Ронин", "gender": "m"}, {"nick": "Доктор", "gender": "m"}, {"nick": "Алиса", "gender": "f"},
             {"nick": "Пусс", "gender": "m"}, {"nick": "Энзо", "gender": "m"}, {"nick": "Соня", "gender": "f"}]

def day_outcome(deaths=(), public=()) -> dict:
    return {"day": 1, "deaths": list(deaths), "saved": [], "public": list(public)}

def death(player: str, role: str, side: str, cause: str, revealed: bool = True) -> dict:
    return {"player": player, "role": role, "side": side, "revealed": revealed, "causes": [cause]}
