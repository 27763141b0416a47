"""The validated config kept as plain data (mafvote.config.cache, issue 17): a command reads it back without
pydantic while the file, the files its validation read and mafvote are unchanged, and validates again on any
doubt: an edited config or ruleset, a changed templates folder, a tampered or torn cache, another mafvote. What it
reads back is exactly what the validator gives; errors are reported as the validator reports them."""
from __future__ import annotations

import dataclasses
import hashlib
import os
import shutil
import stat
from pathlib import Path

import pytest
from pydantic import BaseModel
from pydantic_core import PydanticUndefined

import mafvote.config.cache as cache_mod
import mafvote.config.load as load_mod
from mafvote.config import ConfigError, load_cached, load_config, records, schema
from mafvote.config.cache import cache_file
from mafvote.paths import data_dir
from support.config import game_config

# every kind of value a config holds: a login, a replacement, hand forms, items, the three channels, publish
# folders, a GM's templates and flavour folders, times with and without an offset, durations
RICH = game_config(
    "https://forum.example.org/", store="state/m.db",
    forum={"min_delay": 0.5, "timeout": 30, "login": {"user": "mafvote-bot", "password_env": "MAFVOTE_PW"}},
    game={"title": "Новогодняя мафия", "ruleset": "house.toml", "gm": "Ведущий", "poll_interval": "90s",
          "templates_dir": "mine/", "flavor_dir": "flavor/", "theme": "new_year", "style": 1},
    schedule={"timezone": "Europe/Moscow", "first_deadline": "2026-12-28T23:30+03:00"},
    players=[{"nick": "Соня", "gender": "ж", "role": "Герда", "forms": {"accs": "Соню"}, "items": ["clock"]},
             {"nick": "Ronin", "aliases": ["Ронин"], "role": "Санта Клаус",
              "replaced_by": {"nick": "Новичок", "at": "2026-12-30T12:00"}}],
    alerts={"before_deadline": ["60m", "15m", "1h30m"], "channels": ["telegram", "email", "webhook"],
            "telegram": {"token_env": "MAFVOTE_TG", "chat_id": 123456},
            "email": {"host": "smtp.example.org", "sender": "gm@example.org", "to": "gm@example.org"},
            "webhook": {"url": "https://example.org/hook"}},
    publish={"dir": "public/", "interval": "15m"})


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A game folder: the rich config, its ruleset file, the GM's templates (a copy of the new_year theme) and
    flavour folders, and a store file (the cache is written only beside an existing store)."""
    (tmp_path / "config.toml").write_text(RICH, encoding="utf-8")
    shutil.copy(data_dir("rulesets") / "new_year.toml", tmp_path / "house.toml")
    shutil.copytree(data_dir("templates") / "new_year", tmp_path / "mine" / "new_year")
    (tmp_path / "flavor").mkdir()
    (tmp_path / "state").mkdir()
    (tmp_path / "state" / "m.db").write_bytes(b"")
    return tmp_path


@pytest.fixture
def validations(monkeypatch) -> list[str]:
    """The files the validator ran on, in order."""
    seen: list[str] = []
    validated = load_mod.validated

    def spy(path):
        seen.append(Path(path).name)
        return validated(path)

    monkeypatch.setattr(load_mod, "validated", spy)
    return seen


def test_every_record_has_its_models_fields_and_defaults():
    # the schema validates, the records are what the application reads: one record per model, field for field
    models = {name: getattr(schema, name) for name in records.RECORDS}
    assert sorted(records.RECORDS) == sorted(
        name for name, value in vars(schema).items() if isinstance(value, type) and issubclass(value, BaseModel)
        and value.__module__ == schema.__name__ and not name.startswith("_"))
    for name, record in records.RECORDS.items():
        fields = {f.name: f for f in dataclasses.fields(record) if f.init}
        assert list(fields) == list(models[name].model_fields), name
        for key, info in models[name].model_fields.items():
            field = fields[key]
            if info.default_factory is not None:
                assert field.default_factory() == schema.to_records(info.default_factory()), (name, key)
            elif info.default is PydanticUndefined:
                assert field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING, (name, key)
            else:
                assert field.default == info.default, (name, key)


def test_the_cached_config_is_exactly_the_validated_one(folder, validations):
    validated = load_config(folder / "config.toml")
    validations.clear()
    first = load_cached(folder / "config.toml")
    assert validations == ["config.toml"] and cache_file(folder / "config.toml").is_file()
    again = load_cached(folder / "config.toml")
    assert validations == ["config.toml"]                     # read from the cache, not validated
    assert again == first == validated                        # every field, the completed paths and zones too
    game = again.games[0]
    assert game.ruleset_path == folder / "house.toml" and again.store.path == folder / "state" / "m.db"
    assert game.schedule.start.isoformat() == "2026-12-27T20:00:00+03:00"
    assert game.players[0].gender == "f" and game.players[0].forms == {"accs": "Соню"}
    assert again.alerts.telegram.chat_id == "123456" and again.alerts.email.to == ["gm@example.org"]
    with pytest.raises(ConfigError) as unset:              # where the file names the variable, as validated
        again.forums[0].login.password()
    assert str(unset.value).startswith(f"{folder / 'config.toml'}: forums[0].login.password_env: ")


def test_the_cache_follows_the_name_the_file_was_given_and_its_folder(folder, validations, monkeypatch):
    # completion runs on every read: a relative name shows in messages as typed, paths resolve from the file
    load_cached(folder / "config.toml")
    monkeypatch.chdir(folder)
    config = load_cached("config.toml")
    assert validations == ["config.toml"] and config.shown_as == "config.toml"
    assert config.store.path == folder / "state" / "m.db" and config.publish.dir == folder / "public"


def test_an_edited_config_is_validated_again_and_its_errors_are_reported_as_before(folder, validations):
    path = folder / "config.toml"
    load_cached(path)
    path.write_text(RICH.replace('nick = "Соня"', 'nick = "Соня Н"'), encoding="utf-8")
    assert load_cached(path).games[0].players[0].nick == "Соня Н"
    assert validations == ["config.toml", "config.toml"]
    path.write_text(RICH.replace('poll_interval = "90s"', 'poll_interval = "soon"'), encoding="utf-8")
    with pytest.raises(ConfigError) as cached:
        load_cached(path)
    with pytest.raises(ConfigError) as direct:
        load_config(path)
    assert str(cached.value) == str(direct.value) and "строка 21" in str(cached.value)
    assert str(cached.value).startswith(f"{path}: строка 21: games[0].poll_interval: \"soon\"")
    # and back to the first text: the cache of the edited file is not that of the first one
    path.write_text(RICH, encoding="utf-8")
    assert load_cached(path).games[0].players[0].nick == "Соня"
    assert len(validations) == 5


def test_an_edited_or_removed_ruleset_is_validated_again(folder, validations):
    path = folder / "config.toml"
    load_cached(path)
    ruleset = folder / "house.toml"
    ruleset.write_text(ruleset.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    load_cached(path)
    assert validations == ["config.toml", "config.toml"]
    load_cached(path)
    assert len(validations) == 2
    ruleset.unlink()
    with pytest.raises(ConfigError) as cached:
        load_cached(path)
    assert "games[0].ruleset" in str(cached.value) and "house.toml" in str(cached.value)
    assert len(validations) == 3


def test_a_changed_templates_folder_is_validated_again(folder, validations):
    path = folder / "config.toml"
    load_cached(path)
    theme = folder / "mine" / "new_year" / "theme.toml"
    theme.write_text(theme.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    load_cached(path)
    shutil.rmtree(folder / "flavor")
    with pytest.raises(ConfigError) as cached:
        load_cached(path)
    assert "games[0].flavor_dir" in str(cached.value)
    assert validations == ["config.toml"] * 3


@pytest.mark.parametrize("tamper", ["edited", "torn", "empty", "digest_fixed_other_file", "not_json"])
def test_a_tampered_or_torn_cache_is_never_read(folder, validations, tamper):
    path = folder / "config.toml"
    load_cached(path)
    expected = load_config(path)
    validations.clear()
    cache = cache_file(path)
    digest, _, payload = cache.read_bytes().partition(b"\n")
    if tamper == "edited":          # a nick changed by hand, the digest left
        cache.write_bytes(digest + b"\n" + payload.replace("Соня".encode(), "Петя".encode()))
    elif tamper == "torn":
        cache.write_bytes(cache.read_bytes()[:-40])
    elif tamper == "empty":
        cache.write_bytes(b"")
    elif tamper == "digest_fixed_other_file":    # a consistent cache of another file's bytes
        other = payload.replace(hashlib.sha256(path.read_bytes()).hexdigest().encode(), b"0" * 64)
        cache.write_bytes(hashlib.sha256(other).hexdigest().encode() + b"\n" + other)
    else:
        body = b"[1, 2"
        cache.write_bytes(hashlib.sha256(body).hexdigest().encode() + b"\n" + body)
    config = load_cached(path)
    assert config.games[0].players[0].nick == "Соня" and config == expected
    assert validations == ["config.toml"]
    assert load_cached(path) == expected                      # rewritten: read from the cache again
    assert validations == ["config.toml"]


def test_another_mafvote_or_other_validating_code_validates_again(folder, validations, monkeypatch):
    path = folder / "config.toml"
    load_cached(path)
    monkeypatch.setattr(cache_mod, "__version__", "99.0")
    load_cached(path)
    monkeypatch.setattr(cache_mod, "_code_digest", lambda: "another checkout")
    load_cached(path)
    assert validations == ["config.toml"] * 3


def test_the_cache_has_the_stores_mode_and_is_written_only_beside_a_store(folder, validations):
    path = folder / "config.toml"
    store = folder / "state" / "m.db"
    os.chmod(store, 0o600)
    os.chmod(path, 0o644)
    load_cached(path)
    assert stat.S_IMODE(cache_file(path).stat().st_mode) == 0o600
    # never more open than the config itself
    os.chmod(store, 0o664)
    os.chmod(path, 0o640)
    path.write_text(RICH + "\n", encoding="utf-8")
    load_cached(path)
    assert stat.S_IMODE(cache_file(path).stat().st_mode) == 0o640
    # no store yet: no cache (a typo in [store] path writes nothing)
    store.unlink()
    cache_file(path).unlink()
    load_cached(path)
    assert not cache_file(path).exists()
    assert sorted(p.name for p in folder.iterdir()) == ["config.toml", "flavor", "house.toml", "mine", "state"]


def test_a_config_with_warnings_is_not_cached(folder, validations):
    # a login over plain http to another machine is a warning `mafvote check` must keep showing
    path = folder / "config.toml"
    path.write_text(RICH.replace("https://forum.example.org/", "http://forum.example.org/"), encoding="utf-8")
    config = load_cached(path)
    assert [p.where for p in config.warnings] == ["forums[0].base_url"]
    assert not cache_file(path).exists()


def test_a_file_edited_while_it_was_validated_is_not_cached(folder, monkeypatch):
    # the record belongs to the bytes the validator read: bytes that changed meanwhile get no cache
    path = folder / "config.toml"
    validated = load_mod.validated

    def edited_meanwhile(p):
        config = validated(p)
        path.write_text(RICH.replace('nick = "Соня"', 'nick = "Соня Н"'), encoding="utf-8")
        return config

    monkeypatch.setattr(load_mod, "validated", edited_meanwhile)
    assert load_cached(path).games[0].players[0].nick == "Соня"
    assert not cache_file(path).exists()
