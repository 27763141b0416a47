"""The words players write in night actions: the verbs (`VERBS`, verb stem -> ability kind), the
words that name nothing, and the separators between one action and the next."""
from __future__ import annotations

__all__ = [
    "FILLER", "GLUE", "KIND_CARDS", "KIND_VERB", "LEAD", "PREPOSITIONS", "QUESTION_LEAD", "SELF_WORDS", "SENTENCE_END",
    "SEPARATOR", "TRAILING", "USE", "VERBS", "WITH_ME",
]

import re


# verb stem -> ability kind; where several start at one place in the text, the first here wins (longer
# phrases first)
VERBS: tuple[tuple[str, str], ...] = (
    # 004 (before the ranked stems they contain: "забираю голос" is not the shahid's "забираю")
    ("забираю голос", "vote_steal"), ("забрать голос", "vote_steal"), ("краду голос", "vote_steal"), ("украсть", "vote_steal"),
    ("дарую голос", "vote_gift"), ("дарю голос", "vote_gift"), ("дарю", "vote_gift"), ("дарую", "vote_gift"), ("отдаю голос", "vote_gift"),
    ("лишаю голос", "silence"),
    ("защища", "protect"), ("защищу", "protect"), ("охраня", "protect"),
    ("смотрю", "watch"), ("наблюда", "watch"), ("слежу", "watch"),
    ("узнаю роль", "role_check"),
    ("правда дороже", "killer_check"),
    ("замедля", "slowdown"), ("замедл", "slowdown"), ("снотворн", "slowdown"),
    ("перевожу", "redirect"), ("перенаправ", "redirect"),
    ("ищу мам", "check"), ("ищу мат", "check"),
    ("арестов", "block"), ("арест", "block"),
    ("снимаю отмаз", "strip_alibi"), ("снять отмаз", "strip_alibi"), ("снимаю алиби", "strip_alibi"),
    ("копиру", "copy"), ("скопир", "copy"), ("за роль", "copy"),
    ("нанима", "hire"), ("наняться", "hire"), ("найм", "hire"),
    # the seeds' own «подкладывать сыворотку правды» (000, 001): the whole name, else "правды" is read as a name
    ("сыворотка правды", "serum"), ("сыворотку правды", "serum"), ("сывороткой правды", "serum"),
    ("сыворотки правды", "serum"), ("сыворот", "serum"),
    ("отмаз", "alibi"), ("алиби", "alibi"),
    ("отрав", "poison"), ("трав", "poison"),
    ("вылеч", "heal"), ("леч", "heal"),
    ("запуг", "silence"), ("пуга", "silence"), ("глуш", "silence"),
    ("убив", "kill"), ("убить", "kill"), ("убийств", "kill"), ("убью", "kill"), ("стреля", "kill"), ("выстрел", "kill"),
    ("заблок", "block"), ("блок", "block"), ("иду к", "block"), ("прихожу к", "block"), ("навеща", "block"),
    ("беру интервью", "role_check"), ("взять интервью", "role_check"), ("интервью", "role_check"),
    ("провер", "check"),
    ("забира", "shahid"), ("забер", "shahid"),
    ("задаю вопрос", "question"), ("вопрос", "question"), ("спрашива", "question"), ("спрошу", "question"),
)
# how a hint writes a card that has no name of its own in the seed (`words`): one plain verb per kind
KIND_VERB = {"kill": "Убиваю", "heal": "Лечу", "heal_from_role": "Лечу от", "block": "Блокирую",
              "side_check": "Проверяю", "role_check": "Проверяю роль", "check": "Проверяю", "silence": "Пугаю",
              "kill_silence": "Убиваю и пугаю", "poison": "Травлю", "serum": "Сыворотка на", "alibi": "Отмазываю",
              "strip_alibi": "Снимаю отмаз с", "shahid": "Забираю", "copy": "копирую", "hire": "нанимаюсь у",
              "deferred_kill": "Убиваю", "question": "Вопрос:", "protect": "Защищаю", "watch": "Смотрю",
              "vote_steal": "Забираю голос", "vote_gift": "Дарю голос", "slowdown": "Замедляю", "redirect": "Перевожу",
              "annul": "Месть", "killer_check": "Правда дороже", "find_own": "Ищу своих", "hide": "Залегаю на дно",
              "bloody_kill": "Кровавое убийство", "role_shot": "Доп. удар"}
# a verb's kind -> the card kinds it names: "Проверяю" is the side check or the role check
KIND_CARDS = {"check": ("side_check", "role_check"), "kill": ("kill", "deferred_kill")}
SELF_WORDS = {"себя", "себе", "сам", "сама", "собой"}
PREPOSITIONS = {"на", "у", "к", "ко", "от", "с", "со", "в", "по", "за"}   # "за": "Смотрю за Масини"
FILLER = {"мне", "свое", "твое", "свой", "на", "по", "в", "к", "у", "игрока", "игрок", "перевод"}
# words before or between actions that name nothing: "Я сегодня ночью лечу Васю", "Этой ночью: проверяю Бету"
LEAD = {"я", "мы", "сегодня", "ночью", "этой", "эту", "ночь", "хочу", "буду", "тогда", "ну", "итак", "ход", "мой",
         "мое", "нд", "действие", "ночное"}
# words that join two actions: "Убиваю Каппу и лечу себя книгой", "Проверяю Бету, а кнопку жму на Эпсилона"
GLUE = {"и", "а", "также", "затем", "потом", "плюс"}
# verbs that only say a card or an item named next is used: "жму кнопку", "Открываю книгу", "Использую часы"
USE = ("использ", "примен", "жму", "нажим", "нажм", "нажа", "откры", "открою", "ввожу", "ввест", "введу",
        "вкалыва", "достаю", "завожу", "активир", "юзаю", "чита", "прочита", "останавлива", "останов",
        "подклады", "подлож", "кида", "кину")   # «подкладывать сыворотку правды», «кидал сыворотку правды» (000, 001)
# what ends an action's text: commas, sentence ends ("Убиваю Эту. Доп. удар: ...") and the joining words
SEPARATOR = re.compile(r"[,;\n]|[.!?…]+(?=\s|$)|(?<![\w-])(?:" + "|".join(GLUE) + r")(?![\w-])")
SENTENCE_END = re.compile(r"[.!?…]+(?=\s|$)|[;\n]")
TRAILING = re.compile(r"(?:[\s,;:.!?…—–-]|(?<![\w-])(?:" + "|".join(GLUE) + r")(?![\w-]))+$")
# the boss's question is addressed: "Вопрос ведущему: ...", "Спрашиваю у ведущего: ..." -> the question alone
QUESTION_LEAD = re.compile(r"^[\s:—–-]*(?:(?:к|у)\s+)?(?:ведущ(?:ему|его|ей|им)|мастер(?:у|а)|гм|gm)(?![\w-])[\s:—–-]*"
                            r"|^[\s:—–-]+", re.I)
# the shahid's "Забираю с собой Ронина": «с собой» says how, not whom
WITH_ME = re.compile(r"^(?:с|со)\s+(?:собой|мной)(?![\w-])\s*", re.I)
