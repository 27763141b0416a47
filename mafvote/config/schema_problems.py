"""Pydantic's validation errors turned into the GM's problems: an unknown key with the key it was probably
meant to be (or the secret it must never hold), a missing key or table with an example to add, a wrong type
with the field's example, a value not in its list with the closest one.
"""
from __future__ import annotations

import difflib
import json
import re
import types
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel

from ..messages import text as t
from .problems import Problem
from .schema import CHANNELS, Config, ForumConfig
from .toml_lines import key_path
from .values import shown_value

__all__ = ["schema_problem"]



def _unwrap(annotation: Any) -> list[Any]:
    """The model/list/dict types inside an annotation (through Optional and Annotated)."""
    origin = get_origin(annotation)
    if origin is Annotated:
        return _unwrap(get_args(annotation)[0])
    if origin is Union or isinstance(annotation, types.UnionType):
        return [t for arg in get_args(annotation) for t in _unwrap(arg)]
    return [annotation]


def _model_at(loc: tuple[Any, ...]) -> type[BaseModel] | None:
    """The model class whose field set applies at `loc` (for "did you mean" on unknown keys)."""
    current: Any = Config
    for part in loc:
        candidates = _unwrap(current)
        nxt = None
        for cand in candidates:
            origin = get_origin(cand)
            if isinstance(part, int) and origin is list:
                nxt = get_args(cand)[0]
            elif isinstance(part, str) and isinstance(cand, type) and issubclass(cand, BaseModel):
                field = cand.model_fields.get(part)
                nxt = field.annotation if field else None
            elif isinstance(part, str) and origin is dict:
                nxt = get_args(cand)[1]
            if nxt is not None:
                break
        if nxt is None:
            return None
        current = nxt
    for cand in _unwrap(current):
        if get_origin(cand) is list:
            cand = get_args(cand)[0]
        if isinstance(cand, type) and issubclass(cand, BaseModel):
            return cand
    return None


def _field_at(loc: tuple[Any, ...]):
    parent = _model_at(loc[:-1])
    if parent is None or not isinstance(loc[-1], str):
        return None
    return parent.model_fields.get(loc[-1])


def _toml_value(value: Any) -> str:
    if isinstance(value, str | bool | int | float):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + " }"
    return str(value)


def _example(loc: tuple[Any, ...]) -> str:
    field = _field_at(loc)
    if field is None or not field.examples:
        return ""
    return f"{loc[-1]} = {_toml_value(field.examples[0])}"


_SECRET_KEYS = {"password": "password_env", "pass": "password_env", "token": "token_env", "secret": "secret_env"}


def _unknown_key_problem(loc: tuple[Any, ...], shown: str) -> Problem:
    key = str(loc[-1])
    parent = _model_at(loc[:-1])
    known = [name for name in parent.model_fields] if parent else []
    if key.lower() in _SECRET_KEYS:
        env_key = _SECRET_KEYS[key.lower()] if _SECRET_KEYS[key.lower()] in known else "password_env"
        where = key_path(loc[:-1])
        if env_key not in known and parent is ForumConfig:
            where, env_key = f"{where}.login", "password_env"
        return Problem(
            shown,
            key_path(loc),
            t("config.secret_in_file", key=key),
            t("config.secret_in_file.hint", env_key=env_key, where=where) if where
            else t("config.secret_in_file.hint.top", env_key=env_key),
        )
    close = difflib.get_close_matches(key, known, n=1, cutoff=0.6)
    if close:
        hint = t("config.did_you_mean", close=close[0])
    elif known:
        hint = t("config.unknown_key.known", keys=", ".join(known))
    else:
        hint = t("config.unknown_key.remove")
    where = key_path(loc[:-1])
    message = t("config.unknown_key.in", where=where) if where else t("config.unknown_key")
    return Problem(shown, key_path(loc), message, hint)


# pydantic's error type -> what the key takes (the catalogue's `config.type.<name>`)
_TYPE_NAMES = {
    "string_type": "text",
    "int_type": "int",
    "int_parsing": "int",
    "int_from_float": "int",
    "float_type": "number",
    "float_parsing": "number",
    "bool_type": "bool",
    "bool_parsing": "bool",
    "list_type": "array",
    "model_type": "table",
    "model_attributes_type": "table",
    "dict_type": "inline_table",
    "path_type": "path",
}

# pydantic's number bounds -> the catalogue's text and the bound in the error's context
_BOUNDS = {"greater_than": "gt", "greater_than_equal": "ge", "less_than": "lt", "less_than_equal": "le"}


def schema_problem(err: dict[str, Any], shown: str) -> Problem:
    loc = tuple(err["loc"])
    kind = err["type"]
    key = key_path(loc)
    value = err.get("input")
    ctx = err.get("ctx") or {}
    if kind == "extra_forbidden":
        return _unknown_key_problem(loc, shown)
    if kind == "mafvote":
        return Problem(shown, key, ctx.get("message", err["msg"]), ctx.get("hint", ""))
    if kind == "missing":
        example = _example(loc)
        if example:
            return Problem(shown, key, t("config.missing.key"), t("config.missing.add", example=example))
        field = _field_at(loc)
        kinds = _unwrap(field.annotation) if field else []
        if any(get_origin(k) is list for k in kinds):
            return Problem(shown, key, t("config.missing.table"), t("config.missing.add_tables", name=_table_name(loc)))
        if any(isinstance(k, type) and issubclass(k, BaseModel) for k in kinds):
            return Problem(shown, key, t("config.missing.table"), t("config.missing.add_table", name=_table_name(loc)))
        return Problem(shown, key, t("config.missing.key"), t("config.missing.add_it"))
    if kind == "literal_error":
        allowed = re.findall(r"'([^']*)'", ctx.get("expected", ""))
        close = difflib.get_close_matches(str(value), allowed, n=1, cutoff=0.6) if isinstance(value, str) else []
        hint = t("config.did_you_mean", close=close[0]) if close else ""
        if loc[:2] == ("alerts", "channels") and value == "console":
            hint = t("config.channels.console", channels=", ".join(CHANNELS))
        if loc == ("alerts", "language"):
            lower = str(value).strip().lower()
            hint = t("config.did_you_mean", close=lower) if lower in allowed else t("config.language.hint")
        return Problem(shown, key, t("config.not_one_of", value=shown_value(value), allowed=", ".join(allowed)), hint)
    if kind == "list_type" and isinstance(value, dict) and loc and loc[-1] in ("forums", "games", "players"):
        return Problem(shown, key, t("config.array_of_tables"), t("config.array_of_tables.hint", name=_table_name(loc)))
    if kind in ("too_short",) and isinstance(value, list) and not value:
        example = _example(loc)
        if loc[-1] in ("forums", "games"):
            return Problem(shown, key, t("config.needs_table", name=loc[-1]),
                           t("config.missing.add", example=example) if example
                           else t("config.missing.add_tables", name=loc[-1]))
        return Problem(shown, key, t("config.needs_entry"),
                       t("config.missing.add", example=example) if example else t("config.needs_entry.hint"))
    if kind in _TYPE_NAMES:
        expected = t(f"config.type.{_TYPE_NAMES[kind]}")
        example = _example(loc)
        hint = t("config.write_like", example=example) if example else t("config.type.give", expected=expected)
        if kind in ("model_type", "dict_type", "model_attributes_type") and not example:
            hint = t("config.type.table_hint", name=_table_name(loc))
        return Problem(shown, key, t("config.type.expected", expected=expected, value=shown_value(value)), hint)
    # Number bounds and anything else pydantic finds: our words for its error type (its own message is English),
    # and what was found
    example = _example(loc)
    hint = t("config.write_like", example=example) if example else ""
    if kind in _BOUNDS and _BOUNDS[kind] in ctx:
        bound = ctx[_BOUNDS[kind]]
        bound = f"{bound:g}" if isinstance(bound, int | float) else str(bound)     # pydantic's 60.0 is the GM's 60
        message = t(f"config.bound.{_BOUNDS[kind]}", bound=bound, value=shown_value(value))
    elif kind == "finite_number":
        message = t("config.bound.finite", value=shown_value(value))
    else:
        message = t("config.value.invalid", value=shown_value(value))
    return Problem(shown, key, message, hint)


def _table_name(loc: tuple[Any, ...]) -> str:
    return ".".join(str(p) for p in loc if isinstance(p, str))
