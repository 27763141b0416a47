"""Property: the storage order of posts never changes the count (RULES.md §3: posts are taken in
forum order, time then post id)."""
from __future__ import annotations

from hypothesis import strategies as st
from hypothesis import given, settings

from support.count import PLAYERS, at, blue, count, post, red


NAMES = PLAYERS + ("Нежку", "Петю", "Ронин", "Зинаида")


@st.composite
def threads(draw):
    n = draw(st.integers(min_value=0, max_value=25))
    posts = [post("Соня", "00:00", "я тут", pid=999)]   # a roster player: not the wrong-thread error
    for i in range(n):
        author = draw(st.sampled_from(PLAYERS + ("Ведущий", "Гость")))
        minute = draw(st.integers(min_value=0, max_value=23 * 60 + 59))
        kind = draw(st.sampled_from(["red", "blue", "word", "chat", "early", "gm"]))
        target = draw(st.sampled_from(NAMES))
        html = {"red": red(target), "blue": blue(target), "word": f"{target} КРАСНЫМ",
                "chat": "просто болтаю", "early": red(target) + " досрочно",
                "gm": f"{draw(st.sampled_from(PLAYERS))} — {red(target)}"}[kind]
        posts.append(post(author, f"{minute // 60:02d}:{minute % 60:02d}", html, pid=1000 + i))
    return posts


@settings(max_examples=60, deadline=None)
@given(threads(), st.randoms(use_true_random=False))
def test_property_shuffling_storage_order_never_changes_the_count(posts, rnd):
    rules = {"early_close_from_day": 1, "early_close": "auto"}
    expect = count(posts, rules=rules).to_json()
    shuffled = list(posts)
    rnd.shuffle(shuffled)
    assert count(shuffled, rules=rules).to_json() == expect
    assert count(list(reversed(posts)), rules=rules, view="public", as_of=at("23:59")).to_json() == \
        count(posts, rules=rules, view="public", as_of=at("23:59")).to_json()
