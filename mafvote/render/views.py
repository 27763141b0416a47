"""The views templates see: players as `grammar.Person` (the mask, else the account playing the slot now), roles
and sides with the theme's words for them, and deaths with only what the theme may show in this phase
(RULES.md §3 "Two views", §6). Built from plain render data, looked up by the names outcomes use."""
from __future__ import annotations

__all__ = ["DeathView", "Event", "Role", "Side", "Views", "events_from"]

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from .. import grammar
from ..messages import text as msg
from ..shown_names import MASK_ACCOUNTS_SEP, roster_key, shown_name, slot_accounts
from .errors import RenderError
from .theme import Theme


@dataclass(frozen=True)
class Role(grammar.RoleName):
    side: str = ""
    plain: bool = False          # a role without abilities whose name says the side ("мирная зверюшка")
    label: str = ""              # shown instead of the side ("босс мафии")


@dataclass(frozen=True)
class Side:
    id: str
    kind: str = ""
    title: str = ""
    title_f: str = ""
    label: str = ""              # the theme's short label ("МЖ")
    win: str = ""                # the side in the genitive after «Победа» ("маньяка"); theme's `win`

    @property
    def winner(self) -> str:
        """`маньяка` in «Победа маньяка»: the theme's `win`; without one a phrase that needs no inflection
        (`стороны «мирный»`): side titles are adjectives as often as nouns, and a guessed ending is worse."""
        return self.win or f"стороны «{self.title or self.id}»"

    def for_gender(self, gender: str | None) -> str:
        if self.label:
            return self.label
        if not self.title_f:
            return self.title
        # unknown gender: a wording without one («сторона мирных»), never `мирный/мирная` or `мирный(ая)`
        unknown = f"сторона {self.win}" if self.win else f"сторона «{self.title}»"
        return grammar.gender_word(gender, self.title, self.title_f, unknown)

    def __str__(self) -> str:
        return self.label or self.title


@dataclass(frozen=True)
class DeathView:
    person: grammar.Person
    role: Role | None            # None: not to be shown
    side: Side | None            # None: not to be shown
    side_label: str              # "" when not shown
    causes: tuple[str, ...] = ()

    @property
    def plain(self) -> bool:
        return bool(self.role and self.role.plain)


@dataclass(frozen=True)
class Event:
    kind: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)
    to: str = ""


class Views:
    """Players, roles and sides of one game, looked up by the names outcomes use."""

    def __init__(self, data: Mapping[str, Any], theme: Theme):
        self.theme = theme
        self.people: dict[str, grammar.Person] = {}
        # a name as written -> its player in `people`: a count names the same few players many times, and the
        # daemon keeps these views from one count page to the next (issue 17, the tick); at most a few spellings
        # a player, emptied past that
        self._found: dict[str, grammar.Person] = {}
        self.order: list[grammar.Person] = []
        # (mask, accounts) of mask games, for the final post: every account that played the mask, in order
        self.masks: list[tuple[str, str]] = []
        for i, entry in enumerate(data.get("roster") or ()):
            if isinstance(entry, str):
                entry = {"nick": entry}
            if "nick" not in entry:
                raise RenderError(msg("render.data.roster_nick", i=str(i)))
            shown = shown_name(entry)
            repl = entry.get("replaced_by")
            gender, forms = entry.get("gender"), dict(entry.get("forms") or {})
            if isinstance(repl, Mapping) and repl.get("nick") and shown == repl["nick"]:
                # замена: the new account plays the slot's character; its own gender when given, else the
                # slot's; the slot's hand-written cases are the old nick's, so they are not used
                gender, forms = repl.get("gender") or gender, dict(repl.get("forms") or {})
            p = grammar.Person(entry["nick"], "" if shown == entry["nick"] else shown, gender, forms)
            self.order.append(p)
            if entry.get("mask"):
                # RULES.md §5, 000 rule 14 «Все подмаски будут оглашены»: a замена played the mask too
                self.masks.append((entry["mask"], MASK_ACCOUNTS_SEP.join(slot_accounts(entry))))
            keys = [entry["nick"], shown, entry.get("mask") or "", *(entry.get("aliases") or ())]
            if isinstance(repl, Mapping) and repl.get("nick"):
                keys.append(repl["nick"])
            for k in keys:
                if k:
                    self.people.setdefault(roster_key(k), p)
        self.roles: dict[str, Role] = {}
        for name, info in (data.get("roles") or {}).items():
            self.roles[roster_key(name)] = self._role(name, info)
            for alias in info.get("aliases", ()):
                self.roles.setdefault(roster_key(alias), self.roles[roster_key(name)])
        for name in theme.roles:   # a theme may add roles the data did not give
            self.roles.setdefault(roster_key(name), self._role(name, {}))
        self.sides: dict[str, Side] = {}
        self.shown_as: dict[str, str] = {}
        for sid, info in (data.get("sides") or {}).items():
            self.sides[sid] = self._side(sid, info)
            if info.get("shown_as"):
                self.shown_as[sid] = info["shown_as"]

    def _role(self, name: str, info: Mapping[str, Any]) -> Role:
        themed = self.theme.roles.get(name, {})
        forms = {**(info.get("forms") or {}), **(themed.get("forms") or {})}
        return Role(name=themed.get("name", name), gender=themed.get("gender", info.get("gender")), forms=forms,
                    side=info.get("side", themed.get("side", "")),
                    plain=bool(themed.get("plain", info.get("plain", False))),
                    label=themed.get("label", info.get("label", "")))

    def _side(self, sid: str, info: Mapping[str, Any]) -> Side:
        themed = {**self.theme.sides.get(info.get("kind", ""), {}), **self.theme.sides.get(sid, {})}
        return Side(sid, info.get("kind", ""), themed.get("title", info.get("title", sid)),
                    themed.get("title_f", info.get("title_f", "")), themed.get("label", ""),
                    themed.get("win", info.get("win", "")))

    def person(self, name: str | None) -> grammar.Person:
        if not name:
            return grammar.Person("?")
        found = self._found.get(name)
        if found is None:
            found = self.people.get(roster_key(name))
            if found is None:
                return grammar.Person(name)
            if len(self._found) >= 4 * len(self.people):
                self._found.clear()
            self._found[name] = found
        return found

    def role(self, name: str | None) -> Role | None:
        if not name:
            return None
        return self.roles.get(roster_key(name)) or self._role(name, {})

    def side(self, sid: str | None) -> Side | None:
        if not sid:
            return None
        return self.sides.get(sid) or self._side(sid, {})

    def death(self, d: Mapping[str, Any], phase: str) -> DeathView:
        """A death as the public may see it in this phase (RULES.md §6; the theme's reveal mode)."""
        person = self.person(d.get("player"))
        mode = self.theme.reveal.get(phase, "role")
        revealed = bool(d.get("revealed"))
        role = self.role(d.get("role")) if revealed and mode == "role" else None
        side = None
        if revealed and mode in ("role", "side"):
            sid = d.get("side") or (role.side if role else "")
            # 004: the maniac is shown as town; by the ruleset's side (`shown_as`) or the theme (`side_as`)
            sid = self.shown_as.get(sid) or self.theme.side_as.get(sid, sid)
            side = self.side(sid)
        label = ""
        if role is not None and role.label:
            label = role.label
        elif side is not None:
            label = side.for_gender(person.grammatical_gender)
        return DeathView(person, role, side, label, tuple(d.get("causes") or ()))


def events_from(items: Iterable[Mapping[str, Any]]) -> list[Event]:
    return [Event(e.get("kind", ""), e.get("text", ""), dict(e.get("data") or {}), e.get("to", "")) for e in items]
