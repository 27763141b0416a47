"""What the grammar knows of a player (`Person`: the name posts use, the roster's gender and hand-written
cases) and of a role or side name (`RoleName`)."""
from __future__ import annotations

__all__ = ["Person", "RoleName"]

from collections.abc import Mapping
from dataclasses import dataclass, field

from .gender import Gender, gender_of, phrase_gender


@dataclass(frozen=True)
class Person:
    """A player as the grammar sees them: the name posts use, the roster's gender and hand-written cases."""

    nick: str
    name: str = ""
    gender: str | None = None                     # "m" | "f" from the roster; None: not given
    forms: Mapping[str, str] = field(default_factory=dict)

    @property
    def shown(self) -> str:
        return self.forms.get("nomn") or self.name or self.nick

    @property
    def grammatical_gender(self) -> Gender:
        return gender_of(self.gender, self.shown)

    def __str__(self) -> str:
        return self.shown


@dataclass(frozen=True)
class RoleName:
    """A role (or side) name with its grammatical gender and hand-written cases (ruleset or theme)."""

    name: str
    gender: str | None = None
    forms: Mapping[str, str] = field(default_factory=dict)

    @property
    def grammatical_gender(self) -> Gender:
        if self.gender in ("m", "f"):
            return self.gender  # type: ignore[return-value]
        return phrase_gender(self.name)

    def __str__(self) -> str:
        return self.forms.get("nomn") or self.name
