"""A message cut into its actions (`split_clauses`): the heads (a verb, a card's own words, a verb that
uses the card named next), each running to the next head, and nothing left over."""
from __future__ import annotations

__all__ = ["lower_in_place", "split_clauses"]

import re
from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

from ..errors import ActionError, Problem
from ..journal import Line
from .names import never_a_name
from .problems import NIGHT_ADD, not_understood, where_phrase
from .vocabulary import (FILLER, GLUE, KIND_CARDS, LEAD, QUESTION_LEAD, SENTENCE_END, SEPARATOR, TRAILING, USE, VERBS,
                         WITH_ME)


def _word_end(low: str, idx: int, stem: str) -> int:
    end = idx + len(stem)
    while end < len(low) and not low[end].isspace() and stem[-1] != " ":
        end += 1
    return end


def _strip_lead(rest: str, words: Sequence[str] = (), is_name: Callable[[str], bool] = never_a_name) -> str:
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
        if stem is None and first not in FILLER:
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


def lower_in_place(text: str) -> str:
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
             *((u, "use") for u in USE)]
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
        if word and lower_in_place(word.group(0)) == low[start:end] and is_name(word.group(0)):
            continue
        heads.append(_Clause(kind, start, end))
        taken = end
        if kind == "question":   # "Вопрос ведущему: лечил ли кто-то Пусса?" is one question
            stop = SENTENCE_END.search(low, end)
            taken = stop.end() if stop else len(low)
    return heads


def _same_kind(verb_kind: str, card_kind: str) -> bool:
    """A verb names a card's kind: "лечу ... книгой" is the book's heal, "стреляю ... кнопкой" the button's kill."""
    return card_kind in KIND_CARDS.get(verb_kind, (verb_kind,))


def _join(*pieces: str) -> str:
    return ", ".join(p for p in (p.strip(" ,:;—–-") for p in pieces) if p)


def split_clauses(text: str, named: Sequence[tuple[str, str]] = (),
                   is_name: Callable[[str], bool] = never_a_name, *, kept: Sequence[str] = (),
                   own: Callable[[str], bool] = never_a_name, kinds: Mapping[str, str] | None = None,
                   hint: str = "") -> list[_Clause]:
    """The message's actions, each with its text (`rest`, names still unread). Nothing is thrown away: every
    word belongs to an action, names nothing (`LEAD`, `FILLER`, the actor's own nick or role: "Элиса: узнаю ...")
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
    low = lower_in_place(text)
    kept_at: set[int] = set()
    for name in kept:
        for m in re.finditer(re.escape(lower_in_place(name)), low):
            kept_at.update(range(m.start(), m.end()))

    def filler_only(between: str, title: bool = False) -> bool:
        # inside a card's title a filler word is the title's even when it is a nick ("Покажи мне свое лицо"
        # with the nicks «Мне» and «Свой»); elsewhere a name is never filler
        return all(own(w) or ((title or not is_name(w)) and lower_in_place(w) in FILLER | LEAD | GLUE)
                   for w in re.findall(r"[\w'-]+", between))

    heads = _heads(text, low, named, is_name, kept_at)
    if not heads:
        first = next((p.strip() for p in re.split(r"[,;\n]|[.!?…]+(?=\s|$)", text) if p.strip()), text.strip())
        raise ActionError(Problem(NIGHT_ADD, where_phrase(source), Line("phrase.no_verb", "no action verb in {written}",
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
                chunk = TRAILING.sub("", text[c.start:h.start]).strip()
                raise not_understood(source, Line("phrase.chunk", "{written}", written=repr(chunk), chunk=chunk),
                                      Line("hint.name_item_or_action", "name the item or the action: 'Жму кнопку на Васю'"))
            clauses[-1] = _Clause(h.kind, c.start, h.end, c.pre)
            continue
        if c.kind.startswith("card:") and h.kind == c.kind and not SEPARATOR.search(between) and \
                filler_only(between, title=True):
            c.end = h.end   # one title: "Покажи мне свое лицо", "Сыворотка молчания", "Залегаю на дно"
            continue
        if c.kind.startswith("card:") and h.kind not in ("use", "question") and not h.kind.startswith("card:") and \
                filler_only(between) and (not SEPARATOR.search(between) or _same_kind(h.kind, kinds.get(c.kind[5:], ""))):
            c.end = h.end   # one action: "Кровавое убийство Васи", "Книга: лечу Васю"
            continue
        if h.kind.startswith("card:") and c.kind not in ("question", "copy", "hire") and \
                not SEPARATOR.search(between) and _same_kind(c.kind, kinds.get(h.kind[5:], "")):
            clauses[-1] = _Clause(h.kind, c.start, h.end, _join(c.pre, between))   # "лечу себя книгой"
            continue
        clauses.append(h)
    if clauses[-1].kind == "use":
        c = clauses[-1]
        chunk = text[c.start:].strip()
        raise not_understood(source, Line("phrase.no_item", "{written} names no card or item to use",
                                           written=repr(chunk), chunk=chunk),
                              Line("hint.name_item", "name the item: 'Жму кнопку на Васю'"))
    lead = text[:clauses[0].start]
    if ":" in lead and filler_only(lead.rsplit(":", 1)[0]):
        lead = lead.rsplit(":", 1)[1]      # "Гамма: Бету проверяю"
    if not filler_only(lead):
        if clauses[0].kind == "question":
            chunk = TRAILING.sub('', lead).strip()
            raise not_understood(source, Line("phrase.before_question", "{written} before the question",
                                               written=repr(chunk), chunk=chunk),
                                  Line("hint.question_alone", "write the question alone: 'Вопрос ведущему: есть ли в "
                                       "игре горец?'"))
        clauses[0].pre = _join(TRAILING.sub("", lead), clauses[0].pre)   # "Костю лечу"
    for i, c in enumerate(clauses):
        stop = clauses[i + 1].start if i + 1 < len(clauses) else len(text)
        raw = text[c.end:stop]
        if c.kind == "question":
            c.rest = QUESTION_LEAD.sub("", raw.strip(), count=1).strip()
            continue
        rest = TRAILING.sub("", raw).strip(" ,:;.…—–-").strip()
        if c.kind.startswith("card:"):
            rest = _strip_lead(rest, [w for w, n in named if n == c.kind[5:]], is_name)
        else:
            rest = WITH_ME.sub("", rest)
            if c.kind == "heal" and re.match(r"от\s", rest.lower() + " "):
                c.kind = "heal_from_role"
        c.rest = _join(c.pre, rest)
    return clauses
