"""`night add` reads every ability name each seed prints, with «-», «:», «—» or nothing before the target
(issue 15 point 4), for all four games; a message it cannot read gets a hint naming the actor's own abilities.

Each row: the seed, the role, the name as the seed prints it (docs/seeds/…), the target as players write it, and
the card the engine must read. The separators are tried on every row. Sources: 004 lines 91–282 (the «НД1.
"…"» titles, and «Дарую голос» of Альфредо's card «дарует голос»); 003 lines 20–49 (выстрел, доп. удар, проверка,
лечение, the items' names); 000 and 001: the verbs the role cards use («убивает», «лишает голоса», «проверяет»,
«лечит», «отмаза», «сыворотка правды», «копирует», «нанимается»)."""
from __future__ import annotations

from pathlib import Path

import pytest

from mafvote_resolver import ActionError, loads_ruleset, new_game, read_action

ROOT = Path(__file__).resolve().parents[2]
RULESETS = {"000": "peculiar", "001": "new_year", "003": "time_machine", "004": "grand_hotel"}


def load(game: str):
    name = RULESETS[game]
    return loads_ruleset((ROOT / "rulesets" / f"{name}.toml").read_text(encoding="utf-8"), f"rulesets/{name}.toml")


# the roster of each game: a nick per role (004's nicks are those of the issue's messages)
ROSTERS = {
    "004": {"Krassa": "Донья Тереса", "Ёж": "Алисия Аларкон", "Nejka": "София Аларкон", "Буба": "Хулио Ольмедо",
            "Масини": "Диего Муркиа", "Тристам": "Анхела Салинас", "Rex": "Альфредо Вергара", "Юка": "Андрес Аларкон",
            "Мари": "Каталина", "Алиша": "Донья Элиса", "Трубодур": "Аяла", "Ромашка": "Эрнандо", "Игрок": "Лаура",
            "Ронин": "Хавьер", "Соня": "Бенхамин"},
    "003": {"Маф": "Мафиозо", "Ком": "Комиссар", "Док": "Доктор", "Ман": "Маньяк", "Вася": "Мирный житель",
            "Петя": "Мирный житель"},
    "000": {"Барон": "Мистер Барон", "Голан": "Доктор Голан", "Арчер": "Мистер Арчер", "Пустота": "Пустота",
            "Абрахам": "Абрахам", "Джейкоб": "Джейкоб Портман", "Енох": "Енох О'Коннор", "Эмма": "Эмма Блум",
            "Оливия": "Оливия Абрахолос Элефанта", "Мено": "Мено и Куо-Рама", "Миллард": "Миллард Наллингс",
            "Вася": "Странный ребёнок"},
    "001": {"Санта": "Санта Клаус", "Тролль": "Злой тролль", "Кай": "Кай", "Щелкунчик": "Щелкунчик",
            "Королева": "Снежная королева", "Мороз": "Дед Мороз", "Снегурочка": "Снегурочка", "Снеговик": "Снеговик",
            "Снежинка": "Снежинка", "Герда": "Герда", "Хлопушка": "Хлопушка", "Вася": "мирная зверюшка"},
}
ITEMS = {"003": {"Вася": ["clock", "button", "book"]}}

# (game, actor, the seed's name, the target as written, the card read, the targets read)
ROWS = [
    ("004", "Krassa", "Честь семьи", "Ёж", "check", ("Ёж",)),
    ("004", "Krassa", "Только свои", "Буба", "shoot", ("Буба",)),
    ("004", "Ёж", "Я вижу тебя", "Буба", "watch", ("Буба",)),
    ("004", "Ёж", "Покажи мне свое лицо", "Буба", "face", ("Буба",)),
    ("004", "Nejka", "Равновесие страха", "Ёж", "block", ("Ёж",)),
    ("004", "Буба", "Правда дороже", "Ёж", "truth", ("Ёж",)),
    ("004", "Буба", "Месть за сестру", "Тристам", "revenge", ("Тристам",)),
    ("004", "Масини", "Я все равно стану королем", "Nejka", "steal", ("Nejka",)),
    ("004", "Тристам", "Верность Гранд-Отелю", "Буба", "protect", ("Буба",)),
    ("004", "Rex", "Моя семья - мое богатство", "Krassa", "gift", ("Krassa",)),
    ("004", "Rex", "Дарую голос", "Krassa", "gift", ("Krassa",)),
    ("004", "Юка", "Я люблю тебя, мама", "Krassa", "mother", ("Krassa",)),
    ("004", "Мари", "Столбняк", "Буба", "slowdown", ("Буба",)),
    ("004", "Алиша", "Убить всех чужих", "Буба", "kill", ("Буба",)),
    ("004", "Алиша", "Блицкриг", "Буба", "blitz", ("Буба",)),
    ("004", "Алиша", "Я все узнаю", "Ромашка", "learn", ("Ромашка",)),
    ("004", "Трубодур", "Чувство сыщика", "Алиша", "guard", ("Алиша",)),
    ("004", "Ромашка", "Синьор, вы арестованы", "Масини", "arrest", ("Масини",)),
    ("004", "Игрок", "Все мое всегда со мной", "Ромашка", "find", ("Ромашка",)),
    ("004", "Игрок", "Во имя клятвы Гиппократа", "Буба", "serum_night", ("Буба",)),
    ("004", "Ронин", "Всех убью - один останусь", "Буба", "kill", ("Буба",)),
    ("004", "Ронин", "Уверен, что вы живыми от меня не уйдете", "Буба", "bloody", ("Буба",)),
    ("004", "Ронин", "И пусть весь мир подождет", "", "hide", ()),
    ("004", "Соня", "Как вы мне все дороги", "Rex на Юку", "redirect", ("Rex", "Юка")),
    # "ненаправленный перевод (выбирается кубиком ГМ)": the GM writes the die's pick as the second target
    ("004", "Соня", "Ты должен быть сильным", "Rex на Юку", "random_redirect", ("Rex", "Юка")),
    ("003", "Маф", "Выстрел", "Васю", "kill", ("Вася",)),
    ("003", "Ком", "Проверка", "Маф", "check", ("Маф",)),
    ("003", "Ком", "Выстрел", "Маф", "shoot", ("Маф",)),
    ("003", "Док", "Лечение", "Петя", "heal", ("Петя",)),
    ("003", "Ман", "Выстрел", "Петя", "kill", ("Петя",)),
    ("003", "Вася", "Старинные часы", "Ком", "clock", ("Ком",)),
    ("003", "Вася", "Загадочная красная кнопка", "Петя", "button", ("Петя",)),
    ("003", "Вася", "Книга из будущего", "Петя", "book", ("Петя",)),
    ("000", "Барон", "Убиваю", "Васю", "kill", ("Вася",)),
    ("000", "Барон", "Запугиваю", "Васю", "intimidate", ("Вася",)),
    ("000", "Голан", "Интервью", "Джейкоб", "interview", ("Джейкоб",)),
    ("000", "Арчер", "Отмазываю", "Васю", "alibi", ("Вася",)),
    ("000", "Пустота", "Блокирую", "Еноха", "block", ("Енох",)),
    ("000", "Джейкоб", "Проверяю", "Барона", "check", ("Барон",)),
    ("000", "Енох", "Лечу", "Васю", "heal", ("Вася",)),
    ("000", "Енох", "Отравляю", "Барона", "poison", ("Барон",)),
    ("000", "Енох", "Сыворотка правды", "Барон", "serum", ("Барон",)),
    ("000", "Эмма", "Блокирую", "Барона", "block", ("Барон",)),
    ("000", "Оливия", "Забираю", "Барона", "take", ("Барон",)),
    ("000", "Мено", "Нанимаюсь у", "Джейкоба", "hire", ("Джейкоб",)),
    ("001", "Санта", "Убиваю", "Васю", "kill", ("Вася",)),
    ("001", "Санта", "Запугиваю", "Васю", "intimidate", ("Вася",)),
    ("001", "Кай", "Отмазываю", "Тролля", "alibi", ("Тролль",)),
    ("001", "Щелкунчик", "Блокирую", "Снеговика", "block", ("Снеговик",)),
    ("001", "Королева", "Убиваю", "Васю", "kill", ("Вася",)),
    ("001", "Мороз", "Убиваю", "Санту", "kill", ("Санта",)),
    ("001", "Снегурочка", "Проверяю", "Санту", "check", ("Санта",)),
    ("001", "Снеговик", "Лечу", "Васю", "heal", ("Вася",)),
    ("001", "Снежинка", "Блокирую", "Санту", "block", ("Санта",)),
    ("001", "Герда", "Снимаю отмаз", "Тролля", "strip", ("Тролль",)),
    ("001", "Хлопушка", "Забираю", "Санту", "take", ("Санта",)),
]
SEPARATORS = (" - ", ": ", " — ", " ")


def game_state(game: str):
    ruleset = load(game)
    items = ITEMS.get(game, {})
    players = [{"nick": n, "role": r, **({"items": items[n]} if n in items else {})} for n, r in ROSTERS[game].items()]
    return ruleset, new_game("t", players, ruleset)


@pytest.mark.parametrize("sep", SEPARATORS, ids=["dash", "colon", "em_dash", "nothing"])
@pytest.mark.parametrize("game,actor,name,target,card,targets", ROWS,
                         ids=[f"{r[0]}_{r[1]}_{r[2]}" for r in ROWS])
def test_issue15_4_night_add_reads_every_seed_name(game, actor, name, target, card, targets, sep):
    ruleset, state = game_state(game)
    text = f"{name}{sep}{target}".strip() if target else name
    role = ROSTERS[game][actor]
    actions = read_action(text, role, state.players, ruleset, actor=actor, state=state, night=1)
    assert [(a.ability, a.targets) for a in actions] == [(card, targets)], text


@pytest.mark.parametrize("game,actor,text,names", [
    ("004", "Nejka", "Равновесие Ёж", "«Равновесие страха»"),
    ("004", "Ронин", "Пляшу с Бубой", "«Всех убью - один останусь», «Уверен, что вы живыми от меня не уйдете», "
                                      "«И пусть весь мир подождет»"),
    ("003", "Док", "Пляшу с Петей", "Лечу"),
])
def test_issue15_4_a_refusal_names_the_actors_own_abilities(game, actor, text, names):
    ruleset, state = game_state(game)
    with pytest.raises(ActionError) as caught:
        read_action(text, ROSTERS[game][actor], state.players, ruleset, actor=actor, state=state, night=1)
    message = str(caught.value)
    assert f"напишите, как в правилах игры: {names} — и цель" in message
    assert "Пугаю" not in message and "Травлю" not in message
