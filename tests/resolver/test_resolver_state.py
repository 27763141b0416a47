"""`GameState.with_player`: a player marked dead by hand (a modkill, a death the GM sets) takes no protection
along. 004 (seed Гранд Отель): Хавьер starts with a universal protection ("универсальная защита (повес/килл)"),
which the tally sees as a protection from hanging; София and Элиса hold one-time protections from hanging,
Диего and Аяла one-time protections from a night kill."""
from __future__ import annotations

from mafvote_resolver import Action, Rolls, modkill, resolve_night
from support.nights import GH, GH_STATE


def test_004_new_game_gives_javier_a_universal_protection_the_tally_sees_as_a_hang_protection() -> None:
    assert GH_STATE.universal_shields == {"Javier": 1}
    assert GH_STATE.hang_protection == {"Sofia": 1, "Elisa": 1, "Javier": 1}
    assert GH_STATE.hang_shields == {"Sofia": 1, "Elisa": 1}
    assert GH_STATE.night_shields == {"Diego": 1, "Ayala": 1}


def test_004_a_player_marked_dead_drops_the_hang_protection_and_the_universal_shield() -> None:
    dead = GH_STATE.with_player("Javier", alive=False)
    assert "Javier" not in dead.hang_protection and "Javier" not in dead.universal_shields
    # the others keep theirs
    assert dead.hang_protection == {"Sofia": 1, "Elisa": 1}
    assert dead.hang_shields == {"Sofia": 1, "Elisa": 1} and dead.night_shields == {"Diego": 1, "Ayala": 1}
    assert not dead.player("Javier").alive


def test_004_a_player_marked_dead_drops_the_one_time_protections_too() -> None:
    dead = GH_STATE.with_player("Sofia", alive=False).with_player("Diego", alive=False)
    assert dead.hang_protection == {"Elisa": 1, "Javier": 1} and dead.hang_shields == {"Elisa": 1}
    assert dead.night_shields == {"Ayala": 1} and dead.universal_shields == {"Javier": 1}


def test_a_change_that_is_not_a_death_keeps_the_protections() -> None:
    renamed = GH_STATE.with_player("Javier", display="Хави")
    assert renamed.player("Javier").display == "Хави"
    assert renamed.universal_shields == {"Javier": 1} and renamed.hang_protection == GH_STATE.hang_protection
    # a player set alive again (the GM's undo of a death by hand) gets nothing back, nor loses anything
    back = GH_STATE.with_player("Javier", alive=False).with_player("Javier", alive=True)
    assert "Javier" not in back.universal_shields and "Javier" not in back.hang_protection


def test_004_the_modkill_goes_through_with_player_no_protection_reaches_the_next_night() -> None:
    day = modkill(GH, GH_STATE, "Javier")
    assert "Javier" not in day.state.hang_protection and "Javier" not in day.state.universal_shields
    out = resolve_night(GH, day.state, [Action("Hernando", "kill", ("Diego",))], Rolls("state_gh", 1))
    # Диего's own one-time protection still saves him; nothing of Хавьер's is left in the next state
    assert out.deaths == () and out.saved == ("Diego",)
    assert "Javier" not in out.state.hang_protection and "Javier" not in out.state.universal_shields
    assert out.state.night_shields == {"Ayala": 1}
