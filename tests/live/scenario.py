"""The vote thread the live tier posts on every engine, through the engine's own forms, and what mafvote must
read back from it: the text of every post and every vote it holds.

Day 1 of a game runs from 01.01.2027 20:00 to 03.01.2027 18:00 (Moscow). The thread is written over two days
of the board's clock (02.01 and 03.01), so the first crawl, at 03.01 12:00, sees «Вчера»/«Yesterday» and
«Сегодня»/«Today» dates; 22 posts make three pages of 10. Then one post is edited and nine more are posted
(a fourth page), one of them after the deadline; the last crawl runs a day later, when every «Today» in a post
or a quote header has turned into «Yesterday». It holds: red and blue votes (named and hex colours), a quote
holding a vote, a signature holding a coloured name, an edit before the first crawl and one after it, a vote
«досрочно», a quote of a same-day post, and a vote after the deadline.
"""
from __future__ import annotations

from dataclasses import dataclass, field

GM = "Ведущий"
PLAYERS = ["Соня", "Puss", "Шляпник", "Alisa", "Ёжик", "Enzo"]
PASSWORDS = {name: f"Pw-{i}-live-vote" for i, name in enumerate([GM, *PLAYERS])}
TITLE = "Голосование — День 1"
START, DEADLINE = "2027-01-01T20:00", "2027-01-03T18:00"
EDIT_REASON = "передумал"
ENZO_SIGNATURE = "[color=red]Ёжик[/color] — не голос, подпись"
FIRST_CRAWL, SECOND_CRAWL, AFTER_DEADLINE_CRAWL, NEXT_DAY_CRAWL = (
    "2027-01-03T12:00", "2027-01-03T13:00", "2027-01-03T19:30", "2027-01-04T09:00")


@dataclass(frozen=True)
class Step:
    """One write: a new post (`quote` = the key of the post it quotes), or an edit of post `edit`."""
    at: str                       # the board's clock (Moscow) when it is written
    who: str
    bbcode: str
    key: str = ""                 # a name for the post, for quotes, edits and checks
    quote: str = ""
    edit: str = ""
    text: str = ""                # what a reader sees of the post's own words (the quote aside)
    votes: tuple[tuple[str, str, bool], ...] = ()   # (target, colour, досрочно) as counted from this post


def _chat(at: str, who: str, n: int) -> Step:
    return Step(at, who, f"Флуд номер {n}: обсуждаем, но не голосую.", key=f"chat{n}",
                text=f"Флуд номер {n}: обсуждаем, но не голосую.")


# Before the first crawl: 22 posts (pages 1-3) and the edit of «alisa1»
BEFORE_FIRST_CRAWL: list[Step] = [
    Step("2027-01-02T10:00", GM, "День 1. Голосуем до 18:00 3 января.\nКрасный — против, синий — в защиту.",
         key="open", text="День 1. Голосуем до 18:00 3 января.\nКрасный — против, синий — в защиту."),
    Step("2027-01-02T10:05", "Соня", "Голосую против [color=red]Puss[/color]", key="sonya1",
         text="Голосую против Puss", votes=(("Puss", "red", False),)),
    Step("2027-01-02T10:10", "Puss", "Мяу. [color=#FF0000]Соня[/color]", key="puss1",
         text="Мяу. Соня", votes=(("Соня", "red", False),)),
    Step("2027-01-02T10:15", "Alisa", "Защищаю [color=blue]Соня[/color]", key="alisa0",
         text="Защищаю Соня", votes=(("Соня", "blue", False),)),
    Step("2027-01-02T10:20", "Шляпник", "Пока думаю, кого выбрать.", key="hat0", text="Пока думаю, кого выбрать."),
    Step("2027-01-02T10:25", "Enzo", "[color=red]Шляпник[/color]", key="enzo1", text="Шляпник",
         votes=(("Шляпник", "red", False),)),
    Step("2027-01-02T10:30", "Ёжик", "Не согласен с Соней.", key="hedgehog_quote", quote="sonya1",
         text="Не согласен с Соней."),
    Step("2027-01-02T11:00", "Alisa", "[color=red]Ёжик[/color]", key="alisa1", text="Enzo",
         votes=(("Enzo", "red", False),)),
    *[_chat(f"2027-01-02T11:{10 + 5 * i:02d}", who, i + 1)
      for i, who in enumerate(["Соня", "Puss", "Шляпник", "Enzo", "Ёжик", "Соня", "Puss", "Шляпник"])],
    # edited after eight later posts (phpBB keeps no edit record of a topic's last post edited by its author)
    Step("2027-01-02T13:00", "Alisa", "[color=red]Enzo[/color]", edit="alisa1"),
    Step("2027-01-03T09:00", "Puss", "[color=red]Enzo[/color]", key="puss2", text="Enzo",
         votes=(("Enzo", "red", False),)),
    # a quote of a post of the same day: its header reads «Today …» now and «Yesterday …» tomorrow (SMF)
    Step("2027-01-03T09:30", "Ёжик", "Голосую [color=red]Puss[/color]", key="hedgehog_today", quote="puss2",
         text="Голосую Puss", votes=(("Puss", "red", False),)),
    Step("2027-01-03T10:00", "Соня", "[color=red]Puss[/color] досрочно", key="sonya_early", text="Puss досрочно",
         votes=(("Puss", "red", True),)),
    Step("2027-01-03T10:30", "Шляпник", "Голосую [color=blue]Alisa[/color]", key="hat1",
         text="Голосую Alisa", votes=(("Alisa", "blue", False),)),
    Step("2027-01-03T11:00", "Enzo", "[color=red]Соня[/color]", key="enzo2", text="Соня",
         votes=(("Соня", "red", False),)),
    Step("2027-01-03T11:30", "Alisa", "Думаю ещё.", key="alisa2", text="Думаю ещё."),
]

# Between the first and the second crawl: the edit of «hat1» (seen by the re-read, not by a poll) and nine
# new posts, the last on page 4
AFTER_FIRST_CRAWL: list[Step] = [
    Step("2027-01-03T12:10", "Шляпник", "Голосую [color=red]Alisa[/color]", edit="hat1"),
    Step("2027-01-03T12:20", "Alisa", "[color=red]Шляпник[/color]", key="alisa3", text="Шляпник",
         votes=(("Шляпник", "red", False),)),
    *[_chat(f"2027-01-03T12:{22 + 2 * i:02d}", who, 9 + i)
      for i, who in enumerate(["Puss", "Ёжик", "Enzo", "Соня", "Шляпник", "Puss", "Ёжик", "Enzo"])],
]

# After the deadline (18:00): a vote that must not count
AFTER_DEADLINE: list[Step] = [
    Step("2027-01-03T18:30", "Alisa", "[color=red]Соня[/color]", key="late", text="Соня",
         votes=(("Соня", "red", False),)),
]

# the text each edited post shows after its edit
EDITED_TEXT = {"alisa1": "Enzo", "hat1": "Голосую Alisa"}
AFTER_EDIT_TEXT = {"hat1": "Голосую Alisa"}


@dataclass
class Posted:
    """What was posted on one board: post ids by key, and the topics' URLs."""
    vote_url: str = ""
    game_url: str = ""
    ids: dict[str, int] = field(default_factory=dict)       # key -> post id
    steps: dict[str, Step] = field(default_factory=dict)    # key -> the step that wrote it
    edits: dict[str, str] = field(default_factory=dict)     # key -> the board time of its edit
    bbcode: dict[str, str] = field(default_factory=dict)    # key -> what the post holds now (after its edit)


def register_all(board) -> dict[str, object]:
    """Every user registered and logged in; Enzo's signature set (before his first post: MyBB shows a
    signature only under posts written with it)."""
    drv = board.driver
    sessions = {}
    for name in [GM, *PLAYERS]:
        drv.register(name, PASSWORDS[name])
        sessions[name] = drv.login(name, PASSWORDS[name])
    drv.set_signature(sessions["Enzo"], ENZO_SIGNATURE)
    return sessions


def write(board, sessions, posted: Posted, steps: list[Step]) -> None:
    drv = board.driver
    for step in steps:
        board.set_clock(step.at)
        session = sessions[step.who]
        if step.edit:
            drv.edit(session, posted.ids[step.edit], step.bbcode, reason=EDIT_REASON)
            posted.edits[step.edit] = step.at
            posted.bbcode[step.edit] = step.bbcode
            continue
        if not posted.vote_url:
            posted.vote_url, pid = drv.new_topic(session, None, TITLE, step.bbcode)
        elif step.quote:
            pid = drv.reply_with_quote(session, posted.vote_url, posted.ids[step.quote], step.bbcode)
        else:
            pid = drv.reply(session, posted.vote_url, step.bbcode)
        posted.ids[step.key] = pid
        posted.steps[step.key] = step
        posted.bbcode[step.key] = step.bbcode


def open_game_topic(board, sessions, posted: Posted) -> None:
    board.set_clock("2027-01-01T19:00")
    posted.game_url, pid = board.driver.new_topic(sessions[GM], None, "Игра: Живая мафия",
                                                  "Правила игры. Ночь первая.")


def pieces(bbcode: str) -> list[str]:
    """The runs of plain text of a post's BBCode: each is in the page's HTML as written."""
    import re
    return [piece.strip() for piece in re.split(r"\[/?[^\]]*\]|\n", bbcode) if piece.strip()]


def keys_in_order(posted: Posted) -> list[str]:
    return sorted(posted.ids, key=posted.ids.__getitem__)
