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
            f"a {key} is never read from the config file",
            f'remove it; put {env_key} = "MAFVOTE_..." in {where or "the table"} and export that '
            "environment variable with the secret before running mafvote",
        )
    close = difflib.get_close_matches(key, known, n=1, cutoff=0.6)
    if close:
        hint = f'did you mean "{close[0]}"?'
    elif known:
        hint = "known keys here: " + ", ".join(known)
    else:
        hint = "remove it"
    where = key_path(loc[:-1])
    return Problem(shown, key_path(loc), f"unknown key{' in ' + where if where else ''}", hint)


_TYPE_NAMES = {
    "string_type": "text in double quotes",
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "float_type": "a number",
    "float_parsing": "a number",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "list_type": "an array [ ... ]",
    "model_type": "a table",
    "model_attributes_type": "a table",
    "dict_type": "a table { key = value }",
    "path_type": "a path in double quotes",
}


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
        if not example:
            field = _field_at(loc)
            kinds = _unwrap(field.annotation) if field else []
            if any(get_origin(k) is list for k in kinds):
                example = f"a [[{_table_name(loc)}]] table"
            elif any(isinstance(k, type) and issubclass(k, BaseModel) for k in kinds):
                example = f"a [{_table_name(loc)}] table"
        what = "table" if example.startswith("a [") else "key"
        return Problem(shown, key, f"required {what} is missing", f"add {example}" if example else "add it")
    if kind == "literal_error":
        allowed = re.findall(r"'([^']*)'", ctx.get("expected", ""))
        close = difflib.get_close_matches(str(value), allowed, n=1, cutoff=0.6) if isinstance(value, str) else []
        hint = f'did you mean "{close[0]}"?' if close else ""
        if loc[:2] == ("alerts", "channels") and value == "console":
            hint = "the console is always on; list only " + ", ".join(CHANNELS)
        if loc == ("alerts", "language"):
            lower = str(value).strip().lower()
            hint = (f'did you mean "{lower}"?' if lower in allowed
                    else 'mafvote speaks Russian and English: write language = "ru" or "en"')
        return Problem(shown, key, f"{shown_value(value)} is not one of: {', '.join(allowed)}", hint)
    if kind == "list_type" and isinstance(value, dict) and loc and loc[-1] in ("forums", "games", "players"):
        return Problem(
            shown, key, "must be an array of tables", f"write each entry under [[{_table_name(loc)}]] (double brackets)"
        )
    if kind in ("too_short",) and isinstance(value, list) and not value:
        example = _example(loc)
        what = {"forums": "[[forums]] table", "games": "[[games]] table"}.get(str(loc[-1]), "entry")
        return Problem(shown, key, f"needs at least one {what}", f"add {example}" if example else f"add a {what}")
    if kind in _TYPE_NAMES:
        expected = _TYPE_NAMES[kind]
        example = _example(loc)
        hint = f"write it like {example}" if example else f"give {expected}"
        if kind in ("model_type", "dict_type", "model_attributes_type") and not example:
            hint = f"write it as a table [{_table_name(loc)}] or an inline table {{ ... }}"
        return Problem(shown, key, f"expected {expected}, got {shown_value(value)}", hint)
    # Number bounds and anything else: pydantic's message is clear enough ("Input should be greater
    # than 0"); say what was found.
    message = err["msg"][:1].lower() + err["msg"][1:]
    message = message.replace("input should be", "should be")
    return Problem(shown, key, f"{message}, got {shown_value(value)}", _example(loc) and f"write it like {_example(loc)}")


def _table_name(loc: tuple[Any, ...]) -> str:
    return ".".join(str(p) for p in loc if isinstance(p, str))
