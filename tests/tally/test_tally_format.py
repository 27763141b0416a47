"""The pure formatters: the terminal table and the live-count BBCode post (RULES.md §6)."""
from __future__ import annotations

import io
import random
from datetime import datetime

import pytest
from rich.console import Console
from rich.table import Table
from rich.text import Text

from mafvote_tally import Silence, format_bbcode, format_text
from mafvote_tally import format as format_module
from mafvote_tally.format import table_text
from support.count import at, blue, count, post, red

POSTS = [post("Соня", "10:00", red("Петя")), post("Вася", "11:00", blue("Петя")),
         post("Ronin", "12:00", red("Петя") + " досрочно"), post("Nejka", "12:30", red("Вася"))]
RULES = {"early_close_from_day": 1}


def test_format_bbcode_live_count_post():
    t = count(POSTS, rules=RULES, view="public", as_of=at("13:00"))
    text = format_bbcode(t, at("19:45"))
    assert text == (
        "[b]Подсчёт голосов, день 1[/b]\n\n"
        "[u]Против:[/u]\n"
        "[color=#FF0000]Петя[/color] — 2 голоса (Соня, Ronin [i]досрочно[/i])\n"
        "[color=#FF0000]Вася[/color] — 1 голос (Nejka)\n\n"
        "[u]В защиту:[/u]\n"
        "[color=#0000FF]Петя[/color] — 1 голос (Вася)\n\n"
        "[u]Итого:[/u]\n"
        "Петя: 1 (против 2, в защиту 1)\n"
        "Вася: 1 (против 1, в защиту 0)\n\n"
        "Не проголосовали: Петя, Алукард\n"
        "Досрочно: Ronin\n\n"
        "[b]Голосование до 1 января, 22:00 (осталось 2 часа 15 минут).[/b]\n")


def test_format_bbcode_closed_day_shows_the_result_and_penalties():
    t = count(POSTS, rules=RULES, view="public")
    text = format_bbcode(t, at("22:05"))
    assert "Петя: 3 (против 2, в защиту 1, штраф +2)" in text
    assert text.endswith("[b]Голосование закрыто.[/b] Итог: Петя покидает игру\n")


def test_format_bbcode_escapes_nicks_that_look_like_tags():
    evil = "[/color][url=http://x]"
    players = ("Соня", evil)
    t = count([post("Соня", "10:00", red("[/color][url=http://x]"))], players=players, alive=players,
              view="public", as_of=at("11:00"))
    text = format_bbcode(t, at("11:00"))
    assert "[/color][url" not in text and "[\u200b/color\u200b][\u200burl=http://x\u200b]" in text


def test_format_text_terminal_table():
    t = count(POSTS, rules=RULES, as_of=at("13:00"))
    text = format_text(t)
    rows = [line for line in text.splitlines() if line.startswith("│")]
    assert [r.split("│")[1].strip() for r in rows] == ["Петя", "Алукард", "Вася"]   # 3, 2 (penalty), 1
    assert "│ Петя    │     3 │   2 │    1 │       2 │ Соня, Вася (blue), Ronin │" in text
    assert "not voted: Петя, Алукард" in text
    assert "final (досрочно): Ronin" in text
    assert "day open; outcome: plurality → Петя" in text


# --- a silenced voter in the live count; the slot's name after a замена (RULES.md §3.5, §2)

def test_rule_3_5_silenced_voter_is_marked_so_names_and_number_agree():
    posts = [post("Соня", "10:00", red("Петя")), post("Вася", "11:00", red("Петя")),
             post("Ronin", "12:00", red("Петя")), post("Nejka", "12:30", red("Вася"))]
    t = count(posts, view="public", as_of=at("13:00"), silences=(Silence("Соня", True),))
    text = format_bbcode(t, at("19:45"))
    # the silenced voter after the counted ones, never a bracket inside the list's brackets
    assert "[color=#FF0000]Петя[/color] — 2 голоса (Вася, Ronin; без голоса: Соня)\n" in text
    assert "Лишены голоса: Соня\n" in text
    plain = format_bbcode(t, at("19:45"), markup=False)
    assert "Петя — 2 голоса (Вася, Ronin; без голоса: Соня)\n" in plain


def test_rule_2_text_count_names_the_slot_as_the_posts_do():
    posts = [post("Nejka", "10:00", red("Петя")), post("Соня", "11:00", red("Nejka"))]
    t = count(posts, as_of=at("13:00"))
    text = format_text(t, names={"Nejka": "Снежок"})
    rows = [[c.strip() for c in line.split("│")[1:-1]] for line in text.splitlines() if line.startswith("│")]
    assert [(r[0], r[-1]) for r in rows if r[0] in ("Петя", "Снежок")] == [("Петя", "Снежок"), ("Снежок", "Соня")]
    assert "Nejka" not in text
    # without names: the slots' nicks, as before
    assert "│ Петя " in format_text(t) and "Nejka" in format_text(t)


# --- the table drawn without rich is rich's table (issue 17) ---------------------------------------------------

def _rich_oracle(title, columns, rows, width):
    """The table as rich draws it: what `format_text` printed before issue 17 drew the usual table itself."""
    table = Table(title=Text(title), expand=False)
    for header, left in columns:
        table.add_column(header, justify="left" if left else "right")
    for row in rows:
        table.add_row(*(Text(cell) if left else cell for cell, (_, left) in zip(row, columns)))
    buf = io.StringIO()
    Console(file=buf, width=width, color_system=None, force_terminal=False, legacy_windows=False).print(table)
    return buf.getvalue().rstrip("\n")


# what nicks, counts and headers are made of, and what makes rich draw the table itself: a wide character (中, 😀),
# a combining accent, a soft hyphen, a tab or a line break, markup and emoji codes in a header or a count
_USUAL = "абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВЖЯabcdefxyzKLMQ0123456789 ,.-'()×—«»_!"
_RARE = ["中", "😀", "e\u0301", "\u00ad", "\t", "\n", "[b]", ":smile:", "  ", "\u200b"]


def _cell(rnd, longest, rare=0.08):
    text = "".join(rnd.choice(_USUAL) for _ in range(rnd.randint(0, longest)))
    if rnd.random() < rare:
        at = rnd.randint(0, len(text))
        text = text[:at] + rnd.choice(_RARE) + text[at:]
    return text


def test_the_table_without_rich_is_rich_s_table_character_for_character():
    # random tables of the count's shape (a name, counts, voters) and other shapes, each drawn by table_text and by
    # rich itself at a random width: the same text, whether table_text drew it itself or asked rich
    rnd = random.Random(17)
    drawn_plain = 0
    for _ in range(500):
        if rnd.random() < 0.5:         # the count's shape: a name, numbers, the voters
            columns = [(_cell(rnd, 9, 0.01), True), *((_cell(rnd, 8, 0.01), False) for _ in range(rnd.randint(3, 4))),
                       (_cell(rnd, 12, 0.01), True)]
            rows = [[_cell(rnd, 14, 0.01), *(str(rnd.randint(-3, 12)) for _ in columns[2:]), _cell(rnd, 45, 0.01)]
                    for _ in range(rnd.randint(0, 9))]
            width = rnd.choice((110, 110, rnd.randint(20, 140)))
        else:
            columns = [(_cell(rnd, 9), rnd.random() < 0.4) for _ in range(rnd.randint(1, 7))]
            rows = [[_cell(rnd, rnd.choice((3, 12, 40))) for _ in columns] for _ in range(rnd.choice((0, 1, 3, 8)))]
            width = rnd.randint(20, 140)
        title = rnd.choice(("", " ", _cell(rnd, 30), _cell(rnd, 90) + "  ", "  " + _cell(rnd, 200),
                            "x" * rnd.randint(5, 60) + " " + _cell(rnd, 40)))
        drawn = table_text(title, columns, rows, width)
        assert drawn == _rich_oracle(title, columns, rows, width), (title, columns, rows, width)
        drawn_plain += format_module._plain_table(title, columns, rows, width) is not None
    # the usual tables were drawn without rich (a table_text that always asked rich would pass the loop above)
    assert drawn_plain > 100, drawn_plain


def test_the_count_s_usual_table_is_drawn_without_rich_and_is_rich_s(monkeypatch):
    t = count(POSTS, rules=RULES, as_of=at("13:00"))
    shown = ({}, {"Nejka": "Снежок"})
    monkeypatch.setattr(format_module, "_plain_table", lambda *a: None)
    by_rich = [format_text(t, names=names) for names in shown]
    monkeypatch.undo()

    def no_rich(*args):
        raise AssertionError("rich was asked to draw the usual table")

    monkeypatch.setattr(format_module, "_rich_table", no_rich)
    assert [format_text(t, names=names) for names in shown] == by_rich
    assert "│ Петя    │     3 │   2 │    1 │       2 │ Соня, Вася (blue), Ronin │" in by_rich[0]


@pytest.mark.parametrize("t, clock_text, short, long", [
    (datetime(2026, 12, 2, 18, 5), "18:05", "02.12 18:05", "2 декабря, 18:05"),
    (datetime(2027, 1, 31, 0, 0), "00:00", "31.01 00:00", "31 января, 00:00"),
    (datetime(2026, 5, 9, 9, 30, 59), "09:30", "09.05 09:30", "9 мая, 09:30"),
])
def test_clock_texts_are_strftimes_and_the_russian_date(t, clock_text, short, long):
    """The clock's texts on the pages, charts and count posts, written without strftime (issue 17), are what
    strftime wrote (`%H:%M`, `%d.%m %H:%M`), and the count post's date is the day and the month in the genitive."""
    from mafvote_tally.format import clock, date_and_clock, day_and_clock

    assert (clock(t), day_and_clock(t), date_and_clock(t)) == (clock_text, short, long)
    assert (clock(t), day_and_clock(t)) == (t.strftime("%H:%M"), t.strftime("%d.%m %H:%M"))
