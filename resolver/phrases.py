"""Read a night action as players write it to the GM: `Лечу Васю`, `Убиваю Петю и Васю`, `копирую Еноха, лечу себя`.

`read_action(text, actor_role, roster, ruleset, actor=..., state=...)` splits the text into clauses, maps each
clause's verb to an ability kind (the table `VERBS`) or a card's own name (its `words`: «Блицкриг», «Честь семьи»),
finds that kind on the cards the actor holds tonight (with `state`: `available_abilities`, so 004 Андрес linked to
his mother reads her protection; without it: the role's cards, or the boss's), and matches the names to the roster
as votes are matched (tally's `RosterMatcher`: case endings, transliteration, aliases, fuzzy; a roster nick is never
taken for a filler word or a preposition, 004's nick «Игрок»). Clauses combine:
`копирую X, <действие>` is Абрахам's copy, `нанимаюсь у X, убиваю Y` is the hire with its kill, the boss's
`убиваю X, пугаю Y` is kill + intimidate. A name that is unknown or fits several players raises
`ActionError`: the GM is asked, never guessed for.
"""
from __future__ import annotations

__all__ = ["read_action", "VERBS"]

import re
from typing import Callable, Sequence

from tally.names import RosterMatcher, default_morph

from .actions import Action, available_abilities
from .errors import ActionError, Problem
from .ruleset import WATCH_OPTIONS, Ability, Role, Ruleset
from .state import GameState, Player

# verb stem -> ability kind, checked in this order (longer phrases first)
VERBS: tuple[tuple[str, str], ...] = (
    # 004 (before the ranked stems they contain: "забираю голос" is not the shahid's "забираю")
    ("забираю голос", "vote_steal"), ("забрать голос", "vote_steal"), ("краду голос", "vote_steal"), ("украсть", "vote_steal"),
    ("дарю голос", "vote_gift"), ("дарю", "vote_gift"), ("дарую", "vote_gift"), ("отдаю голос", "vote_gift"),
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
    ("сыворот", "serum"),
    ("отмаз", "alibi"), ("алиби", "alibi"),
    ("отрав", "poison"), ("трав", "poison"),
    ("вылеч", "heal"), ("леч", "heal"),
    ("запуг", "silence"), ("пуга", "silence"), ("глуш", "silence"),
    ("убив", "kill"), ("убить", "kill"), ("убийств", "kill"), ("убью", "kill"), ("стреля", "kill"), ("выстрел", "kill"),
    ("заблок", "block"), ("блок", "block"), ("иду к", "block"), ("прихожу к", "block"), ("навеща", "block"),
    ("интервью", "role_check"), ("провер", "check"),
    ("забира", "shahid"), ("забер", "shahid"),
    ("вопрос", "question"),
)
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
        raise ActionError(Problem("night add", repr(text), f"{what} {chunk!r} fits several: {', '.join(candidates)}",
                                  "write the full name"))
    raise ActionError(Problem("night add", repr(text), f"{what} {chunk!r} is not in the game",
                              "check the spelling or add an alias to the roster"))


def _cards(role: Role, ruleset: Ruleset) -> list[Ability]:
    cards = list(role.abilities)
    if role.name in ruleset.submission_order or role.name in ruleset.succession:
        cards += list(ruleset.boss_abilities)
    return cards


def _card_for(kind: str, cards: Sequence[Ability], role: Role, text: str) -> Ability:
    wanted = {"check": ("side_check", "role_check"), "kill": ("kill", "deferred_kill")}.get(kind, (kind,))
    for k in wanted:
        for card in cards:
            if card.kind == k:
                return card
    raise ActionError(Problem("night add", repr(text), f"{role.name} cannot do this ({kind})",
                              f"the role can: {', '.join(c.name for c in cards) or 'nothing'}"))


def _word_end(low: str, idx: int, stem: str) -> int:
    end = idx + len(stem)
    while end < len(low) and not low[end].isspace() and stem[-1] != " ":
        end += 1
    return end


_FILLER = {"мне", "свое", "твое", "свой", "на", "по", "в", "к", "у", "игрока", "игрок", "перевод"}


def _never_a_name(word: str) -> bool:
    return False


def _strip_lead(rest: str, words: Sequence[str] = (), is_name: Callable[[str], bool] = _never_a_name) -> str:
    """What follows a card's name: "часы на Васю" -> "Васю", "Книга: лечу Васю" -> "Васю",
    "Покажи мне свое лицо: Вася" -> "Вася", "Кровавое убийство Васи" -> "Васи". A word that names a roster
    player is never dropped ("Блицкриг на Игрока" with the nick «Игрок»: 004's roster)."""
    if ":" in rest:
        rest = rest.split(":", 1)[1]
    rest = rest.strip(" :—–-.").strip()
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
        rest = rest[end:].strip(" :—–-").strip()
    return rest


def _split_clauses(text: str, named: Sequence[tuple[str, str]] = (),
                   is_name: Callable[[str], bool] = _never_a_name) -> list[tuple[str, str]]:
    """(kind, rest) per clause; a clause without a verb continues the previous one's targets. A clause that
    names a card by one of its `words` (003 items, the role shot, 004 Блицкриг) gives ("card:<name>", rest).
    A card name with a comma in it (004 «Я люблю тебя, мама») is one clause: its comma does not split."""
    for word in {w for w, _ in named if "," in w}:
        pattern = r"\s*,\s*".join(r"\s+".join(re.escape(w).replace("е", "[её]") for w in piece.split())
                                    for piece in word.split(","))
        text = re.sub(pattern, lambda m: re.sub(r"\s*,\s*", " ", m.group(0)), text, flags=re.I)
    named = [(" ".join(w.replace(",", " ").split()), n) for w, n in named]
    clauses: list[tuple[str, str]] = []
    for part in re.split(r"[,;\n]+", text):
        low = part.strip().lower().replace("ё", "е")
        if not low:
            continue
        hit = None
        for word, name in sorted(named, key=lambda wn: -len(wn[0])):
            idx = low.find(word)
            if idx != -1 and (idx == 0 or low[idx - 1] in " \"«(:"):
                hit = (idx, word, name)
                break
        if hit is not None:
            idx, word, name = hit
            clauses.append((f"card:{name}", _strip_lead(part.strip()[_word_end(low, idx, word):],
                                                        [w for w, n in named if n == name], is_name)))
            continue
        for stem, kind in VERBS:
            idx = low.find(stem)
            if idx != -1 and (idx == 0 or low[idx - 1] in " \"«("):
                # the rest starts after the word in which the stem ends ("иду к Пете", "снимаю отмазу с Васи")
                end = idx + len(stem)
                while end < len(low) and not low[end].isspace() and stem[-1] != " " and not stem.endswith(" к"):
                    end += 1
                rest = part.strip()[end:].strip()
                if kind == "heal" and re.match(r"от\s", rest.lower() + " "):
                    kind = "heal_from_role"
                clauses.append((kind, rest))
                break
        else:
            if clauses:
                kind, rest = clauses[-1]
                clauses[-1] = (kind, f"{rest} и {part.strip()}")
            else:
                raise ActionError(Problem("night add", repr(text), f"no action verb in {part.strip()!r}",
                                          "start with a verb: Лечу, Убиваю, Пугаю, Блокирую, Проверяю, Травлю, "
                                          "Сыворотка на, Отмазываю, Забираю, копирую, нанимаюсь у"))
    return clauses


def _chunks(rest: str) -> list[str]:
    return re.split(r"\s+и\s+|\s*,\s*", rest.strip())


def _without_prepositions(chunk: str, is_name: Callable[[str], bool] = _never_a_name) -> str:
    """"на Васю" -> "Васю"; a word that is a roster name stays (the nick «За»)."""
    return " ".join(w for w in chunk.split() if w.lower().replace("ё", "е") not in _PREPOSITIONS or is_name(w))


def _names(rest: str) -> list[str]:
    """The name chunks of a clause's rest: split at "и" and commas, prepositions dropped."""
    return [name for name in map(_without_prepositions, _chunks(rest)) if name]


# the matcher's steps that say a single word is a roster name; "prefix" and "fuzzy" would take "на" or "свое"
# for the start of a nick
_NAME_STEPS = ("exact", "lookalike", "translit", "inflected")


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
            raise ActionError(Problem("night add", repr(text), "both the visitors' nicks and the kinds of actions asked",
                                      "one of the two each use: 'узнаю ники гостей Аялы' or 'узнаю типы НД у Аялы'"))
        chosen = opt
        low = low[:found.start()] + " " * len(word) + low[found.end():]
        rest = rest[:found.start()] + " " * len(word) + rest[found.end():]
    if chosen:   # the linking words left around the choice ("направленные на", "у", "кто ходил к")
        rest = " ".join(w for w in re.split(r"[\s,:;—–]+", rest)
                        if w and w != "-" and not _OPTION_FILLER.fullmatch(w.lower().replace("ё", "е")))
    return rest.strip(), chosen


def _card_action(card: Ability, rest: str, actor: str, targets_of, roles, text: str) -> Action:
    """An action on a card named by its words: no targets (hiding), name + role (the role shot), two
    targets (a redirect: "Перевожу Васю на Петю"), else the names."""
    if card.max_targets == 0:
        return Action(actor, card.name, ())
    if card.kind == "role_shot":
        parts = re.split(r"\s+[—–-]\s+|\s*:\s*|\s+как\s+|\s+это\s+|\s+-\s*", rest.strip(), maxsplit=1)
        if len(parts) != 2:
            raise ActionError(Problem("night add", repr(text), "the role shot needs a player and a role",
                                      "write it as 'Доп. удар: Вася — доктор'"))
        return Action(actor, card.name, targets_of(parts[0]), role=_find(parts[1], roles, "role", text))
    if card.kind == "redirect":
        parts = re.split(r"\s+(?:на|в|к)\s+|\s*[→>]\s*", rest.strip(), maxsplit=1)
        if len(parts) != 2:
            raise ActionError(Problem("night add", repr(text), "a redirect needs whose action and where it goes",
                                      "write it as 'Перевожу Васю на Петю'"))
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

    def is_name(word: str) -> bool:
        found = matcher.match(word, fuzzy=False)
        return found.status != "none" and found.step in _NAME_STEPS

    def player_of(chunk: str) -> str:
        # RULES.md §2 "Names": the vote counter's matcher (endings, transliteration, aliases, fuzzy); what it
        # cannot place goes to the label reader below, which asks the GM rather than guess
        found = matcher.match(chunk)
        if found.status == "match":
            return found.player
        if found.status == "ambiguous":
            raise ActionError(Problem("night add", repr(text),
                                      f"player {chunk!r} fits several: {', '.join(found.candidates)}",
                                      "write the full name"))
        return _find(chunk, players, "player", text)

    def target(name: str) -> str | None:
        if _clean(name) in _SELF and not is_name(name):
            if not actor:
                raise ActionError(Problem("night add", repr(text), "'себя' needs the actor's nick"))
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
    clauses = _split_clauses(text, named, is_name)
    actions: list[Action] = []
    copy_of: Role | None = None
    for kind, rest in clauses:
        if kind.startswith("card:"):
            card = next(c for c in by_words if c.name == kind[5:])
            twins = [c.name for c in by_words if c.parity and c.parity != card.parity and set(c.words) & set(card.words)]
            if card.parity and twins and not night:
                raise ActionError(Problem("night add", repr(text),
                                          f"{card.name} on {card.parity} nights or {', '.join(twins)} on the others: "
                                          "the night is not known",
                                          f"write the night file's entry: ability = \"{card.name}\" or \"{twins[0]}\""))
            actions.append(_card_action(card, rest, actor, targets_of, roles, text))
            continue
        if kind == "redirect":
            card = _card_for("redirect", cards, role, text)
            actions.append(_card_action(card, rest, actor, targets_of, roles, text))
            continue
        if kind == "copy":
            copy_of = ruleset.role(_find(_names(rest)[0] if _names(rest) else rest, roles, "role", text))
            continue
        if kind == "question":
            card = _card_for("question", cards, role, text)
            actions.append(Action(actor, card.name, (), question=rest.strip(" :—-")))
            continue
        if kind == "kill" and re.search(r"\bникого\b", rest.lower()):
            continue   # "нанимаюсь у Васи, никого не убиваю"
        if copy_of is not None:
            inner_cards = _cards(copy_of, ruleset) if copy_of.name == (ruleset.succession or ("",))[0] else list(copy_of.abilities)
            inner = _card_for(kind, inner_cards, copy_of, text)
            own = _card_for("copy", cards, role, text)
            actions.append(Action(actor, own.name, targets_of(rest), role=copy_of.name, copy=inner.name))
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
        raise ActionError(Problem("night add", repr(text), f"copy of {copy_of.name}: which action?",
                                  "write it as 'копирую Еноха, лечу Васю'"))
    # the boss's "убиваю X, пугаю Y" is one action: kill + intimidate
    kinds = {a.ability: a for a in actions}
    kill_card = next((c for c in cards if c.kind == "kill"), None)
    silence_card = next((c for c in cards if c.kind == "silence"), None)
    combo = next((c for c in cards if c.kind == "kill_silence"), None)
    if combo and kill_card and silence_card and kill_card.name in kinds and silence_card.name in kinds and len(actions) == 2:
        actions = [Action(actor, combo.name, kinds[kill_card.name].targets + kinds[silence_card.name].targets)]
    if not actions:
        raise ActionError(Problem("night add", repr(text), "no action found", "start with a verb: Лечу Васю"))
    return actions
