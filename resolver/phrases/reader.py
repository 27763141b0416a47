"""`read_action`: a player's message to the GM -> the actions it asks for, names resolved to roster nicks."""
from __future__ import annotations

__all__ = ["read_action"]

import re
from typing import Sequence

from mafvote_tally.names import RosterMatcher

from ..actions import Action
from ..checks import available_abilities
from ..errors import ActionError, Problem
from ..journal import Line
from ..ruleset import Role, Ruleset
from ..state import GameState, Player
from .cards import card_action, card_for, cards_of, parity_fits, watch_choice
from .clauses import split_clauses
from .names import (NAME_STEPS, clean, find_entry, name_chunks, one_script, roster_matcher, split_chunks,
                    without_prepositions, word_forms)
from .problems import COPY_HINT, NIGHT_ADD, own_hint, where_phrase
from .vocabulary import SELF_WORDS


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
    matcher = roster_matcher(players)
    # a замена: each former account (`state.replacements`, oldest first) -> the nick its slot has now
    successor: dict[str, str] = {}
    for gone, by in (state.replacements if state is not None else ()):
        successor = {k: (by if v == gone else v) for k, v in successor.items()}
        successor[gone] = by
    former = (RosterMatcher({gone: () for gone in successor if gone not in {n for n, _ in players}}, use_morph=False)
              if successor else None)

    def is_name(word: str) -> bool:
        found = matcher.match(word, fuzzy=False)
        if found.status == "none" and one_script(word) != word:
            found = matcher.match(one_script(word), fuzzy=False)   # "Cоню" with a Latin C
        return found.status != "none" and found.step in NAME_STEPS

    def player_of(chunk: str) -> str:
        # RULES.md §2 "Names": the vote counter's matcher (endings, transliteration, aliases, fuzzy); what it
        # cannot place goes to the label reader below, which asks the GM rather than guess
        found = matcher.match(chunk)
        if found.status != "match" and one_script(chunk) != chunk:
            # look-alike letters in a case form ("Убиваю Cоню" with a Latin C), as `--actor Cоня` takes them
            folded = matcher.match(one_script(chunk))
            if folded.status != "none":
                chunk, found = one_script(chunk), folded
        if found.status == "match" and found.step in ("exact", "lookalike"):
            return found.player
        # before a looser reading of the roster: an old account's name is never read as another player
        now_played = former.match(chunk, fuzzy=False) if former is not None else None
        if now_played is not None and now_played.status == "match":
            # a замена: the old account's name means the slot, which the GM names by its player now
            slot = successor[now_played.player or ""]
            raise ActionError(Problem(NIGHT_ADD, where_phrase(text),
                                      Line("phrase.old_account", "player {written} is the old account of the slot now "
                                           "played by {slot} (замена)", written=repr(chunk), chunk=chunk, slot=slot),
                                      Line("hint.write_name", "write {name}", name=slot)))
        if found.status == "ambiguous" and len(found.candidates) == 1:
            # one candidate, but not a sure match (a loose spelling): the GM is asked, not guessed for
            raise ActionError(Problem(NIGHT_ADD, where_phrase(text),
                                      Line("phrase.not_surely", "player {written} is not surely {name}",
                                           written=repr(chunk), chunk=chunk, name=found.candidates[0]),
                                      Line("hint.if_meant", "if {name} is meant, write {name}", name=found.candidates[0])))
        if found.status == "match":
            return found.player
        if found.status == "ambiguous":
            raise ActionError(Problem(NIGHT_ADD, where_phrase(text),
                                      Line("phrase.player_several", "{what} {written} fits several: {candidates}",
                                           what="player", written=repr(chunk), chunk=chunk,
                                           candidates=", ".join(found.candidates)),
                                      Line("hint.full_name", "write the full name")))
        return find_entry(chunk, players, "player", text)

    def target(name: str) -> str | None:
        if clean(name) in SELF_WORDS and not is_name(name):
            if not actor:
                raise ActionError(Problem(NIGHT_ADD, where_phrase(text), Line("phrase.self_needs_actor",
                                                                         "'себя' needs the actor's nick")))
            return actor
        if clean(name).startswith("никого"):
            return None
        return player_of(name)

    def targets_of(rest: str) -> tuple[str, ...]:
        out = []
        for chunk in split_chunks(rest):
            name = without_prepositions(chunk, is_name)
            if not name:
                continue
            try:
                found = target(name)
            except ActionError:
                # a preposition kept as a name ("на" when a nick is "Na") that names nobody with the rest
                plain = without_prepositions(chunk)
                if not plain or plain == name:
                    raise
                found = target(plain)
            if found is not None:
                out.append(found)
        return tuple(out)

    cards = cards_of(role, ruleset)
    if state is not None and any(p.nick == actor for p in state.players):
        night = night or state.night + 1
        held = [card for card, _ in available_abilities(ruleset, state, actor).values()]
        cards = held + [c for c in cards if c.name not in {h.name for h in held}]
    by_words = [c for c in (*cards, *ruleset.items) if not night or parity_fits(c, night)]
    named = [(w.lower().replace("ё", "е"), c.name) for c in by_words for w in c.words]
    # the actor's own nick and role may label the message ("Элиса: узнаю ...", "Гамма: проверяю Бету")
    own_labels = [actor, role.name, *role.aliases, *next((names for nick, names in players if nick == actor), ())]
    own_forms = {f for label in own_labels for w in label.split() for f in word_forms(w) if len(f) > 1}

    def own(word: str) -> bool:
        return bool(word_forms(word) & own_forms)

    kept = [label for _, labels in players for label in labels if re.search(r"[,.;:!?…]", label)]
    clauses = split_clauses(text, named, is_name, kept=kept, own=own, kinds={c.name: c.kind for c in by_words},
                             hint=own_hint([c for c in cards if not night or parity_fits(c, night)]))
    actions: list[Action] = []
    copy_of: Role | None = None

    for clause in clauses:
        kind, rest = clause.kind, clause.rest
        if kind.startswith("card:"):
            card = next(c for c in by_words if c.name == kind[5:])
            twins = [c.name for c in by_words if c.parity and c.parity != card.parity and set(c.words) & set(card.words)]
            if card.parity and twins and not night:
                raise ActionError(Problem(NIGHT_ADD, where_phrase(text),
                                          Line("phrase.parity_unknown", "{ability} on {parity} nights or {others} on the "
                                               "others: the night is not known", ability=card.name, parity=card.parity,
                                               others=", ".join(twins)),
                                          Line("hint.parity_entry", "write the night file's entry: ability = \"{one}\" or "
                                               "\"{other}\"", one=card.name, other=twins[0])))
            actions.append(card_action(card, rest, actor, targets_of, roles, text))
            continue
        if kind == "redirect":
            card = card_for("redirect", cards, role, text)
            actions.append(card_action(card, rest, actor, targets_of, roles, text))
            continue
        if kind == "copy":
            if len(name_chunks(rest)) > 1:
                raise ActionError(Problem(NIGHT_ADD, where_phrase(text), Line("phrase.copy_one_role", "copy of one role, not "
                                                                         "{roles}", roles=", ".join(name_chunks(rest))),
                                          COPY_HINT))
            copy_of = ruleset.role(find_entry(name_chunks(rest)[0] if name_chunks(rest) else rest, roles, "role", text))
            continue
        if kind == "question":
            card = card_for("question", cards, role, text)
            actions.append(Action(actor, card.name, (), question=rest))
            continue
        if kind == "kill" and re.search(r"\bникого\b", rest.lower()):
            continue   # "нанимаюсь у Васи, никого не убиваю"
        if copy_of is not None:
            inner_cards = cards_of(copy_of, ruleset) if copy_of.name == (ruleset.succession or ("",))[0] else list(copy_of.abilities)
            inner = card_for(kind, inner_cards, copy_of, text)
            copy_card = card_for("copy", cards, role, text)
            actions.append(Action(actor, copy_card.name, targets_of(rest), role=copy_of.name, copy=inner.name))
            copy_of = None
            continue
        if kind == "heal_from_role":
            card = card_for("heal_from_role", cards, role, text)
            who = re.sub(r"^\s*от\s+", "", rest.strip(), flags=re.I)
            sides = [(s.title, [s.title, s.title_f or s.title, s.id]) for s in ruleset.sides.values()]
            try:
                name = find_entry(who, sides, "side", text)
            except ActionError:
                name = find_entry(who, roles, "role", text)
            actions.append(Action(actor, card.name, (), role=name))
            continue
        hire = next((c for c in cards if c.kind == "hire"), None)
        if kind == "kill" and hire is not None:
            if actions and actions[-1].ability == hire.name:   # "нанимаюсь у Васи, убиваю Петю"
                actions[-1] = Action(actor, hire.name, actions[-1].targets, kill=targets_of(rest))
                continue
            if not any(c.kind == "kill" for c in cards):        # the kill kept from an earlier hire
                kind = "deferred_kill"
        card = card_for(kind, cards, role, text)
        rest, choice = watch_choice(card, rest, text)
        actions.append(Action(actor, card.name, targets_of(rest), learn=choice))
    if copy_of is not None:
        raise ActionError(Problem(NIGHT_ADD, where_phrase(text), Line("phrase.copy_which", "copy of {role}: which action?",
                                                                 role=copy_of.name), COPY_HINT))
    # the boss's "убиваю X, пугаю Y" is one action: kill + intimidate
    kinds = {a.ability: a for a in actions}
    kill_card = next((c for c in cards if c.kind == "kill"), None)
    silence_card = next((c for c in cards if c.kind == "silence"), None)
    combo = next((c for c in cards if c.kind == "kill_silence"), None)
    if combo and kill_card and silence_card and kill_card.name in kinds and silence_card.name in kinds and len(actions) == 2:
        actions = [Action(actor, combo.name, kinds[kill_card.name].targets + kinds[silence_card.name].targets)]
    if not actions:
        raise ActionError(Problem(NIGHT_ADD, where_phrase(text), Line("phrase.no_action", "no action found"),
                                  Line("hint.verb", "start with a verb: Лечу Васю")))
    return actions
