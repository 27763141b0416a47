"""Issue 14: what the resolver refuses at entry reaches the GM in Russian by default. `night add`, `night roll`
and `night resolve` are driven with each kind of bad entry (a phrase not understood, a player not in the game,
an ability the role lacks, the same target twice, oneself, last night's target, a dead target, a second action,
a hand-written night file with each TOML slip, a roll nobody draws): every refusal exits 2, writes nothing, and
fails on a Latin-letter word outside the Russian texts' allowlist (tests/test_gm_texts_russian.py). With
`language = "en"` the same refusals keep the resolver's English, one per message family."""
from __future__ import annotations

from pathlib import Path

import pytest

from support.cli import run
from support.game_dir import make_new_game_dir
from test_gm_texts_russian import latin_words

NIGHT1 = Path("state/nights/ny/night-1.toml")
NIGHT2 = Path("state/nights/ny/night-2.toml")
# the test game's nicks written in Latin letters (the helper's own list is the demo game's)
NICKS = {"King", "Eciton", "Trusiki", "Kayfa", "Nejka", "Enzo", "Nevermore", "Alisa", "Ronin", "Puss"}
HEAL_SONYA = 'night = 1\n[[actions]]\nactor = "Алукард"\nability = "heal"\ntargets = ["Соня"]\n'


def game(tmp_path, monkeypatch, extra: str = "") -> Path:
    make_new_game_dir(tmp_path, monkeypatch)
    with open(tmp_path / "config.toml", "a", encoding="utf-8") as config:
        config.write(extra)
    (tmp_path / NIGHT1).parent.mkdir(parents=True)
    return tmp_path


@pytest.fixture
def game_dir(tmp_path, monkeypatch):
    return game(tmp_path, monkeypatch)


def refused(*args: str, lead: str = "ошибка: ") -> str:
    """The command exits 2 and prints nothing on stdout; its error lines, without the `ошибка: ` lead (`error: `
    with `language = "en"`)."""
    code, out, err = run(*args)
    assert (code, out) == (2, ""), (args, out, err)
    assert err.startswith(lead), err
    return err[len(lead):]


def add(night: int, actor: str, text: str, lead: str = "ошибка: ") -> str:
    return refused("night", "add", "--night", str(night), "--actor", actor, text, lead=lead)


# Each kind of bad entry `night add` refuses on night 1 of the test game: (actor, message)
PHRASES = [
    ("РэдДи", "Убиваю Васю"),            # a player not in the game
    ("Ronin", "Лечу Соню"),              # an ability the role lacks
    ("Алукард", "Танцую с Соней"),       # no action verb
    ("РэдДи", "Убиваю Соню и Соню"),     # the same target twice
    ("РэдДи", "Убиваю РэдДи"),           # the boss aimed at himself
    ("Алукард", "Лечу"),                 # no target
]

# Hand-written night files `night add` and `night resolve` refuse: (what is wrong, the file)
FILES = [
    ("single brackets", HEAL_SONYA.replace("[[actions]]", "[actions]")),
    ("single brackets on rolls", HEAL_SONYA + '[rolls]\nactor = "РэдДи"\nname = "evidence"\nvalue = false\n'),
    ("a quoted night", HEAL_SONYA.replace("night = 1", 'night = "1"')),
    ("another night", HEAL_SONYA.replace("night = 1", "night = 3")),
    ("an unknown key", "colour = 1\n" + HEAL_SONYA),
    ("a TOML syntax slip", HEAL_SONYA.replace('["Соня"]', "[Соня]")),
    ("a wrong type", HEAL_SONYA.replace('["Соня"]', "5")),
    ("a role as a number", HEAL_SONYA + "role = 3\n"),
    ("an action as text", 'night = 1\nactions = ["Алукард лечит Соню"]\n'),
    ("an unknown action key", HEAL_SONYA + 'tagrets = ["Соня"]\n'),
    ("no ability", 'night = 1\n[[actions]]\nactor = "Алукард"\n'),
    ("an unknown actor", HEAL_SONYA.replace('"Алукард"', '"Вася"')),
    ("an unknown ability", HEAL_SONYA.replace('"heal"', '"fly"')),
    ("an unknown target", HEAL_SONYA.replace('"Соня"', '"Никто"')),
    ("a second action", HEAL_SONYA + '[[actions]]\nactor = "Алукард"\nability = "heal"\ntargets = ["Nejka"]\n'),
    ("a roll as text", HEAL_SONYA + '[[rolls]]\nactor = "РэдДи"\nname = "evidence"\nvalue = "да"\n'),
    ("an unknown roll", HEAL_SONYA + '[[rolls]]\nactor = "РэдДи"\nname = "luck"\nvalue = true\n'),
    ("a roll for nobody", HEAL_SONYA + '[[rolls]]\nactor = "Вася"\nname = "evidence"\nvalue = true\n'),
]


def test_every_bad_phrase_for_night_add_is_refused_in_russian(game_dir):
    messages = {text: add(1, actor, text) for actor, text in PHRASES}
    for text, message in messages.items():
        assert latin_words(message, NICKS) == [], (text, message)
    assert not (game_dir / NIGHT1).exists()
    # the two the night itself would refuse, word for word
    assert messages["Убиваю Соню и Соню"] == (
        f"{NIGHT1.resolve()}: новая запись (не записана): одна и та же цель дважды (Соня, Соня) (ночь отказала бы "
        "во всём действии; спросите у игрока РэдДи, кто имелся в виду, и впишите каждую цель один раз)\n")
    assert messages["Лечу Соню"].startswith("`mafvote night add`: «Лечу Соню»: роль Снежная королева так не может "
                                            "(лечение) (роль может: ")


@pytest.mark.parametrize("what, text", FILES, ids=[w for w, _ in FILES])
def test_every_night_file_slip_is_refused_in_russian_by_add_and_resolve(game_dir, what, text):
    (game_dir / NIGHT1).write_text(text, encoding="utf-8")
    for message in (add(1, "РэдДи", "Убиваю Гаффа"), refused("night", "resolve", "--night", "1", "--dry-run")):
        assert str(NIGHT1.resolve()) in message, message
        assert latin_words(message, NICKS) == [], (what, message)
    assert (game_dir / NIGHT1).read_text(encoding="utf-8") == text     # nothing was written


def test_last_nights_target_a_dead_target_and_an_unused_roll_are_refused_in_russian(game_dir):
    code, _, err = run("night", "add", "--night", "1", "--actor", "Алукард", "Лечу Нежку")
    assert code == 0, err
    code, _, err = run("night", "add", "--night", "1", "--actor", "РэдДи", "Убиваю Соню")
    assert code == 0, err
    # a roll none of the actor's entered actions draws (the doctor's heal has no evidence; his serum would)
    roll = refused("night", "roll", "--night", "1", "--actor", "Алукард", "evidence", "yes")
    assert roll == ("у игрока Алукард этой ночью нет броска «улики»: броски внесённых действий игрока (лечение): нет; "
                    "бросок бывает только у действия «сыворотка» игрока Алукард (вероятность зависит от целей): "
                    "сначала внесите это действие (`mafvote night add`)\n")
    for args in (("night", "resolve", "--night", "1"), ("day", "close", "--day", "1", "--nobody")):
        code, _, err = run(*args)
        assert code == 0, err
    messages = [add(2, "Алукард", "Лечу Нежку"), add(2, "РэдДи", "Убиваю Соню"),
                add(2, "King Eciton", "Проверяю Соню")]
    for message in messages:
        assert latin_words(message, NICKS) == [], message
    assert messages[0] == (
        f"{NIGHT2.resolve()}: новая запись (не записана): повтор цели: Nejka — цель и прошлой ночью (запрет "
        "снимается, когда в живых 3) (ночь отказала бы в действии; спросите у игрока Алукард другую цель)\n")
    assert messages[1] == (f"{NIGHT2.resolve()}: новая запись (не записана): `targets`: Соня — уже вне игры (ночь 1) "
                           "(выберите живого игрока)\n")
    assert not (game_dir / NIGHT2).exists()


# ---- `language = "en"` keeps the resolver's English, one refusal of each family


def test_english_keeps_the_resolvers_words_for_each_family(tmp_path, monkeypatch):
    root = game(tmp_path, monkeypatch, '\n[alerts]\nlanguage = "en"\n')
    # a phrase (`night add`'s reading)
    assert add(1, "РэдДи", "Убиваю Васю", "error: ") == (
        "night add: 'Убиваю Васю': player 'Васю' is not in the game (check the spelling or add an alias to the "
        "roster)\n")
    # an entry the night would refuse
    assert add(1, "РэдДи", "Убиваю Соню и Соню", "error: ") == (
        f"{NIGHT1.resolve()}: the new entry (not written): the same target twice (Соня, Соня) (the night would "
        "refuse the whole action; ask РэдДи whom they meant and write each target once)\n")
    # the night file itself
    (root / NIGHT1).write_text(HEAL_SONYA.replace("[[actions]]", "[actions]"), encoding="utf-8")
    assert refused("night", "resolve", "--night", "1", lead="error: ") == (
        f"{NIGHT1.resolve()}: line 2: [actions] is one table (use [[actions]] (double brackets): one table per "
        "action)\n")
    (root / NIGHT1).write_text(HEAL_SONYA, encoding="utf-8")
    # a roll
    assert refused("night", "roll", "--night", "1", "--actor", "Алукард", "evidence", "yes", lead="error: ") == (
        "no evidence roll for Алукард tonight: rolls of Алукард's actions (heal): none; only Алукард's serum can draw "
        "it (the chance depends on the targets): enter that action first (mafvote night add)\n")
