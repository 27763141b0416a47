"""The pure formatters: the terminal table and the live-count BBCode post (RULES.md §6)."""
from __future__ import annotations

from mafvote_tally import Silence, format_bbcode, format_text
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
