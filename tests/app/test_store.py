"""The SQLite store: schema and migrations, one transaction per page, versions never overwritten,
deletions marked not removed, readers' view (`StoredPost`) and `as_of`."""
from __future__ import annotations

import sqlite3
from dataclasses import replace
from datetime import timedelta

import pytest

from mafvote.store import MIGRATIONS, Store, StoreError, schema
from mafvote.store.family import map_strings
from mafvote_scraper.model import EditNotice, ParsedPost
from mafvote_tally import Post
from mafvote_tally.recognise import READING_VERSION, flatten
from support.forum import STORE_T0, store_meta, store_page, store_post


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "sub" / "dir" / "mafvote.db")
    yield s
    s.close()


@pytest.fixture
def topic(store):
    return store.ensure_topic("hyper", "2", url="http://f/showthread.php?tid=2", kind="vote", game_id="ny")


def test_created_on_first_use_with_parent_folder_in_wal_mode(tmp_path):
    path = tmp_path / "a" / "b" / "m.db"
    with Store(path) as s:
        assert s.schema_version == len(MIGRATIONS)
    assert path.is_file()
    conn = sqlite3.connect(path)
    assert conn.execute("pragma journal_mode").fetchone()[0] == "wal"
    tables = {r[0] for r in conn.execute("select name from sqlite_master where type='table'")}
    assert {"schema_version", "forums", "topics", "pages", "posts", "post_versions",
            "crawl_runs"} <= tables


def test_appended_migration_runs_once_on_an_existing_file(tmp_path):
    path = tmp_path / "m.db"
    Store(path).close()
    calls = []

    def appended(db):
        calls.append(1)
        db["scratch"].create({"game": str, "day": int}, pk="game")

    with Store(path, migrations=[*MIGRATIONS, appended]) as s:
        assert s.schema_version == len(MIGRATIONS) + 1
        assert s.db["scratch"].exists()
    with Store(path, migrations=[*MIGRATIONS, appended]) as s:
        assert s.schema_version == len(MIGRATIONS) + 1
    assert calls == [1]


def test_an_older_store_has_its_control_characters_removed_from_every_text_it_kept(tmp_path):
    """Issue 13: a store filled before the parser cleaned what it reads (schema version 6) kept control characters
    and bidi overrides. Opened by this mafvote (migration 7), the post versions' html, the authors, the topics'
    titles and every string of the game journal lose them (`visible`, the parser's function); the content hash stays
    the body's as served, a cleaned version's reading is made again from the clean html, and a clean row is left
    exactly as it was."""
    path = tmp_path / "m.db"
    dirty = "Голосую \x1b]0;title\x07<b>Пет\u202eя</b>"
    with Store(path, migrations=MIGRATIONS[:6]) as s:
        topic = s.ensure_topic("hyper", "2", url="http://f/showthread.php?tid=2", kind="vote", game_id="ny")
        s.upsert_page(topic, replace(store_page(1, [store_post(1, 1, 0, dirty, author="Вас\u202eя"), store_post(2, 1, 1)]),
                                     title="Голосование\x1b[2J"), store_meta(1))
        s.append_game_phase("ny", number=1, kind="day", start=STORE_T0, deadline=None,
                            state={"alive": ["Пет\u202eя", "Ronin"], "notes": {"Пет\u202eя": "раз\r\nдва\tтри\x85"}},
                            outcome={"eliminated": ["Пет\u202eя"], "votes": 3, "flag": None}, applied_at=STORE_T0,
                            how="day close")
        s.append_game_phase("ny", number=1, kind="night", start=STORE_T0, deadline=None, state={"alive": ["Ronin"]},
                            outcome={"events": []}, applied_at=STORE_T0, how="resolve")
    clean_rows = ("select state, outcome from game_phases where seq = 2",
                  "select html, content_hash, reading, reading_code from post_versions where post_id = 2")
    with sqlite3.connect(path) as conn:
        before = [conn.execute(sql).fetchone() for sql in clean_rows]
    conn.close()

    with Store(path) as s:
        assert s.schema_version == len(MIGRATIONS) == 10
        first, second = s.posts(game_id="ny")
        assert (first.author, first.html) == ("Вася", "Голосую ]0;title<b>Петя</b>")
        assert first.versions_count == 1 and first.versions[0].content_hash == f"h:{dirty}"
        assert first.versions[0].reading == flatten(first.html).to_json()
        assert [t.title for t in s.topics()] == ["Голосование[2J"]
        day, night = s.game_phases("ny")
        assert day.state == {"alive": ["Петя", "Ronin"], "notes": {"Петя": "раз\nдва\tтри"}}
        assert day.outcome == {"eliminated": ["Петя"], "votes": 3, "flag": None}
        assert (night.state, night.outcome) == ({"alive": ["Ronin"]}, {"events": []})
    with sqlite3.connect(path) as conn:
        assert [conn.execute(sql).fetchone() for sql in clean_rows] == before
        assert conn.execute("select reading_code from post_versions where post_id = 1").fetchone() == (
            READING_VERSION,)
    conn.close()


def test_the_written_down_schema_is_what_the_migrations_make():
    # an open checks the store's tables against the schema written down in mafvote.store.schema (issue 17: no
    # migration run in memory, no sqlite-utils imported to read); appending a migration needs its line there
    assert len(MIGRATIONS) in schema._MADE_BY, (
        f"add `{len(MIGRATIONS)}: {{...}}` to mafvote/store/schema.py's _MADE_BY: the tables and columns "
        f"{schema.made_by_migrations(len(MIGRATIONS))}")
    assert schema.expected_schema(len(MIGRATIONS)) == schema.made_by_migrations(len(MIGRATIONS))
    assert schema.made_by_migrations(2)["game_phases"] == {"game_id", "seq", "number", "kind", "start", "deadline",
                                                          "state", "outcome", "applied_at", "how"}


def test_a_lone_write_commits_and_a_nested_transaction_undoes_only_its_own_part(tmp_path):
    """The store's connection keeps sqlite-utils' behaviour without it (mafvote.store.database, issue 17): a write
    outside a transaction is committed at once, a failed inner `atomic` rolls back to its savepoint and the outer
    one commits the rest, `query` names a join's second `id` `id_2`."""
    path = tmp_path / "m.db"
    with Store(path) as s:
        s.db.execute("insert into forums (id, engine) values ('a', 'mybb')")
        other = sqlite3.connect(path)
        assert other.execute("select id from forums").fetchall() == [("a",)]
        with s.db.atomic():
            s.db.execute("insert into forums (id, engine) values ('b', 'mybb')")
            with pytest.raises(ValueError):
                with s.db.atomic():
                    s.db.execute("insert into forums (id, engine) values ('c', 'mybb')")
                    raise ValueError("the inner part fails")
            s.db.execute("insert into forums (id, engine) values ('d', 'mybb')")
        assert other.execute("select id from forums order by id").fetchall() == [("a",), ("b",), ("d",)]
        other.close()
        s.db.execute("insert into topics (id, forum, topic_id, url, kind) values (7, 'a', '1', 'u', 'vote')")
        assert list(s.db.query("select t.id, f.id from topics t join forums f on f.id = t.forum")) == [
            {"id": 7, "id_2": "a"}]


def test_file_from_a_newer_mafvote_is_refused_with_advice(tmp_path):
    path = tmp_path / "m.db"
    Store(path, migrations=[*MIGRATIONS, lambda db: None]).close()
    newer = len(MIGRATIONS) + 1
    with pytest.raises(StoreError, match=f"версия схемы {newer}, а этот mafvote знает только до {newer - 1}; обновите mafvote"):
        Store(path)


def test_upsert_page_stores_posts_and_reports_new(store, topic):
    changes = store.upsert_page(topic, store_page(1, [store_post(10, 1, 0), store_post(11, 1, 1)], "http://f/p2"), store_meta(1))
    assert changes.new == (10, 11) and changes.changed == () and changes.seen == (10, 11)
    posts = store.posts(game_id="ny")
    assert [(p.post_id, p.page, p.position, p.author, p.kind, p.topic) for p in posts] == [
        (10, 1, 0, "Ronin", "vote", "2"), (11, 1, 1, "Ronin", "vote", "2")]
    assert posts[0].time == STORE_T0 - timedelta(minutes=50)
    stored = store.page(topic, 1)
    assert stored.post_ids == (10, 11) and stored.etag == '"e1"' and stored.next_url == "http://f/p2"
    assert store.topic("hyper", "2").pages_known == 1
    assert store.topic("hyper", "2").title == "Голосование"


def test_changed_content_appends_a_version_and_keeps_the_first(store, topic):
    store.upsert_page(topic, store_page(1, [store_post(10, 1, 0, "Соня")]), store_meta(1, STORE_T0))
    edit = EditNotice(at=STORE_T0 + timedelta(minutes=3), by="Ronin", reason="опечатка")
    changes = store.upsert_page(topic, store_page(1, [store_post(10, 1, 0, "Алукард", edit=edit)]),
                                store_meta(1, STORE_T0 + timedelta(minutes=5)))
    assert changes.changed == (10,) and changes.new == ()
    (p,) = store.posts(game_id="ny")
    assert p.html == "Алукард" and p.first_html == "Соня"
    assert p.versions_count == 2 and p.edited and p.edit_at == STORE_T0 + timedelta(minutes=3)
    assert [(v.n, v.html, v.seen_at) for v in store.post_versions(p)] == [
        (1, "Соня", STORE_T0), (2, "Алукард", STORE_T0 + timedelta(minutes=5))]
    # The same content again is not a new version.
    again = store.upsert_page(topic, store_page(1, [store_post(10, 1, 0, "Алукард", edit=edit)]),
                              store_meta(1, STORE_T0 + timedelta(minutes=9)))
    assert again.changed == () and store.posts(game_id="ny")[0].versions_count == 2


def test_a_page_read_again_moves_each_posts_last_seen_and_keeps_what_changed_around_the_content(store, topic):
    # the posts seen again as stored are updated in one statement, the others one by one (issue 17): both kinds
    # on one page, each post ending as the page showed it
    store.upsert_page(topic, store_page(1, [store_post(10, 1, 0), store_post(11, 1, 1), store_post(12, 1, 2)]),
                      store_meta(1, STORE_T0))
    again = store.upsert_page(topic, store_page(1, [store_post(10, 1, 0), store_post(12, 1, 1, author="Ronin2"),
                                                    store_post(11, 1, 2)]),
                              store_meta(1, STORE_T0 + timedelta(minutes=5)))
    assert (again.new, again.changed, again.restored, again.seen) == ((), (), (), (10, 12, 11))
    posts = store.posts(game_id="ny")
    assert sorted((p.post_id, p.position, p.author, p.first_seen, p.last_seen, p.versions_count) for p in posts) == [
        (10, 0, "Ronin", STORE_T0, STORE_T0 + timedelta(minutes=5), 1),
        (11, 2, "Ronin", STORE_T0, STORE_T0 + timedelta(minutes=5), 1),
        (12, 1, "Ronin2", STORE_T0, STORE_T0 + timedelta(minutes=5), 1)]


def test_post_moving_to_another_page_is_one_post(store, topic):
    store.upsert_page(topic, store_page(1, [store_post(10, 1, 0)]), store_meta(1))
    store.upsert_page(topic, store_page(2, [store_post(11, 2, 0)]), store_meta(2))
    moved = store.upsert_page(topic, store_page(1, [store_post(10, 1, 0), store_post(11, 1, 1)]), store_meta(1))
    assert moved.new == ()
    assert [(p.post_id, p.page, p.position) for p in store.posts(topic=topic)] == [(10, 1, 0), (11, 1, 1)]


def test_deleted_post_is_marked_not_removed_and_comes_back_if_seen(store, topic):
    store.upsert_page(topic, store_page(1, [store_post(10, 1, 0), store_post(11, 1, 1)]), store_meta(1))
    assert store.mark_deleted(topic, [11, 99], STORE_T0 + timedelta(minutes=1)) == [11]
    assert [p.post_id for p in store.posts(game_id="ny")] == [10]
    (gone,) = [p for p in store.posts(game_id="ny", include_deleted=True) if p.deleted]
    assert gone.post_id == 11 and gone.deleted_at == STORE_T0 + timedelta(minutes=1) and gone.html == "пост 11"
    back = store.upsert_page(topic, store_page(1, [store_post(10, 1, 0), store_post(11, 1, 1)]), store_meta(1))
    assert back.restored == (11,)
    assert [p.post_id for p in store.posts(game_id="ny")] == [10, 11]


def test_as_of_shows_what_was_known_then(store, topic):
    store.upsert_page(topic, store_page(1, [store_post(10, 1, 0, "Соня")]), store_meta(1, STORE_T0))
    store.upsert_page(topic, store_page(1, [store_post(10, 1, 0, "Алукард"), store_post(11, 1, 1)]),
                      store_meta(1, STORE_T0 + timedelta(hours=1)))
    store.mark_deleted(topic, [11], STORE_T0 + timedelta(hours=2))
    then = store.posts(game_id="ny", as_of=STORE_T0 + timedelta(minutes=30))
    assert [(p.post_id, p.html, p.versions_count) for p in then] == [(10, "Соня", 1)]
    later = store.posts(game_id="ny", as_of=STORE_T0 + timedelta(hours=1, minutes=30))
    assert [(p.post_id, p.deleted) for p in later] == [(10, False), (11, False)]
    assert [p.post_id for p in store.posts(game_id="ny", as_of=STORE_T0 + timedelta(hours=3))] == [10]


def test_a_failing_page_leaves_nothing_of_itself(store, topic):
    store.upsert_page(topic, store_page(1, [store_post(10, 1, 0)]), store_meta(1))
    bad = store_post(12, 2, 1)
    bad = ParsedPost(**{**bad.__dict__, "time": bad.time.replace(tzinfo=None)})  # fails mid-page
    broken = store_page(2, [store_post(11, 2, 0), bad])
    with pytest.raises(ValueError, match="naive datetime"):
        store.upsert_page(topic, broken, store_meta(2))
    assert [p.post_id for p in store.posts(game_id="ny")] == [10]
    assert store.page(topic, 2) is None


def test_crawl_runs_record_counts_and_errors(store, topic):
    run = store.start_crawl(topic, STORE_T0)
    store.finish_crawl(run, STORE_T0 + timedelta(seconds=4), requests=3, bytes=1200, pages=2, new=5,
                       changed=1, deleted=0, error="layout not recognised: x")
    (r,) = store.crawl_runs(topic)
    assert (r.requests, r.bytes, r.pages, r.new, r.changed, r.deleted) == (3, 1200, 2, 5, 1, 0)
    assert r.error == "layout not recognised: x" and r.finished_at == STORE_T0 + timedelta(seconds=4)


def test_a_games_changes_name_its_vote_threads_last_crawl_that_changed_something(store, topic):
    def run(at_topic, minute, **counts):
        run_id = store.start_crawl(at_topic, STORE_T0 + timedelta(minutes=minute))
        store.finish_crawl(run_id, STORE_T0 + timedelta(minutes=minute), requests=1, bytes=1, pages=1,
                           **{"new": 0, "changed": 0, "deleted": 0, **counts}, error=None)
        return run_id
    game_topic = store.ensure_topic("hyper", "1", url="http://f/showthread.php?tid=1", kind="game", game_id="ny")
    assert store.game_changes("ny") == (0, None, None, None)
    edited = run(topic, 0, changed=1)
    for minute in range(1, 40):                  # polls that found nothing, and the game topic's news
        run(topic, minute)
        run(game_topic, minute, new=1)
    assert store.game_changes("ny")[3] == edited
    deleted = run(topic, 40, deleted=2)
    run(topic, 41)
    assert store.game_changes("ny")[3] == deleted
    # the vote thread moved (a new topic row): the newest change of either counts
    moved = store.ensure_topic("hyper", "9", url="http://f/showthread.php?tid=9", kind="vote", game_id="ny")
    run(moved, 42)
    assert store.game_changes("ny")[3] == deleted
    assert store.game_changes("ny")[3] < run(moved, 43, new=1) == store.game_changes("ny")[3]
    assert store.game_changes("other") == (0, None, None, None)


def test_times_are_iso_utc_text(store, topic):
    store.upsert_page(topic, store_page(1, [store_post(10, 1, 0)]), store_meta(1))
    row = next(store.db.query("select time, first_seen from posts"))
    assert row == {"time": "2027-01-01T11:10:00+00:00", "first_seen": "2027-01-01T12:00:00+00:00"}


def test_a_counts_read_gives_a_deleted_post_its_deletion_as_the_posts_read_does(store, topic):
    # `count_posts` fetches the deletion's time in the post's time column (`_COUNT_ROW`): a GM counting as of
    # before the deletion sees the post as it stood, after it sees it deleted and when, by range and by post id
    store.upsert_page(topic, store_page(1, [store_post(10, 1, 0), store_post(11, 1, 1), store_post(12, 1, 2)]),
                      store_meta(1))
    store.mark_deleted(topic, [11], STORE_T0 + timedelta(hours=2))
    for as_of in (None, STORE_T0 + timedelta(hours=1), STORE_T0 + timedelta(hours=3)):
        want = {p.post_id: Post.from_stored(p) for p in store.posts(game_id="ny", include_deleted=True, html=False,
                                                                     as_of=as_of)}
        for read in (store.count_posts("ny", as_of=as_of),
                     store.count_posts("ny", as_of=as_of, posts=[("hyper", 10), ("hyper", 11), ("hyper", 12)])):
            got = {pid: p for (_, pid), p in read.posts.items()}
            assert got == want
            deleted = as_of is None or as_of > STORE_T0 + timedelta(hours=2)
            assert (got[11].deleted, got[11].deleted_at) == ((True, STORE_T0 + timedelta(hours=2)) if deleted
                                                             else (False, None))
            assert not got[10].deleted and not got[12].deleted


@pytest.mark.parametrize(("value", "lists", "tuples"), [
    ({"a": [1, ["x", []], {"b": ("y",)}], "c": []},
     {"A": [1, ["X", []], {"B": ["Y"]}], "C": []}, {"A": (1, ("X", ()), {"B": ("Y",)}), "C": ()}),
    (["x"], ["X"], ("X",)),
    ("x", "X", "X"),
    (7, 7, 7),
])
def test_map_strings_changes_every_string_and_makes_each_list_by_the_sequence_asked(value, lists, tuples):
    # the journal keeps its steps' parts as tuples (`GameCore.applied`); the scrubber and the migration keep lists
    assert map_strings(value, str.upper) == lists
    frozen = map_strings(value, str.upper, sequence=tuple)
    assert frozen == tuples and repr(frozen) == repr(tuples)


def test_map_strings_walks_a_note_of_any_depth_into_tuples():
    # a journal note is user text of any depth: no recursion limit, lists or tuples
    deep: list = []
    inner = deep
    for _ in range(100_000):
        inner.append([])
        inner = inner[0]
    inner.append("x")
    frozen = map_strings(deep, str.upper, sequence=tuple)
    for _ in range(100_000):
        assert type(frozen) is tuple and len(frozen) == 1
        frozen = frozen[0]
    assert frozen == ("X",)
