"""A GM's ruleset mistakes are problems with their key path and a hint, never a traceback, and
roster names are compared as the vote count compares them.

Each case edits one line of the bundled New Year ruleset (rulesets/new_year.toml) as a GM copying it would, and
pins the exact problem `mafvote check` prints: a wrong type (`reveal_while_alive_gt = "ten"`, `evidence =
["0", "x"]`); a typo in [votes], checked by the count's own reader (`tally.VoteRules.from_mapping`); an unknown
[texts] key or placeholder. Every value of every bundled ruleset swapped for a wrong one gives a RulesetError.
"""
from __future__ import annotations

import copy
import re
import tomllib
from pathlib import Path

import pytest

from mafvote_tally import BadRules, VoteRules
from mafvote.config import check_file
from mafvote_resolver import RulesetError, loads_ruleset, new_game, replace_player, ruleset_from_mapping
from mafvote_resolver.errors import ResolverError
from mafvote_resolver.ruleset import TEXT_KEYS, check_ruleset

ROOT = Path(__file__).resolve().parents[2]
RULESETS = sorted((ROOT / "rulesets").glob("*.toml"))
NEW_YEAR = (ROOT / "rulesets" / "new_year.toml").read_text(encoding="utf-8")


def problems_of(old: str, new: str) -> list[str]:
    assert NEW_YEAR.count(old) == 1, old
    return [str(p) for p in check_ruleset(NEW_YEAR.replace(old, new), "mine.toml")]


# --- wrong types ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("old, new, problem", [
    ("reveal_while_alive_gt = 10", 'reveal_while_alive_gt = "ten"',
     'mine.toml: game.reveal_while_alive_gt: expected a whole number, got "ten" '
     "(write it like reveal_while_alive_gt = 10)"),
    ("evidence = [0.0, 0.75]", 'evidence = ["0", "x"]',
     'mine.toml: boss.abilities[0].evidence: expected a list of numbers, got ["0", "x"] '
     "(write it like evidence = [0.5, 0.25])"),
    ("evidence = [0.75]", 'evidence = "0.75"',
     'mine.toml: boss.abilities[2].evidence: expected a list of numbers, got "0.75" '
     "(write it like evidence = [0.5, 0.25])"),
    ("evidence = [0.0, 0.75]", "evidence = [0, 75]",
     "mine.toml: boss.abilities[0].evidence: a chance must be between 0 and 1 (75 % is written 0.75)"),
    ("max_targets_when_alive_lt = [10, 2]", 'max_targets_when_alive_lt = [10, "2"]',
     'mine.toml: boss.abilities[1].max_targets_when_alive_lt: expected a list of two whole numbers, got [10, "2"] '
     "(write it like max_targets_when_alive_lt = [10, 2])"),
    ("max_targets = 3", "max_targets = 2.5",
     "mine.toml: boss.abilities[1].max_targets: expected a whole number, got 2.5 (write it like max_targets = 1)"),
    ("hidden_vote_loss_half_alive = true", 'hidden_vote_loss_half_alive = "yes"',
     'mine.toml: boss.abilities[1].hidden_vote_loss_half_alive: expected true or false, got "yes" '
     "(write it like hidden_vote_loss_half_alive = true)"),
    ('aliases = ["Тролль"]', 'aliases = "Тролль"',
     'mine.toml: roles[1].aliases: expected a list of texts, got "Тролль" (write it like aliases = ["..."])'),
    ('[sides.highlander]\nkind = "solo"', '[sides.highlander]\nkind = "solo"\nmax_others = "one"',
     'mine.toml: sides.highlander.max_others: expected a whole number, got "one" (write it like max_others = 1)'),
    ("block_mode = ", "blocked_action_spends = 0\nblock_mode = ",
     "mine.toml: night.blocked_action_spends: expected true or false, got 0 "
     "(write it like blocked_action_spends = true)"),
])
def test_rule_wrong_type_in_a_ruleset_is_a_problem_with_key_path_and_hint(old, new, problem):
    assert problems_of(old, new) == [problem]


def test_rule_a_wrong_rank_is_named_before_the_gap_it_leaves():
    old = 'aliases = ["Тролль"]\nside = "mafia"\nrank = 2'
    assert problems_of(old, old.replace("rank = 2", 'rank = "2"')) == [
        'mine.toml: roles[1].rank: expected a whole number, got "2" (write it like rank = 1)',
        "mine.toml: roles: side 'mafia' has ranks [1, 3] (ranks must run 1, 2, 3 ... without a gap or repeat)"]


def test_rule_every_wrong_value_in_every_bundled_ruleset_is_a_ruleset_error_never_a_traceback():
    wrong = ("ten", ["0", "x"], {"a": 1}, 2.5, True)
    cases = 0
    for path in RULESETS:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for keys in _paths(data):
            for value in wrong:
                changed = copy.deepcopy(data)
                parent = changed
                for k in keys[:-1]:
                    parent = parent[k]
                parent[keys[-1]] = value
                cases += 1
                try:
                    ruleset_from_mapping(changed, path.name)
                except RulesetError as exc:
                    assert all(p.file == path.name and p.message for p in exc.problems)
    assert cases > 5000   # every key of the four rulesets, five ways each


def _paths(node, prefix=()):
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in items:
        yield (*prefix, key)
        yield from _paths(value, (*prefix, key))


def test_rule_a_section_that_is_not_a_table_is_one_problem():
    data = tomllib.loads(NEW_YEAR)
    data["votes"] = 3
    with pytest.raises(RulesetError) as exc:
        ruleset_from_mapping(data, "mine.toml")
    assert [str(p) for p in exc.value.problems] == ["mine.toml: votes: expected a table, got 3 (write it like [votes])"]


# --- [votes] by the count's own reader, [texts] keys and placeholders --------------------------------------

@pytest.mark.parametrize("old, new, problem", [
    ("penalty_votes = 2 ", "penalty_vote = 3 ",
     'mine.toml: votes.penalty_vote: unknown key (did you mean "penalty_votes"?)'),
    ("penalty_votes = 2 ", 'penalty_votes = "2" ', "mine.toml: votes.penalty_votes: expected int, got '2'"),
    ('tie = "nobody"', 'tie = "random"',
     "mine.toml: votes.tie: 'random' is not one of nobody, nobody_once_then_all"),
    ('deaths_header = "Трупы"', 'deth = "Трупы"',
     'mine.toml: texts.deth: unknown key: no line of the game reads it (did you mean "death"?)'),
    ('serum = "Сыворотка правды: {player} - {role}"', 'serum = "Сыворотка правды: {player} - {rol}"',
     "mine.toml: texts.serum: unknown placeholder {rol} (this line is given {player}, {role})"),
    ('death_hidden = "{player}"', 'death_hidden = "{player} {"',
     "mine.toml: texts.death_hidden: a brace that opens no placeholder (Single '{' encountered in format string) "
     "(write a literal brace as {{ or }})"),
    ('death_hidden = "{player}"', "death_hidden = 1",
     'mine.toml: texts.death_hidden: expected a text in quotes, got 1 (write it like death_hidden = "...")'),
])
def test_rule_votes_and_texts_are_checked_as_the_count_and_the_night_read_them(old, new, problem):
    assert problems_of(old, new) == [problem]


def test_rule_a_votes_problem_is_the_one_the_count_would_raise():
    # the same table refused by the loader is refused by the count's reader, with the same words
    with pytest.raises(BadRules, match=r"votes\.tie: 'random' is not one of"):
        VoteRules.from_mapping({"tie": "random"}, "votes")
    with pytest.raises(RulesetError) as exc:
        loads_ruleset(NEW_YEAR.replace('tie = "nobody"', 'tie = "random"'), "mine.toml")
    assert [(p.where, p.message) for p in exc.value.problems] == [
        ("votes.tie", "'random' is not one of nobody, nobody_once_then_all")]


def test_rule_every_text_the_engine_reads_is_a_known_key_with_its_placeholders():
    # the night engine: its entry and the modules of its stages (issue 16: split by stage)
    source = "\n".join((ROOT / "resolver" / f"{name}.py").read_text(encoding="utf-8") for name in (
        "engine", "night", "admission", "interference", "kills", "voices", "information", "unsent", "next_day"))
    read = set(re.findall(r'\.text\("(\w+)"', source)) | set(re.findall(r'texts\["(\w+)"\]', source))
    assert read == set(TEXT_KEYS) - {"deaths_header"}      # deaths_header: allowed, read by no line (see TEXT_KEYS)
    # each default the engine falls back to uses only the placeholders the table allows for its key
    for key, default in re.findall(r'\.text\("(\w+)", "([^"]*)"\)', source):
        used = set(re.findall(r"\{(\w+)\}", default))
        assert used <= set(TEXT_KEYS[key]), (key, used)
    # ... and each line is given exactly those placeholders where the engine formats it
    formatted = re.findall(r'(?:text\("(\w+)", "[^"]*"\)|texts\["(\w+)"\])\.format\((.*)$', source, re.M)
    formatted += [("silence", "", line) for line in re.findall(r"template\.format\((.*)$", source, re.M)]
    assert {a or b for a, b, _ in formatted} == read - {"silence_f", "silence_x"}   # both go through `template` too
    for a, b, rest in formatted:
        assert set(re.findall(r"(\w+)=", rest)) == set(TEXT_KEYS[a or b]), a or b


@pytest.mark.parametrize("path", RULESETS, ids=lambda p: p.stem)
def test_rule_the_bundled_rulesets_have_no_problem(path):
    assert check_ruleset(path.read_text(encoding="utf-8"), path.name) == []


# --- names compared as votes compare them ------------------------------------------------------------------

def _state():
    ruleset = loads_ruleset(NEW_YEAR, "new_year.toml")
    return new_game("ny", [{"nick": "Ronin", "role": "Санта Клаус"}, {"nick": "Puss", "role": "Щелкунчик"},
                           {"nick": "Nejka", "role": "Злой тролль", "aliases": ["Нежка"]}], ruleset)


@pytest.mark.parametrize("by, message", [
    ("Rоnin",   # Cyrillic о
     'replace: "Rоnin" looks the same (Latin/Cyrillic look-alike letters) as Ronin, a player of game ny: votes '
     "could not tell the two apart (RULES.md §2); check the new account's nick as the forum shows it"),
    ("RONIN",
     'replace: "RONIN" is the same name (case, ё/е, spaces and punctuation aside) as Ronin, a player of game ny: '
     "votes could not tell the two apart (RULES.md §2); check the new account's nick as the forum shows it"),
    ("нёжка",
     'replace: "нёжка" is the same name (case, ё/е, spaces and punctuation aside) as Nejka, a player of game ny: '
     "votes could not tell the two apart (RULES.md §2); check the new account's nick as the forum shows it"),
])
def test_rule_2_replace_refuses_a_nick_votes_would_read_as_an_existing_player(by, message):
    with pytest.raises(ResolverError) as exc:
        replace_player(_state(), "Puss", by)
    assert str(exc.value) == message


def test_rule_2_replace_refuses_an_old_account_and_takes_a_new_name():
    state = replace_player(_state(), "Nejka", "Снежок")
    assert [p.nick for p in state.players] == ["Ronin", "Puss", "Снежок"]
    with pytest.raises(ResolverError, match=r'"nejka" is the same name .* as Снежок'):
        replace_player(state, "Puss", "nejka")


def test_rule_2_config_roster_refuses_look_alike_nicks(tmp_path):
    config = (ROOT / "tests" / "data" / "gm_ruleset" / "config.toml").read_text(encoding="utf-8")
    config = config.replace("{store}", "m.db").replace('nick = "Puss"', 'nick = "Rоnin"')   # Cyrillic о
    (tmp_path / "config.toml").write_text(config, encoding="utf-8")
    report = check_file(tmp_path / "config.toml")
    assert [(p.where, p.message, p.hint) for p in report.problems] == [(
        "games[0].players[11].nick", "ник «Rоnin» дважды в составе (ещё `players[10].nick`)",
        "каждый игрок указывается один раз; этот ник выглядит так же, как «Ronin» (латинские и русские буквы-двойники)")]
