"""Read a night action as players write it to the GM: `Лечу Васю`, `Убиваю Петю и Васю`, `копирую Еноха, лечу себя`.

`read_action(text, actor_role, roster, ruleset, actor=..., state=...)` finds the heads of the text's actions: a
verb (the table `VERBS`), a card's own name (its `words`: «Блицкриг», «Честь семьи», 003's items and role shot),
a verb that uses the card named next ("жму кнопку"). Each head's action runs to the next head, across commas,
«и» and sentence ends ("Убиваю Каппу и лечу себя книгой", "Убиваю Эту. Доп. удар: Дельта — доктор" are two
actions each); a card and a verb of its kind are one ("лечу себя книгой", "Книга: лечу Васю"). It finds each
kind on the cards the actor holds tonight (with `state`: `available_abilities`, so 004 Андрес linked to his mother
reads her protection; without it: the role's cards, or the boss's), and matches the names to the roster as votes
are matched (tally's `RosterMatcher`: case endings, transliteration, aliases, fuzzy; a roster nick is never taken
for a filler word, a preposition or a verb, 004's nick «Игрок»). Actions combine:
`копирую X, <действие>` is Абрахам's copy, `нанимаюсь у X, убиваю Y` is the hire with its kill, the boss's
`убиваю X, пугаю Y` is kill + intimidate.

Nothing written is dropped: a word is a head, a name, or one of the few words that name nothing (`_LEAD`,
`_FILLER`, the actor's own nick or role as a label); anything else makes the whole message an `ActionError`
naming it, as does a name that is unknown or fits several players: the GM is asked, never guessed for, and
never gets half a message read.
"""
from __future__ import annotations

__all__ = ["read_action", "VERBS"]

import re
from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

from mafvote_tally.names import RosterMatcher, default_morph

from .actions import Action, available_abilities
from .errors import ActionError, Problem
from .journal import Line
from .ruleset import WATCH_OPTIONS, Ability, Role, Ruleset
from .state import GameState, Player

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
_KIND_VERB = {"kill": "Убиваю", "heal": "Лечу", "heal_from_role": "Лечу от", "block": "Блокирую",
              "side_check": "Проверяю", "role_check": "Проверяю роль", "check": "Проверяю", "silence": "Пугаю",
              "kill_silence": "Убиваю и пугаю", "poison": "Травлю", "serum": "Сыворотка на", "alibi": "Отмазываю",
              "strip_alibi": "Снимаю отмаз с", "shahid": "Забираю", "copy": "копирую", "hire": "нанимаюсь у",
              "deferred_kill": "Убиваю", "question": "Вопрос:", "protect": "Защищаю", "watch": "Смотрю",
              "vote_steal": "Забираю голос", "vote_gift": "Дарю голос", "slowdown": "Замедляю", "redirect": "Перевожу",
              "annul": "Месть", "killer_check": "Правда дороже", "find_own": "Ищу своих", "hide": "Залегаю на дно",
              "bloody_kill": "Кровавое убийство", "role_shot": "Доп. удар"}


def _own_hint(cards: Sequence[Ability]) -> str:
    """The refusal's hint: what this actor can write tonight, by the seed's own names where the card has them
    (issue 15 point 4: not 000/001's verbs to a 004 role)."""
    shown = []
    for c in cards:
        said = f"«{c.words[0][:1].upper()}{c.words[0][1:]}»" if c.words else _KIND_VERB.get(c.kind, c.name)
        if said not in shown:
            shown.append(said)
    return Line.said("phrase.own_hint", "напишите, как в правилах игры: " + ", ".join(shown) + " — и цель (например «… - Вася»)")


NIGHT_ADD = Line("where.command", "{command}", command="night add")   # the command whose input is wrong


def _phrase(text: str) -> Line:
    """Where a phrase's problem is: the phrase as the GM typed it, quoted."""
    return Line("where.phrase", "{quoted}", quoted=repr(text), phrase=text)


ROLE_SHOT_HINT = Line("hint.role_shot", "write it as 'Доп. удар: Вася — доктор'")
COPY_HINT = Line("hint.copy", "write it as 'копирую Еноха, лечу Васю'")


# a verb's kind -> the card kinds it names: "Проверяю" is the side check or the role check
_KIND_CARDS = {"check": ("side_check", "role_check"), "kill": ("kill", "deferred_kill")}
_SELF = {"себя", "себе", "сам", "сама", "собой"}
_PREPOSITIONS = {"на", "у", "к", "ко", "от", "с", "со", "в", "по", "за"}   # "за": "Смотрю за Масини"
_ENDINGS = ("ами", "ями", "ой", "ей", "ом", "ем", "ою", "ею", "а", "я", "у", "ю", "е", "ы", "и")


def _morph():
    return default_morph()   # the tally's one analyzer: the dictionaries take a while to load


def _clean(s: str) -> str:
    return re.sub(r"[^\w' -]", " ", s.lower().replace("ё", "е").replace("’", "'")).strip()


def _forms(word: str) -> set[str]:
    word = _clean(word)
    out = {word}
    if re.fullmatch(r"[а-я-]+", word):
        out |= {p.normal_form.replace("ё", "е") for p in _morph().parse(word)[:4]}
        out |= {word[: -len(e)] for e in _ENDINGS if word.endswith(e) and len(word) - len(e) >= 3}
    return out


def _label_forms(label: str) -> list[set[str]]:
    return [{w, *(_forms(w))} for w in _clean(label).split()]


def _matches(chunk: str, label: str) -> bool:
    words = _clean(chunk).split()
    lab = _label_forms(label)
    if len(words) != len(lab):
        return False
    return all(_forms(w) & forms for w, forms in zip(words, lab))


def _find(chunk: str, entries: Sequence[tuple[str, Sequence[str]]], what: str, text: str) -> str:
    """The one entry a chunk names: exact label, then case forms, then a unique word prefix."""
    c = _clean(chunk)
    exact = {key for key, labels in entries if any(_clean(l) == c for l in labels)}
    if len(exact) == 1:
        return exact.pop()
    by_forms = {key for key, labels in entries if any(_matches(chunk, l) for l in labels)}
    if len(by_forms) == 1:
        return by_forms.pop()
    if not by_forms:
        # "Еноха" for "Енох О'Коннор": the first word's forms match a longer name
        first = _forms(c.split()[0]) if c else set()
        by_forms = {key for key, labels in entries for l in labels
                    if len(c.split()) == 1 and first & _label_forms(l)[0]}
        if len(by_forms) == 1:
            return by_forms.pop()
    candidates = sorted(by_forms or exact)
    if candidates:
        raise ActionError(Problem(NIGHT_ADD, _phrase(text), Line(f"phrase.{what}_several", "{what} {written} fits several: "
                                                                   "{candidates}", what=what, written=repr(chunk),
                                                                   chunk=chunk, candidates=", ".join(candidates)),
                                  Line("hint.full_name", "write the full name")))
    raise ActionError(Problem(NIGHT_ADD, _phrase(text), Line(f"phrase.{what}_unknown", "{what} {written} is not in the game",
                                                             what=what, written=repr(chunk), chunk=chunk),
                              Line("hint.spelling", "check the spelling or add an alias to the roster")))


def _cards(role: Role, ruleset: Ruleset) -> list[Ability]:
    cards = list(role.abilities)
    if role.name in ruleset.submission_order or role.name in ruleset.succession:
        cards += list(ruleset.boss_abilities)
    return cards


def _card_for(kind: str, cards: Sequence[Ability], role: Role, text: str) -> Ability:
    wanted = _KIND_CARDS.get(kind, (kind,))
    for k in wanted:
        for card in cards:
            if card.kind == k:
                return card
    raise ActionError(Problem(NIGHT_ADD, _phrase(text), Line("phrase.cannot", "{role} cannot do this ({kind})",
                                                             role=role.name, kind=kind),
                              Line("hint.role_can", "the role can: {listed}", listed=", ".join(c.name for c in cards)
                                   or "nothing", abilities=[c.name for c in cards])))


def _word_end(low: str, idx: int, stem: str) -> int:
    end = idx + len(stem)
    while end < len(low) and not low[end].isspace() and stem[-1] != " ":
        end += 1
    return end


_FILLER = {"мне", "свое", "твое", "свой", "на", "по", "в", "к", "у", "игрока", "игрок", "перевод"}
# words before or between actions that name nothing: "Я сегодня ночью лечу Васю", "Этой ночью: проверяю Бету"
_LEAD = {"я", "мы", "сегодня", "ночью", "этой", "эту", "ночь", "хочу", "буду", "тогда", "ну", "итак", "ход", "мой",
         "мое", "нд", "действие", "ночное"}
# words that join two actions: "Убиваю Каппу и лечу себя книгой", "Проверяю Бету, а кнопку жму на Эпсилона"
_GLUE = {"и", "а", "также", "затем", "потом", "плюс"}
# verbs that only say a card or an item named next is used: "жму кнопку", "Открываю книгу", "Использую часы"
_USE = ("использ", "примен", "жму", "нажим", "нажм", "нажа", "откры", "открою", "ввожу", "ввест", "введу",
        "вкалыва", "достаю", "завожу", "активир", "юзаю", "чита", "прочита", "останавлива", "останов",
        "подклады", "подлож", "кида", "кину")   # «подкладывать сыворотку правды», «кидал сыворотку правды» (000, 001)
# what ends an action's text: commas, sentence ends ("Убиваю Эту. Доп. удар: ...") and the joining words
_SEPARATOR = re.compile(r"[,;\n]|[.!?…]+(?=\s|$)|(?<![\w-])(?:" + "|".join(_GLUE) + r")(?![\w-])")
_SENTENCE_END = re.compile(r"[.!?…]+(?=\s|$)|[;\n]")
_TRAILING = re.compile(r"(?:[\s,;:.!?…—–-]|(?<![\w-])(?:" + "|".join(_GLUE) + r")(?![\w-]))+$")
# the boss's question is addressed: "Вопрос ведущему: ...", "Спрашиваю у ведущего: ..." -> the question alone
_QUESTION_LEAD = re.compile(r"^[\s:—–-]*(?:(?:к|у)\s+)?(?:ведущ(?:ему|его|ей|им)|мастер(?:у|а)|гм|gm)(?![\w-])[\s:—–-]*"
                            r"|^[\s:—–-]+", re.I)
# the shahid's "Забираю с собой Ронина": «с собой» says how, not whom
_WITH_ME = re.compile(r"^(?:с|со)\s+(?:собой|мной)(?![\w-])\s*", re.I)


def _never_a_name(word: str) -> bool:
    return False


def _strip_lead(rest: str, words: Sequence[str] = (), is_name: Callable[[str], bool] = _never_a_name) -> str:
    """What follows a card's name: "часы на Васю" -> "Васю", "Книга: лечу Васю" -> "Васю",
    "Покажи мне свое лицо: Вася" -> "Вася", "Кровавое убийство Васи" -> "Васи". A word that names a roster
    player is never dropped ("Блицкриг на Игрока" with the nick «Игрок»: 004's roster); nor is what comes before
    a colon when it names a player ("Доп. удар по Гертруде: комиссар"), only the rest of the card's title
    ("Месть за сестру: Петя")."""
    if ":" in rest:
        before, after = rest.split(":", 1)
        if not any(is_name(w) for w in re.findall(r"[\w'-]+", before)):
            rest = after
    rest = rest.strip(" ,:—–-.").strip()
    while rest:
        low = rest.lower().replace("ё", "е")
        if re.match(r"на\s+дно\b", low):
            return ""
        first = low.split()[0]
        if is_name(rest.split()[0]):
            return rest
        stem = next((st for st, _ in VERBS if low.startswith(st)), None) or \
            next((w for w in words if first.startswith(w)), None)
        if stem is None and first not in _FILLER:
            return rest
        end = _word_end(low, 0, stem) if stem else len(first)
        rest = rest[end:].strip(" ,:—–-").strip()
    return rest


@dataclass
class _Clause:
    """One action in a message: its head (a verb of `VERBS`, a card's words as "card:<name>", or "use": a verb
    that only uses the card named next) at text[start:end]; `pre`: names written before the head ("Костю лечу",
    "лечу себя книгой"); `rest`: the text that names its targets, up to the next clause, with `pre`."""

    kind: str
    start: int
    end: int
    pre: str = ""
    rest: str = ""


def _lower(text: str) -> str:
    # one character for one: positions in the lowered text are positions in the text
    return "".join(ch.lower() if len(ch.lower()) == 1 else ch for ch in text).replace("ё", "е")


def _head_end(low: str, idx: int, stem: str) -> int:
    """The end of the word in which a stem ends ("иду к Пете": right after "к"; "снимаю отмазу с Васи")."""
    end = idx + len(stem)
    if stem.endswith(" к"):
        return end
    while end < len(low) and (low[end].isalnum() or low[end] in "-'"):
        end += 1
    return end


def _heads(text: str, low: str, named: Sequence[tuple[str, str]], is_name: Callable[[str], bool],
           kept_at: set[int]) -> list[_Clause]:
    """Every head in the message, left to right: at one place a card's words (longest first), then the verbs in
    the order of `VERBS`, then the use verbs. A word that names a roster player is no head ("Убиваю Лечо"), nor
    anything inside a nick written with punctuation (`kept_at`); a question runs to the end of its sentence."""
    found: list[tuple[int, int, int, str]] = []
    stems = [*((w, f"card:{n}") for w, n in sorted(named, key=lambda wn: -len(wn[0]))), *VERBS,
             *((u, "use") for u in _USE)]
    for prio, (stem, kind) in enumerate(stems):
        for m in re.finditer(re.escape(stem), low):
            i = m.start()
            if i and (low[i - 1].isalnum() or low[i - 1] in "-'"):
                continue
            found.append((i, prio, _head_end(low, i, stem), kind))
    heads: list[_Clause] = []
    taken = 0
    for start, _, end, kind in sorted(found):
        if start < taken or start in kept_at:
            continue
        word = re.match(r"[\w'-]+", text[start:])
        if word and _lower(word.group(0)) == low[start:end] and is_name(word.group(0)):
            continue
        heads.append(_Clause(kind, start, end))
        taken = end
        if kind == "question":   # "Вопрос ведущему: лечил ли кто-то Пусса?" is one question
            stop = _SENTENCE_END.search(low, end)
            taken = stop.end() if stop else len(low)
    return heads


def _same_kind(verb_kind: str, card_kind: str) -> bool:
    """A verb names a card's kind: "лечу ... книгой" is the book's heal, "стреляю ... кнопкой" the button's kill."""
    return card_kind in _KIND_CARDS.get(verb_kind, (verb_kind,))


def _join(*pieces: str) -> str:
    return ", ".join(p for p in (p.strip(" ,:;—–-") for p in pieces) if p)


def _not_understood(text: str, what: Line, hint: Line) -> ActionError:
    return ActionError(Problem(NIGHT_ADD, _phrase(text), Line("phrase.not_understood", "not understood: {reason}",
                                                              reason=what), hint))


def _split_clauses(text: str, named: Sequence[tuple[str, str]] = (),
                   is_name: Callable[[str], bool] = _never_a_name, *, kept: Sequence[str] = (),
                   own: Callable[[str], bool] = _never_a_name, kinds: Mapping[str, str] | None = None,
                   hint: str = "") -> list[_Clause]:
    """The message's actions, each with its text (`rest`, names still unread). Nothing is thrown away: every
    word belongs to an action, names nothing (`_LEAD`, `_FILLER`, the actor's own nick or role: "Элиса: узнаю ...")
    or the whole message is refused.

    Heads (`_heads`) start actions: "Убиваю Каппу и лечу себя книгой" is a kill and a heal, "Убиваю Эту. Доп. удар:
    Дельта — доктор" a kill and the role shot. Heads that make one action: a use verb and the card after it ("жму
    кнопку"); a card and a verb right after it ("Книга: лечу Васю", "Кровавое убийство Васи"; after "и" or a comma
    only a verb of the card's kind: "Открываю книгу из будущего и лечу Костю"); a verb and a card of its kind right
    after its names ("лечу себя книгой": the book heals). Names before the first head are its names ("Костю
    лечу"). `named` are (card words, card name), `kinds` card name -> kind, `kept` the nicks with punctuation
    in them. A card name with a comma or a dot in it (004 «Я люблю тебя, мама», 003 «Доп. удар») is one head."""
    source = text
    for word in {w for w, _ in named if re.search(r"[,.]", w)}:
        pattern = r"\s*[,.]\s*".join(r"\s+".join(re.escape(p).replace("е", "[её]") for p in piece.split())
                                     for piece in re.split(r"\s*[,.]\s*", word) if piece)
        text = re.sub(pattern, lambda m: re.sub(r"\s*[,.]\s*", " ", m.group(0)), text, flags=re.I)
    named = [(" ".join(re.sub(r"[,.]", " ", w).split()), n) for w, n in named]
    kinds = kinds or {}
    low = _lower(text)
    kept_at: set[int] = set()
    for name in kept:
        for m in re.finditer(re.escape(_lower(name)), low):
            kept_at.update(range(m.start(), m.end()))

    def filler_only(between: str, title: bool = False) -> bool:
        # inside a card's title a filler word is the title's even when it is a nick ("Покажи мне свое лицо"
        # with the nicks «Мне» and «Свой»); elsewhere a name is never filler
        return all(own(w) or ((title or not is_name(w)) and _lower(w) in _FILLER | _LEAD | _GLUE)
                   for w in re.findall(r"[\w'-]+", between))

    heads = _heads(text, low, named, is_name, kept_at)
    if not heads:
        first = next((p.strip() for p in re.split(r"[,;\n]|[.!?…]+(?=\s|$)", text) if p.strip()), text.strip())
        raise ActionError(Problem(NIGHT_ADD, _phrase(source), Line("phrase.no_verb", "no action verb in {written}",
                                                                   written=repr(first), chunk=first),
                                  hint or Line("hint.verbs", "start with a verb: Лечу, Убиваю, Пугаю, Блокирую, Проверяю, "
                                               "Травлю, Сыворотка на, Отмазываю, Забираю, копирую, нанимаюсь у")))
    clauses: list[_Clause] = []
    for h in heads:
        if not clauses:
            clauses.append(h)
            continue
        c = clauses[-1]
        between = text[c.end:h.start]
        if c.kind == "use":
            if not filler_only(between):
                chunk = _TRAILING.sub("", text[c.start:h.start]).strip()
                raise _not_understood(source, Line("phrase.chunk", "{written}", written=repr(chunk), chunk=chunk),
                                      Line("hint.name_item_or_action", "name the item or the action: 'Жму кнопку на Васю'"))
            clauses[-1] = _Clause(h.kind, c.start, h.end, c.pre)
            continue
        if c.kind.startswith("card:") and h.kind == c.kind and not _SEPARATOR.search(between) and \
                filler_only(between, title=True):
            c.end = h.end   # one title: "Покажи мне свое лицо", "Сыворотка молчания", "Залегаю на дно"
            continue
        if c.kind.startswith("card:") and h.kind not in ("use", "question") and not h.kind.startswith("card:") and \
                filler_only(between) and (not _SEPARATOR.search(between) or _same_kind(h.kind, kinds.get(c.kind[5:], ""))):
            c.end = h.end   # one action: "Кровавое убийство Васи", "Книга: лечу Васю"
            continue
        if h.kind.startswith("card:") and c.kind not in ("question", "copy", "hire") and \
                not _SEPARATOR.search(between) and _same_kind(c.kind, kinds.get(h.kind[5:], "")):
            clauses[-1] = _Clause(h.kind, c.start, h.end, _join(c.pre, between))   # "лечу себя книгой"
            continue
        clauses.append(h)
    if clauses[-1].kind == "use":
        c = clauses[-1]
        chunk = text[c.start:].strip()
        raise _not_understood(source, Line("phrase.no_item", "{written} names no card or item to use",
                                           written=repr(chunk), chunk=chunk),
                              Line("hint.name_item", "name the item: 'Жму кнопку на Васю'"))
    lead = text[:clauses[0].start]
    if ":" in lead and filler_only(lead.rsplit(":", 1)[0]):
        lead = lead.rsplit(":", 1)[1]      # "Гамма: Бету проверяю"
    if not filler_only(lead):
        if clauses[0].kind == "question":
            chunk = _TRAILING.sub('', lead).strip()
            raise _not_understood(source, Line("phrase.before_question", "{written} before the question",
                                               written=repr(chunk), chunk=chunk),
                                  Line("hint.question_alone", "write the question alone: 'Вопрос ведущему: есть ли в "
                                       "игре горец?'"))
        clauses[0].pre = _join(_TRAILING.sub("", lead), clauses[0].pre)   # "Костю лечу"
    for i, c in enumerate(clauses):
        stop = clauses[i + 1].start if i + 1 < len(clauses) else len(text)
        raw = text[c.end:stop]
        if c.kind == "question":
            c.rest = _QUESTION_LEAD.sub("", raw.strip(), count=1).strip()
            continue
        rest = _TRAILING.sub("", raw).strip(" ,:;.…—–-").strip()
        if c.kind.startswith("card:"):
            rest = _strip_lead(rest, [w for w, n in named if n == c.kind[5:]], is_name)
        else:
            rest = _WITH_ME.sub("", rest)
            if c.kind == "heal" and re.match(r"от\s", rest.lower() + " "):
                c.kind = "heal_from_role"
        c.rest = _join(c.pre, rest)
    return clauses


def _chunks(rest: str) -> list[str]:
    return re.split(r"\s+и\s+|\s*[,;\n]\s*", rest.strip())


def _without_prepositions(chunk: str, is_name: Callable[[str], bool] = _never_a_name) -> str:
    """"на Васю" -> "Васю"; a word that is a roster name stays (the nick «За»)."""
    return " ".join(w for w in chunk.split() if w.lower().replace("ё", "е") not in _PREPOSITIONS or is_name(w))


def _names(rest: str) -> list[str]:
    """The name chunks of a clause's rest: split at "и" and commas, prepositions dropped."""
    return [name for name in map(_without_prepositions, _chunks(rest)) if name]


# the matcher's steps that say a single word is a roster name; "prefix" and "fuzzy" would take "на" or "свое"
# for the start of a nick
_NAME_STEPS = ("exact", "lookalike", "translit", "inflected")


# the look-alike letters of tally.names (its `lookalike` step), both ways and both cases; the matcher folds them
# for a whole name only ("Cоня" with a Latin C is Соня, "Cоню" is no name to it)
_CYRILLIC_LOOKS = dict(zip("авекмнорстухАВЕКМНОРСТУХ", "abekmhopctyxABEKMHOPCTYX"))
_LATIN_LOOKS = {latin: c for c, latin in _CYRILLIC_LOOKS.items()}


def _one_script(text: str) -> str:
    """Each word written in two alphabets in the alphabet most of its letters are in: "Cоню" (a Latin C) ->
    "Соню", "Rоnina" (a Cyrillic о) -> "Ronina". RULES.md §2 "Names": look-alike letters never matter, in any
    case form; a word in one alphabet is left as written."""
    def fold(m: re.Match) -> str:
        word = m.group(0)
        cyrillic = sum("а" <= ch.lower() <= "я" or ch in "ёЁ" for ch in word)
        latin = sum("a" <= ch.lower() <= "z" for ch in word)
        if not cyrillic or not latin:
            return word
        table = _LATIN_LOOKS if cyrillic >= latin else _CYRILLIC_LOOKS
        return "".join(table.get(ch, ch) for ch in word)

    return re.sub(r"\w+", fold, text)


def _roster_names(players: Sequence[tuple[str, Sequence[str]]]) -> RosterMatcher:
    """The vote counter's matcher over the roster; each word (4+ letters) of a several-word nick is one more name
    of its player, so it is inflected too ("Кинга" for "King EcitoN": the matcher alone takes "King" but not its
    cases). A word two nicks share names both: the GM is asked."""
    def parts(name: str) -> list[str]:
        words = name.split()
        return [w for w in words if len(re.sub(r"\W", "", w)) >= 4] if len(words) > 1 else []

    return RosterMatcher({nick: [n for name in names for n in (name, *parts(name)) if n != nick]
                          for nick, names in players}, morph=_morph())


# words around 004 Элиса's choice that name no player: "узнаю типы НД, направленные на Аялу", "кто ходил к Лауре"
_OPTION_FILLER = re.compile(r"и|у|на|к|ко|о|об|про|направлен\w*|которые|какие|ходил\w*|приходил\w*|заходил\w*")


def _watch_choice(card: Ability, rest: str, text: str) -> tuple[str, str]:
    """004 Элиса "Я все узнаю": (what is left to name the target, the choice) for a card with `watch_options`:
    "типы НД у Аялы" -> ("Аялы", "kinds"), "ники гостей Лауры" -> ("Лауры", "nicks"), "Аялу" -> ("Аялу", "")
    (the engine's default: the nicks). The words are `ruleset.WATCH_OPTIONS`, longest first."""
    if not card.watch_options:
        return rest, ""
    low = rest.lower().replace("ё", "е")
    words = sorted(((w.lower(), opt) for opt in card.watch_options for w in WATCH_OPTIONS[opt]), key=lambda wo: -len(wo[0]))
    chosen = ""
    for word, opt in words:
        found = re.search(r"(?<!\w)" + re.escape(word) + r"(?!\w)", low)
        if found is None:
            continue
        if chosen and chosen != opt:
            raise ActionError(Problem(NIGHT_ADD, _phrase(text), Line("phrase.learn_both", "both the visitors' nicks and "
                                                                     "the kinds of actions asked"),
                                      Line("hint.learn_one", "one of the two each use: 'узнаю ники гостей Аялы' or "
                                           "'узнаю типы НД у Аялы'")))
        chosen = opt
        low = low[:found.start()] + " " * len(word) + low[found.end():]
        rest = rest[:found.start()] + " " * len(word) + rest[found.end():]
    if chosen:   # the linking words left around the choice ("направленные на", "у", "кто ходил к")
        rest = " ".join(w for w in re.split(r"[\s,:;—–]+", rest)
                        if w and w != "-" and not _OPTION_FILLER.fullmatch(w.lower().replace("ё", "е")))
    return rest.strip(), chosen


# words around the role shot's player and role that name neither: "по Гертруде, она комиссар", "Коле как комиссару"
_SHOT_FILLER = {"она", "он", "это", "как", "роль", "роли", "ролью", "по", "в", "на", "и", "у", "с", "является", "есть"}


def _role_shot(rest: str, targets_of, roles, text: str) -> tuple[str, str]:
    """003's role shot: (player, role) however written: "Вася — доктор", "Коле как комиссару", "по Гертруде, она
    комиссар", "Гертруда комиссар", "в Гертруду (комиссар)", the role first too. Without a dash or a colon
    between them, the one way to cut the words into a player and a role; none or two ways: the GM is asked."""
    parts = re.split(r"\s+[—–-]\s+|\s*:\s*|\s+как\s+|\s+это\s+|\s+-\s*", rest.strip(), maxsplit=1)
    if len(parts) == 2:
        try:
            targets = targets_of(parts[0])
            if len(targets) == 1:
                return targets[0], _find(parts[1], roles, "role", text)
        except ActionError:
            pass
    words = [w for w in re.sub(r"\s[-–—]+|[-–—]+\s|[—–]|[,:;()\[\]«»\"!?]|\.(?=\s|$)", " ", rest).split()
             if _lower(w) not in _SHOT_FILLER]
    readings: set[tuple[str, str]] = set()
    for k in range(1, len(words)):
        for who, what in ((words[:k], words[k:]), (words[k:], words[:k])):
            try:
                targets = targets_of(" ".join(who))
                role = _find(" ".join(what), roles, "role", text)
            except ActionError:
                continue
            if len(targets) == 1:
                readings.add((targets[0], role))
    if len(readings) == 1:
        return readings.pop()
    if readings:
        raise ActionError(Problem(NIGHT_ADD, _phrase(text), Line("phrase.role_shot_several", "the role shot reads several "
                                                                 "ways: {readings}", readings="; ".join(
                                                                     f"{p} — {r}" for p, r in sorted(readings))),
                                  ROLE_SHOT_HINT))
    if len(parts) == 2:   # "player — role" written: name what is wrong with either half
        targets = targets_of(parts[0])
        role = _find(parts[1], roles, "role", text)
        if len(targets) == 1:
            return targets[0], role
    raise ActionError(Problem(NIGHT_ADD, _phrase(text), Line("phrase.role_shot_needs", "the role shot needs a player and "
                                                             "a role"), ROLE_SHOT_HINT))


def _card_action(card: Ability, rest: str, actor: str, targets_of, roles, text: str) -> Action:
    """An action on a card named by its words: no targets (hiding), name + role (the role shot), two
    targets (a redirect: "Перевожу Васю на Петю"), else the names."""
    if card.max_targets == 0:
        return Action(actor, card.name, ())
    if card.kind == "role_shot":
        target, role = _role_shot(rest, targets_of, roles, text)
        return Action(actor, card.name, (target,), role=role)
    if card.kind == "redirect":
        parts = re.split(r"\s+(?:на|в|к)\s+|\s*[→>]\s*", rest.strip(), maxsplit=1)
        if len(parts) != 2:
            raise ActionError(Problem(NIGHT_ADD, _phrase(text), Line("phrase.redirect_needs", "a redirect needs whose "
                                                                     "action and where it goes"),
                                      Line("hint.redirect", "write it as 'Перевожу Васю на Петю'")))
        return Action(actor, card.name, targets_of(parts[0]) + targets_of(parts[1]))
    rest, choice = _watch_choice(card, rest, text)
    return Action(actor, card.name, targets_of(rest), learn=choice)


def _parity_fits(card: Ability, night: int) -> bool:
    return not card.parity or (night % 2 == 0) == (card.parity == "even")


def read_action(text: str, actor_role: str | Role, roster: Sequence[str | Player], ruleset: Ruleset,
                *, actor: str = "", state: GameState | None = None, night: int = 0) -> list[Action]:
    """The actions a player's message asks for, with names resolved to roster nicks.

    With `state` (and `actor`), the cards are those the actor holds tonight (`available_abilities`: 004 Андрес
    linked to Анхела holds her protection), then the role's own (a card lost tonight is read, and the night
    file's check names why it is refused); and the night is `night`, else `state.night + 1`. The night picks
    between cards named by the same words on nights of different parity (004 Лаура's «сыворотка молчания»:
    serum_vote on even nights, serum_night on odd ones)."""
    role = actor_role if isinstance(actor_role, Role) else ruleset.role(actor_role)
    players: list[tuple[str, Sequence[str]]] = []
    for entry in roster:
        if isinstance(entry, Player):
            players.append((entry.nick, [entry.nick, entry.display or entry.nick, *entry.aliases]))
        else:
            players.append((entry, [entry]))
    roles = [(r.name, [r.name, *r.aliases]) for r in ruleset.roles]
    matcher = _roster_names(players)
    # a замена: each former account (`state.replacements`, oldest first) -> the nick its slot has now
    successor: dict[str, str] = {}
    for gone, by in (state.replacements if state is not None else ()):
        successor = {k: (by if v == gone else v) for k, v in successor.items()}
        successor[gone] = by
    former = (RosterMatcher({gone: () for gone in successor if gone not in {n for n, _ in players}}, use_morph=False)
              if successor else None)

    def is_name(word: str) -> bool:
        found = matcher.match(word, fuzzy=False)
        if found.status == "none" and _one_script(word) != word:
            found = matcher.match(_one_script(word), fuzzy=False)   # "Cоню" with a Latin C
        return found.status != "none" and found.step in _NAME_STEPS

    def player_of(chunk: str) -> str:
        # RULES.md §2 "Names": the vote counter's matcher (endings, transliteration, aliases, fuzzy); what it
        # cannot place goes to the label reader below, which asks the GM rather than guess
        found = matcher.match(chunk)
        if found.status != "match" and _one_script(chunk) != chunk:
            # look-alike letters in a case form ("Убиваю Cоню" with a Latin C), as `--actor Cоня` takes them
            folded = matcher.match(_one_script(chunk))
            if folded.status != "none":
                chunk, found = _one_script(chunk), folded
        if found.status == "match" and found.step in ("exact", "lookalike"):
            return found.player
        # before a looser reading of the roster: an old account's name is never read as another player
        now_played = former.match(chunk, fuzzy=False) if former is not None else None
        if now_played is not None and now_played.status == "match":
            # a замена: the old account's name means the slot, which the GM names by its player now
            slot = successor[now_played.player or ""]
            raise ActionError(Problem(NIGHT_ADD, _phrase(text),
                                      Line("phrase.old_account", "player {written} is the old account of the slot now "
                                           "played by {slot} (замена)", written=repr(chunk), chunk=chunk, slot=slot),
                                      Line("hint.write_name", "write {name}", name=slot)))
        if found.status == "ambiguous" and len(found.candidates) == 1:
            # one candidate, but not a sure match (a loose spelling): the GM is asked, not guessed for
            raise ActionError(Problem(NIGHT_ADD, _phrase(text),
                                      Line("phrase.not_surely", "player {written} is not surely {name}",
                                           written=repr(chunk), chunk=chunk, name=found.candidates[0]),
                                      Line("hint.if_meant", "if {name} is meant, write {name}", name=found.candidates[0])))
        if found.status == "match":
            return found.player
        if found.status == "ambiguous":
            raise ActionError(Problem(NIGHT_ADD, _phrase(text),
                                      Line("phrase.player_several", "{what} {written} fits several: {candidates}",
                                           what="player", written=repr(chunk), chunk=chunk,
                                           candidates=", ".join(found.candidates)),
                                      Line("hint.full_name", "write the full name")))
        return _find(chunk, players, "player", text)

    def target(name: str) -> str | None:
        if _clean(name) in _SELF and not is_name(name):
            if not actor:
                raise ActionError(Problem(NIGHT_ADD, _phrase(text), Line("phrase.self_needs_actor",
                                                                         "'себя' needs the actor's nick")))
            return actor
        if _clean(name).startswith("никого"):
            return None
        return player_of(name)

    def targets_of(rest: str) -> tuple[str, ...]:
        out = []
        for chunk in _chunks(rest):
            name = _without_prepositions(chunk, is_name)
            if not name:
                continue
            try:
                found = target(name)
            except ActionError:
                # a preposition kept as a name ("на" when a nick is "Na") that names nobody with the rest
                plain = _without_prepositions(chunk)
                if not plain or plain == name:
                    raise
                found = target(plain)
            if found is not None:
                out.append(found)
        return tuple(out)

    cards = _cards(role, ruleset)
    if state is not None and any(p.nick == actor for p in state.players):
        night = night or state.night + 1
        held = [card for card, _ in available_abilities(ruleset, state, actor).values()]
        cards = held + [c for c in cards if c.name not in {h.name for h in held}]
    by_words = [c for c in (*cards, *ruleset.items) if not night or _parity_fits(c, night)]
    named = [(w.lower().replace("ё", "е"), c.name) for c in by_words for w in c.words]
    # the actor's own nick and role may label the message ("Элиса: узнаю ...", "Гамма: проверяю Бету")
    own_labels = [actor, role.name, *role.aliases, *next((names for nick, names in players if nick == actor), ())]
    own_forms = {f for label in own_labels for w in label.split() for f in _forms(w) if len(f) > 1}

    def own(word: str) -> bool:
        return bool(_forms(word) & own_forms)

    kept = [label for _, labels in players for label in labels if re.search(r"[,.;:!?…]", label)]
    clauses = _split_clauses(text, named, is_name, kept=kept, own=own, kinds={c.name: c.kind for c in by_words},
                             hint=_own_hint([c for c in cards if not night or _parity_fits(c, night)]))
    actions: list[Action] = []
    copy_of: Role | None = None

    for clause in clauses:
        kind, rest = clause.kind, clause.rest
        if kind.startswith("card:"):
            card = next(c for c in by_words if c.name == kind[5:])
            twins = [c.name for c in by_words if c.parity and c.parity != card.parity and set(c.words) & set(card.words)]
            if card.parity and twins and not night:
                raise ActionError(Problem(NIGHT_ADD, _phrase(text),
                                          Line("phrase.parity_unknown", "{ability} on {parity} nights or {others} on the "
                                               "others: the night is not known", ability=card.name, parity=card.parity,
                                               others=", ".join(twins)),
                                          Line("hint.parity_entry", "write the night file's entry: ability = \"{one}\" or "
                                               "\"{other}\"", one=card.name, other=twins[0])))
            actions.append(_card_action(card, rest, actor, targets_of, roles, text))
            continue
        if kind == "redirect":
            card = _card_for("redirect", cards, role, text)
            actions.append(_card_action(card, rest, actor, targets_of, roles, text))
            continue
        if kind == "copy":
            if len(_names(rest)) > 1:
                raise ActionError(Problem(NIGHT_ADD, _phrase(text), Line("phrase.copy_one_role", "copy of one role, not "
                                                                         "{roles}", roles=", ".join(_names(rest))),
                                          COPY_HINT))
            copy_of = ruleset.role(_find(_names(rest)[0] if _names(rest) else rest, roles, "role", text))
            continue
        if kind == "question":
            card = _card_for("question", cards, role, text)
            actions.append(Action(actor, card.name, (), question=rest))
            continue
        if kind == "kill" and re.search(r"\bникого\b", rest.lower()):
            continue   # "нанимаюсь у Васи, никого не убиваю"
        if copy_of is not None:
            inner_cards = _cards(copy_of, ruleset) if copy_of.name == (ruleset.succession or ("",))[0] else list(copy_of.abilities)
            inner = _card_for(kind, inner_cards, copy_of, text)
            copy_card = _card_for("copy", cards, role, text)
            actions.append(Action(actor, copy_card.name, targets_of(rest), role=copy_of.name, copy=inner.name))
            copy_of = None
            continue
        if kind == "heal_from_role":
            card = _card_for("heal_from_role", cards, role, text)
            who = re.sub(r"^\s*от\s+", "", rest.strip(), flags=re.I)
            sides = [(s.title, [s.title, s.title_f or s.title, s.id]) for s in ruleset.sides.values()]
            try:
                name = _find(who, sides, "side", text)
            except ActionError:
                name = _find(who, roles, "role", text)
            actions.append(Action(actor, card.name, (), role=name))
            continue
        hire = next((c for c in cards if c.kind == "hire"), None)
        if kind == "kill" and hire is not None:
            if actions and actions[-1].ability == hire.name:   # "нанимаюсь у Васи, убиваю Петю"
                actions[-1] = Action(actor, hire.name, actions[-1].targets, kill=targets_of(rest))
                continue
            if not any(c.kind == "kill" for c in cards):        # the kill kept from an earlier hire
                kind = "deferred_kill"
        card = _card_for(kind, cards, role, text)
        rest, choice = _watch_choice(card, rest, text)
        actions.append(Action(actor, card.name, targets_of(rest), learn=choice))
    if copy_of is not None:
        raise ActionError(Problem(NIGHT_ADD, _phrase(text), Line("phrase.copy_which", "copy of {role}: which action?",
                                                                 role=copy_of.name), COPY_HINT))
    # the boss's "убиваю X, пугаю Y" is one action: kill + intimidate
    kinds = {a.ability: a for a in actions}
    kill_card = next((c for c in cards if c.kind == "kill"), None)
    silence_card = next((c for c in cards if c.kind == "silence"), None)
    combo = next((c for c in cards if c.kind == "kill_silence"), None)
    if combo and kill_card and silence_card and kill_card.name in kinds and silence_card.name in kinds and len(actions) == 2:
        actions = [Action(actor, combo.name, kinds[kill_card.name].targets + kinds[silence_card.name].targets)]
    if not actions:
        raise ActionError(Problem(NIGHT_ADD, _phrase(text), Line("phrase.no_action", "no action found"),
                                  Line("hint.verb", "start with a verb: Лечу Васю")))
    return actions
