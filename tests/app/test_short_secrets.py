"""Issue 14: a short secret (under `SHORT_SECRET` characters: a password "x" or "1234") is scrubbed where it stands
alone — as a form or an address carries it, `password=1234&` — but not inside a longer word or number, which it
mangled in every later alert and tick line («e***cused»); a longer secret is scrubbed anywhere, as before."""
from __future__ import annotations

from mafvote.secret_registry import SHORT_SECRET, scrub

# the login form a forum's error page echoes back (tests/data/publish: phpBB 3 shows the submitted form)
ECHO = "Ошибка входа. Запрос: username=mafvote-bot&password={}&autologin=on&login=Вход"


def test_a_short_password_echoed_by_the_forum_in_its_form_is_scrubbed():
    assert scrub(ECHO.format("1234"), ["1234"]) == ECHO.format("***")
    # percent-encoded as the form body carries it, and HTML-escaped as the page shows it
    assert scrub(ECHO.format("p%40s"), ["p@s"]) == ECHO.format("***")
    assert scrub("<input value=\"a&amp;b\">", ["a&b"]) == "<input value=\"***\">"
    assert scrub("пароль x не подошёл", ["x"]) == "пароль *** не подошёл"


def test_a_short_password_inside_a_longer_word_or_number_is_left_alone():
    line = "ny: день 1, пост 12345 в 12:34; освобождены (excused): Соня; xx"
    assert scrub(line, ["1234", "x"]) == line
    assert scrub("день_1234 и 1234а", ["1234"]) == "день_1234 и 1234а"


def test_a_long_secret_is_scrubbed_anywhere_even_inside_a_word():
    assert SHORT_SECRET == 8
    assert scrub("token=abcHunter22xyz и Hunter22", ["Hunter22"]) == "token=abc***xyz и ***"
    # one character shorter: a whole word only
    assert scrub("token=abcHunter2xyz и Hunter2", ["Hunter2"]) == "token=abcHunter2xyz и ***"


def test_a_short_secret_inside_a_long_one_is_scrubbed_with_it():
    assert scrub("abc1234567890def 1234", ["1234", "1234567890"]) == "abc***def ***"
