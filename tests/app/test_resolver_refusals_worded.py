"""Every refusal the resolver raises of a day's step (resolver.day, resolver.state: a hanging, a modkill, a
replacement, the misses, a close with no count, a player the state does not have) reaches the GM in the GM's
language (issue 14: they were English f-strings). Each is the real error of the real resolver call, raised through
the real `mafvote` group (the one place errors are worded, mafvote.failures), so the line is the one the GM reads.

The commands check a typed name before the resolver sees it (`modkill`, `replace`, `day close --eliminate` refuse an
unknown or dead player in Russian, tests/app/test_cli_game.py), so most of these are reached only by a step that
still names a player the state does not have; `replace --by` a taken name is reached from the command line
(tests/app/test_replace.py drives it). With `language = "en"` each keeps the resolver's English."""
from __future__ import annotations

from typing import Callable

import pytest
from click.testing import CliRunner

from mafvote import messages
from mafvote.cli import cli
from mafvote.failures import failure
from mafvote.gm_text import problem
from mafvote_resolver import (ActionError, ResolverError, Rolls, append_action, apply_day, close_day, modkill,
                              new_game, parse_night_file, read_action, record_misses, replace_player, resolve_night)
from support.nights import load_ruleset

NY = load_ruleset("new_year")
ROSTER = [{"nick": n, "role": r, "gender": g} for n, r, g in [
    ("Boss", "Санта Клаус", "m"), ("Troll", "Злой тролль", "m"), ("Doc", "Снеговик", "m"), ("Girl", "Снежинка", "f"),
    ("A", "мирная зверюшка", "m"), ("B", "мирная зверюшка", "f")]]
STATE = new_game("ny", ROSTER, NY)
AFTER_A = apply_day(NY, STATE, ["A"], day=1).state        # A is hanged: no longer living

# what raises -> (the line the GM reads in Russian, the English of `language = "en"`)
REFUSALS: dict[str, tuple[Callable[[], object], str, str]] = {
    "hang_dead": (lambda: apply_day(NY, AFTER_A, ["A"], day=2),
                  "ошибка: день 2: среди живых игроков игры ny нет «A»; проверьте имя в `day close --eliminate`",
                  "error: day 2: 'A' is not a living player of game ny; check the name in `day close --eliminate`"),
    "hang_unknown": (lambda: apply_day(NY, STATE, ["Zed"], day=1),
                     "ошибка: день 1: среди живых игроков игры ny нет «Zed»; проверьте имя в `day close --eliminate`",
                     "error: day 1: 'Zed' is not a living player of game ny; check the name in `day close "
                     "--eliminate`"),
    "close_no_count": (lambda: close_day(NY, STATE, None, day=1),
                       "ошибка: день 1: нет подсчёта голосов, по которому закрыть день; укажите, кого повесить "
                       "(`--eliminate НИК`), или `--nobody`",
                       "error: day 1: no count to close the day by; name whom to hang, or nobody"),
    "modkill_dead": (lambda: modkill(NY, AFTER_A, "A"),
                     "ошибка: модкилл: среди живых игроков игры ny нет «A»; проверьте ник в `mafvote modkill "
                     "--player`",
                     "error: modkill: 'A' is not a living player of game ny"),
    "replace_dead": (lambda: replace_player(AFTER_A, "A", "Новичок"),
                     "ошибка: замена: среди живых игроков игры ny нет «A»; проверьте ник в `mafvote replace "
                     "--player`",
                     "error: replace: 'A' is not a living player of game ny"),
    "replace_same": (lambda: replace_player(STATE, "B", "girl"),
                     "ошибка: замена: «girl» — то же имя, что у игрока Girl игры ny (регистр, ё/е, пробелы и знаки "
                     "препинания не в счёт), и голоса двух игроков будет не различить; проверьте ник нового "
                     "аккаунта так, как его показывает форум",
                     'error: replace: "girl" is the same name (case, ё/е, spaces and punctuation aside) as Girl, a '
                     "player of game ny: votes could not tell the two apart (RULES.md §2); check the new account's "
                     "nick as the forum shows it"),
    "replace_lookalike": (lambda: replace_player(STATE, "B", "Вoss"),     # Cyrillic В
                          "ошибка: замена: «Вoss» пишется так же, как ник игрока Boss игры ny, только латинскими "
                          "буквами вместо похожих кириллических (или наоборот), и голоса двух игроков будет не "
                          "различить; проверьте ник нового аккаунта так, как его показывает форум",
                          'error: replace: "Вoss" looks the same (Latin/Cyrillic look-alike letters) as Boss, a '
                          "player of game ny: votes could not tell the two apart (RULES.md §2); check the new "
                          "account's nick as the forum shows it"),
    "misses_unknown": (lambda: record_misses(STATE, ["Zed"]),
                       "ошибка: пропуски: в игре ny нет игрока «Zed»",
                       "error: misses: 'Zed' is not a player of game ny"),
    "state_no_player": (lambda: STATE.player("Zed"),
                        "ошибка: в игре ny нет игрока «Zed»",
                        "error: player 'Zed' is not in game ny"),
}


def _raised(name: str) -> ResolverError:
    with pytest.raises(ResolverError) as caught:
        REFUSALS[name][0]()
    return caught.value


@pytest.mark.parametrize("name", sorted(REFUSALS))
def test_a_resolver_refusal_reaches_the_gm_in_russian(raising, name):
    raising["error"] = _raised(name)
    result = CliRunner().invoke(cli, ["raise-for-test"])
    assert result.exit_code == 2
    assert result.output == REFUSALS[name][1] + "\n"


@pytest.mark.parametrize("name", sorted(REFUSALS))
def test_a_resolver_refusal_keeps_its_english_with_language_en(name):
    exc = _raised(name)
    with messages.using("en"):
        worded = failure(exc)
    assert worded is not None and worded.exit_code == 2
    assert "error: " + worded.text == REFUSALS[name][2]
    assert "error: " + str(exc) == REFUSALS[name][2]       # the English the resolver keeps (JSON, logs)


# --- the limits `night add` tells at entry (resolver.actions): keyed with an English sentence, worded here ---------

def _entry_problem(ruleset_name: str, roster: dict[str, str], first: tuple[str, str], then: tuple[str, str]):
    """The problem `night add` meets entering `then` after a night with `first` resolved."""
    ruleset = load_ruleset(ruleset_name)
    state = new_game("t", [{"nick": n, "role": r} for n, r in roster.items()], ruleset)
    state = resolve_night(ruleset, state, _enter(ruleset, state, *first).actions, Rolls("t", 1)).state
    with pytest.raises(ActionError) as caught:
        _enter(ruleset, state, *then)
    return caught.value.problems[0]


def _enter(ruleset, state, actor: str, text: str):
    actions = read_action(text, state.player(actor).role, state.players, ruleset, actor=actor, state=state)
    night_file = f"night = {state.night + 1}\n"
    for a in actions:
        night_file = append_action(night_file, a)
    return parse_night_file(night_file, "night-N.toml", ruleset, state, unwritten=len(actions))


TM_ROSTER = {"M1": "Мафиозо", "M2": "Мафиозо", "Com": "Комиссар", "Doc": "Доктор", "Man": "Маньяк",
             "A": "Мирный житель", "B": "Мирный житель", "C": "Мирный житель"}
GH_ROSTER = {"Teresa": "Донья Тереса", "Alicia": "Алисия Аларкон", "Sofia": "София Аларкон",
             "Julio": "Хулио Ольмедо", "Diego": "Диего Муркиа", "Angela": "Анхела Салинас", "Elisa": "Донья Элиса",
             "Ayala": "Аяла", "Javier": "Хавьер", "Benjamin": "Бенхамин"}


def test_a_used_up_shot_and_a_cooldown_at_entry_are_worded_in_russian_and_english():
    used = _entry_problem("time_machine", TM_ROSTER, ("M1", "Доп. удар: Com — комиссар"),
                          ("M2", "Доп. удар: Doc — доктор"))
    assert problem(used) == ("night-N.toml: новая запись (не записана): «выстрел в роль» уже использовано: 1 раз за "
                             "игру на всю сторону (ночь отказала бы в действии; спросите у игрока M2 другое действие)")
    with messages.using("en"):
        assert problem(used) == ("night-N.toml: the new entry (not written): role_shot used up: 1 a game for the "
                                 "whole side (the night would refuse the action; ask M2 for another one)")
    cooldown = _entry_problem("grand_hotel", GH_ROSTER, ("Alicia", "Покажи мне свое лицо - Ayala"),
                              ("Alicia", "Покажи мне свое лицо: Elisa"))
    assert problem(cooldown) == ("night-N.toml: новая запись (не записана): «лицо»: раз в 2 ночи, использовано в "
                                 "ночь 1; снова можно в ночь 3 (ночь отказала бы в действии; спросите у игрока Alicia "
                                 "другое действие)")
    with messages.using("en"):
        assert problem(cooldown) == ("night-N.toml: the new entry (not written): face: once in 2 nights, used on "
                                     "night 1; again on night 3 (the night would refuse the action; ask Alicia for "
                                     "another one)")


def test_one_action_for_the_pair_at_entry_is_worded_in_russian_and_english():
    ruleset = load_ruleset("grand_hotel")
    roster = {**GH_ROSTER, "Andres": "Андрес Аларкон"}
    del roster["Sofia"]
    state = new_game("t", [{"nick": n, "role": r} for n, r in roster.items()], ruleset)
    state = resolve_night(ruleset, state, _enter(ruleset, state, "Andres", "Я люблю тебя, мама - Angela").actions,
                          Rolls("t", 1)).state
    first = read_action("Верность Гранд-Отелю - Julio", "Андрес Аларкон", state.players, ruleset, actor="Andres",
                        state=state)
    second = read_action("Верность Гранд-Отелю - Diego", "Анхела Салинас", state.players, ruleset, actor="Angela",
                         state=state)
    night_file = append_action(append_action(f"night = {state.night + 1}\n", first[0]), second[0])
    with pytest.raises(ActionError) as caught:
        parse_night_file(night_file, "night-2.toml", ruleset, state, unwritten=1)
    pair = caught.value.problems[0]
    assert problem(pair) == ("night-2.toml: новая запись (не записана): Angela и Andres ходят одним действием на "
                             "двоих («одно на двоих»): действие игрока Andres уже внесено (строка 3) и считается "
                             "(первое внесённое действие пары считается; уберите второе или замените первое)")
    with messages.using("en"):
        assert problem(pair) == ("night-2.toml: the new entry (not written): Angela and Andres have one action for "
                                 "the two («одно на двоих»): Andres's is entered already (line 3) and counts (the "
                                 "pair's first entered action counts; remove the second or replace the first)")
