"""The night engine dispatches by table (issue 16 point 4, STYLE.md 12): each stage of the one order table
(`resolver.order`) has a table of handlers per ability kind (`resolver.engine.KIND_HANDLERS`). A kind a ruleset
gives a role with no handler in its stage would do nothing, silently; these tests make that gap loud, and keep
the tables from naming kinds no ruleset plays."""
from __future__ import annotations

from pathlib import Path

import pytest

from mafvote_resolver import loads_ruleset
from mafvote_resolver.admission import ENTRY_CHECKS
from mafvote_resolver.engine import KIND_HANDLERS, STAGES
from mafvote_resolver.order import ORDER, STAGE_OF_KIND, Stage

ROOT = Path(__file__).resolve().parents[2]
RULESETS = sorted((ROOT / "rulesets").glob("*.toml"))


def _kinds_played(path: Path) -> set[str]:
    r = loads_ruleset(path.read_text(encoding="utf-8"), f"rulesets/{path.name}")
    return {a.kind for role in r.roles for a in role.abilities} | {a.kind for a in (*r.boss_abilities, *r.items)}


PLAYED = {path.stem: _kinds_played(path) for path in RULESETS}


def test_the_four_shipped_rulesets_are_read():
    assert sorted(PLAYED) == ["grand_hotel", "new_year", "peculiar", "time_machine"]


@pytest.mark.parametrize("game", sorted(PLAYED))
def test_every_kind_a_ruleset_plays_has_a_handler_in_its_stage(game):
    missing = sorted(f"{kind} (stage {STAGE_OF_KIND[kind].value})" for kind in PLAYED[game]
                     if kind not in KIND_HANDLERS.get(STAGE_OF_KIND[kind], ()))
    assert missing == [], f"rulesets/{game}.toml plays kinds with no handler in their stage's table: {missing}"


def test_the_tables_name_only_kinds_a_ruleset_plays():
    played = set().union(*PLAYED.values())
    named = {stage.value: sorted(kinds - played) for stage, kinds in KIND_HANDLERS.items() if kinds - played}
    assert named == {}, f"handlers for kinds no ruleset plays (remove them, or give a role the kind): {named}"
    assert sorted(set(ENTRY_CHECKS) - played) == []


def test_a_kind_acting_outside_its_own_stage_is_one_of_the_known_few():
    # the boss's kill_silence attacks at KILLS and intimidates at SILENCES; a kill's evidence is rolled at
    # EVIDENCE. Any other kind handled outside its own stage would be a kind split across the night by mistake.
    elsewhere = sorted((stage.value, kind) for stage, kinds in KIND_HANDLERS.items() for kind in kinds
                       if STAGE_OF_KIND[kind] is not stage)
    assert elsewhere == [("evidence", "kill"), ("evidence", "kill_silence"), ("silences", "kill_silence")]


def test_every_stage_of_the_order_runs_but_the_two_the_outcome_does():
    assert set(ORDER) - set(STAGES) == {Stage.SUCCESSION, Stage.NEXT_DAY}
