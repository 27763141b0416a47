"""Posts and their versions: what `Store.upsert_page` writes of a parsed page, and what `Store.posts` reads back.

- Posts are keyed by forum + the forum's own post id, never by page/position, so a post that moves across a page
  boundary after a deletion is one post, not two.
- Version 1 of a post is its content as first seen and is never overwritten: a vote as first seen must stay
  provable (issue 2 item 4). A changed content hash appends version n+1, with its reading (`readings`).
- A post that disappears is marked deleted (`deleted_at`), never removed.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from datetime import datetime, tzinfo
from typing import TYPE_CHECKING, Any, Iterable

from mafvote_tally import Post, StoredKey

from .family import TableFamily
from .readings import reading_code, reading_columns
from .times import db_time_up, from_db_time, to_db_time
from .topics import topic_row_id

if TYPE_CHECKING:       # scraper.fetch imports httpx (≈ 80 ms), which a command reading the store never needs
    from mafvote_scraper.fetch import FetchedMeta
    from mafvote_scraper.model import ParsedPage

    from .post_rows import PageChanges, PostVersion, StoredPost
    from .topic_rows import Topic

__all__ = ["CountRead", "PostTables"]

_IDS_PER_QUERY = 500      # post ids per `in (...)` lookup, well under SQLite's variable limit
# A count's versions are read by one range of post ids (the index in order, no lookup per id) when the range holds
# at most this many ids per post wanted (other topics' posts of the forum in between are read and dropped)
_RANGE_SPREAD = 3
# the posts written through this Store that `posts_changed_since` remembers: a reader further behind reads afresh
_CHANGES_KEPT = 4096
# A count's post row (`count_posts`, `_rows_of`; `{t}` the posts table's name in the statement): the post id, the
# author, and the time with the deletion's time after it, only for a deleted post (nearly every post has none):
# each value fetched costs ≈ 1,000-1,500 instructions in Python 3.11's sqlite3, and the CASE costs SQLite little
# where the concatenation is not made (the bench's 3,000-post day: 3,000 values fewer, issue 17). Stored times are
# ISO text and never hold `_DELETED`
_DELETED = "|"
_COUNT_ROW = ("{t}.post_id", "{t}.author", "case when {t}.deleted_at is null then {t}.time "
              f"else {{t}}.time || '{_DELETED}' || {{t}}.deleted_at end")
# the columns of a stored post that a page read again may change (besides its content and last_seen)
_SAME = ("topic", "page", "position", "author", "author_id", "time", "edited", "edit_at", "edit_by", "edit_reason")


@dataclass
class CountRead:
    """What `PostTables.count_posts` read for a count: the tally's posts by (forum, post id), and the stored reading
    (`tally.recognise.Flat` as JSON) of each of their versions read without its HTML, by its key (`Post.key_of`)."""

    posts: dict[tuple[str, int], Post] = field(default_factory=dict)
    readings: dict[str, str] = field(default_factory=dict)


class PostTables(TableFamily):
    """`posts` and `post_versions`: a parsed page's posts stored in one transaction, deletions marked, and the
    stored posts read back in thread order.

    Every post this Store writes (new, new content, moved, re-authored, deleted, restored: all but a `last_seen`) is
    remembered (`post_mark`, `posts_changed_since`), so a reader that keeps what it read (the daemon's count,
    issue 17) reads again only those posts; a write by another connection (another process: SQLite's
    `data_version`) makes it read everything again."""

    _changed_posts: deque | None = None     # (forum, post_id) of the last _CHANGES_KEPT posts written, in order
    _posts_written = 0                      # how many were ever written through this Store

    def _remember(self, forum: str, post_ids: Iterable[int]) -> None:
        if self._changed_posts is None:
            self._changed_posts = deque(maxlen=_CHANGES_KEPT)
        keys = [(forum, post_id) for post_id in post_ids]
        self._changed_posts.extend(keys)
        self._posts_written += len(keys)

    def post_mark(self) -> tuple[int, int]:
        """Where the stored posts stand: compare with `posts_changed_since(mark)` later."""
        return self.db.execute("pragma data_version").fetchone()[0], self._posts_written

    def posts_changed_since(self, mark: tuple[int, int]) -> set[tuple[str, int]] | None:
        """The (forum, post id) of every post written since `mark` (`post_mark`), or None when that cannot be said:
        another connection committed since (SQLite's `data_version` moved), or more posts were written than kept."""
        version, written = mark
        if self.db.execute("pragma data_version").fetchone()[0] != version:
            return None
        behind = self._posts_written - written
        if behind == 0:
            return set()
        if self._changed_posts is None or behind > len(self._changed_posts) or behind < 0:
            return None
        return set(list(self._changed_posts)[-behind:])

    def post_states(self, game_id: str) -> dict[tuple[str, int], tuple[str, int]]:
        """Every stored post of the game's topics, (forum, post id) -> (its time as stored text, a hash of what a write changes: its
        version, deletion and the `_SAME` columns; not `last_seen`). Two of these, before and after, name the posts
        any connection wrote in between, where `posts_changed_since` cannot (another process wrote): `mafvote
        serve` beside a daemon (issue 17)."""
        rows = self.db.execute(
            f"select p.forum, p.post_id, p.version, p.deleted_at, {', '.join('p.' + c for c in _SAME)} from posts p "
            "join topics t on t.id = p.topic where t.game_id = ?", [game_id])
        time_at = 2 + 2 + _SAME.index("time")
        return {(r[0], r[1]): (r[time_at], hash(r[2:])) for r in rows}

    def upsert_page(self, topic: Topic | int, parsed: ParsedPage, fetched: FetchedMeta) -> PageChanges:
        """Store one parsed page and its posts in one transaction."""
        from .post_rows import PageChanges  # start-up: the record class, which a count never makes

        tid = topic_row_id(topic)
        forum = self.db.rows("select forum from topics where id = ?", [tid])[0][0]
        seen_at = to_db_time(fetched.fetched_at)
        new: list[int] = []
        changed: list[int] = []
        restored: list[int] = []
        with self.db.atomic():
            stored = self._stored_states(forum, [post.post_id for post in parsed.posts])
            unchanged: list[int] = []
            for post in parsed.posts:
                status = self._upsert_post(forum, tid, post, seen_at, stored)
                if status == "new":
                    new.append(post.post_id)
                elif status == "changed":
                    changed.append(post.post_id)
                elif status == "restored":
                    restored.append(post.post_id)
                elif status == "unchanged":
                    unchanged.append(post.post_id)
            # remembered before the commit: a rollback leaves a post read again for nothing, never one missed
            kept = set(unchanged)
            self._remember(forum, [post.post_id for post in parsed.posts if post.post_id not in kept])
            for at in range(0, len(unchanged), _IDS_PER_QUERY):
                # seen again as stored: one statement for the page, not one per post (issue 17: the tick)
                part = unchanged[at:at + _IDS_PER_QUERY]
                self.db.execute(f"update posts set last_seen = ? where forum = ? and post_id in "
                                f"({', '.join('?' * len(part))})", [seen_at, forum, *part])
            # plain SQL: sqlite-utils' upsert reads the table's schema on every call
            self.db.execute(
                "insert into pages (topic, page, url, etag, last_modified, content_hash, next_url, post_ids, "
                "fetched_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (topic, page) do update set "
                "url = excluded.url, etag = excluded.etag, last_modified = excluded.last_modified, "
                "content_hash = excluded.content_hash, next_url = excluded.next_url, post_ids = excluded.post_ids, "
                "fetched_at = excluded.fetched_at",
                [tid, parsed.page, fetched.url, fetched.etag, fetched.last_modified, fetched.content_hash,
                 parsed.next_url, ",".join(str(p.post_id) for p in parsed.posts), seen_at])
            self.db.execute(
                "update topics set pages_known = max(pages_known, ?), title = coalesce(?, title) "
                "where id = ?", [parsed.page, parsed.title, tid])
        return PageChanges(page=parsed.page, new=tuple(new), changed=tuple(changed),
                           restored=tuple(restored), seen=tuple(p.post_id for p in parsed.posts))

    def _stored_states(self, forum: str, post_ids: list[int]) -> dict[int, tuple]:
        """Each stored post's row as `_upsert_post` compares it: one query per page instead of one per post."""
        out: dict[int, tuple] = {}
        for at in range(0, len(post_ids), _IDS_PER_QUERY):
            part = post_ids[at:at + _IDS_PER_QUERY]
            for r in self.db.execute(
                    f"select p.post_id, p.version, p.deleted_at, v.content_hash, {', '.join('p.' + c for c in _SAME)} "
                    "from posts p join post_versions v on v.forum = p.forum and v.post_id = p.post_id "
                    f"and v.n = p.version where p.forum = ? and p.post_id in ({', '.join('?' * len(part))})",
                    [forum, *part]):
                out[r[0]] = tuple(r[1:])
        return out

    def _upsert_post(self, forum: str, tid: int, post, seen_at: str, stored: dict[int, tuple]) -> str:
        edit = post.edit
        edit_fields = {
            "edited": int(edit is not None),
            "edit_at": to_db_time(edit.at) if edit is not None and edit.at is not None else None,
            "edit_by": edit.by if edit is not None else None,
            "edit_reason": edit.reason if edit is not None else None,
        }
        common = {"topic": tid, "page": post.page, "position": post.position,
                  "author": post.author, "author_id": post.author_id,
                  "time": to_db_time(post.time), "last_seen": seen_at, **edit_fields}
        same = tuple(common[c] for c in _SAME)
        row = stored.get(post.post_id)
        if row is None:
            self._insert("posts", {"forum": forum, "post_id": post.post_id, **common,
                                   "first_seen": seen_at, "deleted_at": None, "version": 1})
            self._insert("post_versions", {"forum": forum, "post_id": post.post_id, "n": 1,
                                           "html": post.html, "content_hash": post.content_hash,
                                           "seen_at": seen_at, **edit_fields, **reading_columns(post.html)})
            stored[post.post_id] = (1, None, post.content_hash, *same)
            return "new"
        version, deleted_at, current_hash = row[:3]
        if current_hash == post.content_hash and deleted_at is None and row[3:] == same:
            return "unchanged"       # only its last_seen moves (upsert_page, one statement for all such)
        status = "seen"
        if current_hash != post.content_hash:
            version += 1
            # Never overwrite: version 1 is the vote as first seen (issue 2 item 4).
            self._insert("post_versions", {"forum": forum, "post_id": post.post_id, "n": version,
                                           "html": post.html, "content_hash": post.content_hash,
                                           "seen_at": seen_at, **edit_fields, **reading_columns(post.html)})
            status = "changed"
        elif deleted_at is not None:
            status = "restored"
        sets = ", ".join(f"{k} = ?" for k in common)
        self.db.execute(f"update posts set {sets}, version = ?, deleted_at = null "
                        f"where forum = ? and post_id = ?",
                        [*common.values(), version, forum, post.post_id])
        stored[post.post_id] = (version, None, post.content_hash, *same)
        return status

    def _insert(self, table: str, row: dict) -> None:
        # Plain INSERT (no ON CONFLICT): a second row for a key is a bug and must fail loudly.
        # sqlite-utils' insert() re-reads the table's schema per call, which is most of a page's cost.
        columns = ", ".join(row)
        marks = ", ".join("?" * len(row))
        self.db.execute(f"insert into {table} ({columns}) values ({marks})", list(row.values()))

    def live_post_ids(self, topic: Topic | int, *, min_page: int | None = None) -> list[int]:
        sql = "select post_id from posts where topic = ? and deleted_at is null"
        params: list[object] = [topic_row_id(topic)]
        if min_page is not None:
            sql += " and page >= ?"
            params.append(min_page)
        return [r[0] for r in self.db.rows(sql + " order by post_id", params)]

    def mark_deleted(self, topic: Topic | int, post_ids: Iterable[int], at: datetime) -> list[int]:
        """Mark posts of `topic` as deleted at `at` (kept, with every version). Returns the ids marked."""
        tid = topic_row_id(topic)
        forum = next(self.db.query("select forum from topics where id = ?", [tid]))["forum"]
        marked = []
        post_ids = list(post_ids)
        self._remember(forum, post_ids)
        with self.db.atomic():
            for pid in post_ids:
                cur = self.db.execute(
                    "update posts set deleted_at = ? where forum = ? and post_id = ? and topic = ? "
                    "and deleted_at is null", [to_db_time(at), forum, pid, tid])
                if cur.rowcount:
                    marked.append(pid)
        return marked

    def post_versions(self, post: StoredPost | tuple[str, int]) -> list[PostVersion]:
        from .post_rows import StoredPost, version_of_row  # start-up: the record classes, which a count never makes

        forum, post_id = (post.forum, post.post_id) if isinstance(post, StoredPost) else post
        rows = self.db.query("select * from post_versions where forum = ? and post_id = ? order by n",
                             [forum, post_id])
        return [version_of_row(r) for r in rows]

    def posts(self, *, game_id: str | None = None, topic: Topic | int | None = None,
              kind: str | None = None, include_deleted: bool = False,
              as_of: datetime | None = None, since: datetime | None = None,
              before: datetime | None = None, last_per_author: bool = False,
              html: bool = True) -> list[StoredPost]:
        """Stored posts in thread order: by topic, then by forum post id (page and position go
        stale for pages a poll did not re-read, ids do not).

        `as_of` answers "what did mafvote know then": only posts first seen by then, the latest
        version seen by then, and deleted only if the deletion was seen by then.

        `since` / `before` keep the posts whose time is at or after `since` / before `before`. A post's
        time is when it was written: an edit keeps it, so a day's window never loses an edited post.
        `last_per_author` keeps only each author's latest post of each topic among the rest (the author
        as the forum spells it; as of `as_of`, a deleted one only with `include_deleted`): when each
        account last wrote, all a count needs of the posts before its day (`GameService.count_inputs`).
        Without `since`, `before` and `last_per_author`: every post, as always.

        `html=False` (a count, issue 17) leaves out the HTML of every version whose stored reading is current:
        its `html` (and the post's `html`/`first_html` when it is that version's) is None, its `reading` is
        there; a version without a current reading (a read-only store of older code) comes with its HTML.
        """
        from .post_rows import StoredPost  # start-up: the record class (a count reads `count_posts`, not this)

        as_of_text = to_db_time(as_of) if as_of is not None else None
        rows = self._post_rows(game_id=game_id, topic=topic, kind=kind, as_of_text=as_of_text,
                               include_deleted=include_deleted, since=since, before=before,
                               last_per_author=last_per_author)
        versions = self._versions_of(rows, as_of_text, html)
        out = []
        for r in rows:
            deleted_at = r["deleted_at"]
            if as_of_text is not None and deleted_at is not None and deleted_at > as_of_text:
                deleted_at = None
            if deleted_at is not None and not include_deleted:
                continue
            vs = tuple(versions.get((r["forum"], r["post_id"]), ()))
            current = vs[-1]
            out.append(StoredPost(
                post_id=r["post_id"], forum=r["forum"], topic=r["topic_key"], kind=r["kind"],
                game_id=r["game_id"], page=r["page"], position=r["position"], author=r["author"],
                author_id=r["author_id"], time=from_db_time(r["time"]), html=current.html,
                first_html=vs[0].html, versions=vs,
                edited=bool(current.edited) or len(vs) > 1,
                edit_at=current.edit_at, deleted=deleted_at is not None,
                deleted_at=from_db_time(deleted_at), first_seen=from_db_time(r["first_seen"]),
                last_seen=from_db_time(r["last_seen"])))
        return out

    def count_posts(self, game_id: str, *, as_of: datetime | None = None, since: datetime | None = None,
                    before: datetime | None = None, last_per_author: bool = False, tz: tzinfo | None = None,
                    into: CountRead | None = None, posts: Iterable[tuple[str, int]] | None = None) -> CountRead:
        """What a count reads (issue 17): the posts `posts(game_id=…, include_deleted=True, html=False, …)` gives
        for these bounds, each as `Post.from_stored(post, tz)` would make it, built straight from the few columns a
        count needs (no `StoredPost`, no HTML of a version with a current reading), added to `into` (a post read
        twice is one). A count of a 3,000-post day spent most of its time building the records it then copied.
        `posts`: only these (forum, post id) of the game, whatever their time (the daemon's count reads again the
        posts written since its last read: `posts_changed_since`)."""
        out = into if into is not None else CountRead()
        as_of_text = to_db_time(as_of) if as_of is not None else None
        if posts is not None:
            parts = self._rows_of(game_id, posts)
        else:
            # topic by topic, its forum and kind taken once from its row, not fetched with each post (each value
            # fetched costs ≈ 1,000 instructions in Python 3.11's sqlite3; a 3,000-post day: 6,000 fewer)
            parts = [(forum, kind, self._post_rows(
                game_id=game_id, topic=tid, kind=None, as_of_text=as_of_text, include_deleted=True, since=since,
                before=before, last_per_author=last_per_author, columns=_COUNT_ROW))
                for tid, forum, kind in self.db.tuples(
                    "select id, forum, kind from topics where game_id = ? order by id", [game_id])]
        lean, full = self._count_versions(parts)
        readings = out.readings
        times: dict[str, datetime] = {}        # seen_at text -> time: a page's posts share their seen_at

        def when(text: str) -> datetime:
            t = times.get(text)
            if t is None:
                t = times[text] = datetime.fromisoformat(text) if tz is None else \
                    datetime.fromisoformat(text).astimezone(tz)
            return t

        posts = out.posts
        for forum, kind, rows in parts:
            lean_of, full_of = lean.get(forum, {}), full.get(forum, {})
            for post_id, author, time in rows:
                deleted_at = None
                if _DELETED in time:
                    time, deleted_at = time.split(_DELETED)
                    if as_of_text is not None and deleted_at > as_of_text:
                        deleted_at = None
                post_time = datetime.fromisoformat(time)
                if tz is not None:
                    post_time = post_time.astimezone(tz)
                one = lean_of.get(post_id)
                if one is not None and (as_of_text is None or one[1] <= as_of_text):
                    # nearly every post: one unedited version with its current reading (`Post.from_stored` of it)
                    _, seen_at, key, reading = one
                    key = StoredKey(key)
                    readings[key] = reading
                    seen = times.get(seen_at) or when(seen_at)
                    posts[forum, post_id] = Post(
                        post_id, kind, author, post_time, key, ((seen, key),), False, None, deleted_at is not None,
                        None if deleted_at is None else when(deleted_at), None, None)
                    continue
                vs = full_of.get(post_id, ())
                if as_of_text is not None:
                    vs = [v for v in vs if v[1] <= as_of_text]
                if len(vs) == 1:        # nearly every post: one version (`Post.from_stored` of it, field by field)
                    _, seen_at, key, edited, edit_at, edit_reason, reading, html = vs[0]
                    if html is None:
                        key = StoredKey(key)
                        if reading is not None:
                            readings[key] = reading
                    else:
                        key = html
                    seen = times.get(seen_at) or when(seen_at)
                    posts[forum, post_id] = Post(
                        post_id, kind, author, post_time, key, ((seen, key),), bool(edited),
                        None if edit_at is None else when(edit_at), deleted_at is not None,
                        None if deleted_at is None else when(deleted_at),
                        edit_reason if edited and edit_reason else None, seen if edited else None)
                    continue
                keyed = []
                for _, seen_at, content_hash, _, _, _, reading, html in vs:
                    if html is None:
                        html = StoredKey(content_hash)
                        if reading is not None:
                            readings[html] = reading
                    keyed.append((when(seen_at), html))
                current = vs[-1]
                noticed = [v for v in vs if v[3]]
                posts[forum, post_id] = Post(
                    post_id, kind, author, post_time, keyed[0][1],
                    tuple(keyed), bool(current[3]) or len(vs) > 1,
                    None if current[4] is None else when(current[4]), deleted_at is not None,
                    None if deleted_at is None else when(deleted_at),
                    next((v[5] for v in reversed(noticed) if v[5]), None), when(noticed[0][1]) if noticed else None)
        return out

    def _rows_of(self, game_id: str, posts: Iterable[tuple[str, int]]) -> list[tuple[str, str, list[tuple]]]:
        """`count_posts`' rows of these (forum, post id), those in the game's topics: (forum, the topic's kind, the
        rows (`_COUNT_ROW`)) for each topic's run of them, in the posts' order."""
        by_forum: dict[str, list[int]] = {}
        for forum, post_id in posts:
            by_forum.setdefault(forum, []).append(post_id)
        parts: list[tuple[str, str, list[tuple]]] = []
        for forum, ids in by_forum.items():
            for at in range(0, len(ids), _IDS_PER_QUERY):
                part = ids[at:at + _IDS_PER_QUERY]
                last = None
                for topic, kind, *row in self.db.tuples(
                        "select p.topic, t.kind, " + ", ".join(c.format(t="p") for c in _COUNT_ROW) + " "
                        "from posts p join topics t on t.id = p.topic where p.forum = ? and p.post_id in ("
                        + ", ".join("?" * len(part)) + ") and t.game_id = ? order by p.topic, p.post_id",
                        [forum, *part, game_id]):
                    if topic != last:
                        last = topic
                        parts.append((forum, kind, []))
                    parts[-1][2].append(tuple(row))
        return parts

    def _count_versions(self, parts: list[tuple[str, str, list[tuple]]]
                        ) -> tuple[dict[str, dict[int, tuple]], dict[str, dict[int, list[tuple]]]]:
        """The versions of a count's post rows (`parts`: (forum, kind, rows of (post id, …))), by forum and post id:
        (lean, full). Nearly every post has one version, unedited, with its current reading: `lean` gives it as
        (post_id, seen_at, content_hash, reading), its row as fetched. Every version of the others
        (`full`, in order): (post_id, seen_at, content_hash, edited, edit_at, edit_reason, the reading when current,
        the HTML when not). By one range of ids per forum when the posts are most of it (a day's posts are), else id
        by id. Each value fetched costs ≈ 1,000 instructions in Python 3.11's sqlite3 (issue 17)."""
        code = reading_code()[0]
        by_forum: dict[str, list[int]] = {}
        for forum, _, rows in parts:
            by_forum.setdefault(forum, []).extend(r[0] for r in rows)
        # the reading is NULL for a version the lean read cannot stand for (edit facts, no current reading: its HTML
        # is read in full), the flag folded into it (four values a version fetched, not five)
        lean_columns = ("select post_id, seen_at, content_hash, case when reading_code is not ? "
                        "or edited or edit_at is not null or edit_reason is not null then null else reading end "
                        "from post_versions where forum = ? and ")
        full_columns = ("select post_id, seen_at, content_hash, edited, edit_at, edit_reason, "
                        "case when reading_code = ? then reading end, "
                        "case when reading_code = ? and reading is not null then null else html end "
                        "from post_versions where forum = ? and ")
        lean: dict[str, dict[int, tuple]] = {}
        full: dict[str, dict[int, list[tuple]]] = {}
        for forum, ids in by_forum.items():
            if not ids:
                continue
            low, high = min(ids), max(ids)
            if high - low < _RANGE_SPREAD * len(ids):
                wanted: set[int] | None = set(ids)
                batches = [self.db.execute(lean_columns + "post_id between ? and ? order by post_id, n",
                                           [code, forum, low, high]).fetchall()]
            else:
                wanted = None
                batches = [self.db.execute(
                    lean_columns + "post_id in (" + ", ".join("?" * len(chunk)) + ") order by post_id, n",
                    [code, forum, *chunk]).fetchall()
                    for chunk in (ids[i:i + _IDS_PER_QUERY] for i in range(0, len(ids), _IDS_PER_QUERY))]
            lean_of = lean[forum] = {}
            again: set[int] = set()          # posts of more than one version, or of an odd one: read in full
            for batch in batches:
                for version in batch:
                    post_id = version[0]
                    if wanted is not None and post_id not in wanted:
                        continue
                    if version[3] is None or post_id in lean_of:
                        lean_of.pop(post_id, None)
                        again.add(post_id)
                    elif post_id not in again:
                        lean_of[post_id] = version
            full_of = full[forum] = {}
            ids_again = sorted(again)
            for i in range(0, len(ids_again), _IDS_PER_QUERY):
                chunk = ids_again[i:i + _IDS_PER_QUERY]
                for version in self.db.execute(
                        full_columns + "post_id in (" + ", ".join("?" * len(chunk)) + ") order by post_id, n",
                        [code, code, forum, *chunk]).fetchall():
                    full_of.setdefault(version[0], []).append(version)
        return lean, full

    def _post_rows(self, *, game_id: str | None, topic: Topic | int | None, kind: str | None,
                   as_of_text: str | None, include_deleted: bool, since: datetime | None,
                   before: datetime | None, last_per_author: bool, columns: tuple[str, ...] | None = None) -> list:
        """The post rows of `posts`: every column of `posts`, then the topic's id, kind and game, as `sqlite3.Row`s;
        or (a count's, `count_posts`, topic by topic) these `columns` of it (SQL, `{t}` the table), as tuples: each
        value fetched costs (≈ 1,500 CPU instructions in Python 3.11's sqlite3, issue 17), and a count fetches a few
        thousand rows.
        A game has a handful of topics: the queries go topic by topic
        (`cross join` keeps SQLite from scanning every post first) and reach the posts through an index,
        so a time-bounded or per-author read does not grow with the rest of the game."""
        tw, tp = _where([("t.game_id = ?", game_id), ("t.id = ?", None if topic is None else topic_row_id(topic)),
                         ("t.kind = ?", kind)])                                     # which topics
        pw, pp = _where([("p.first_seen <= ?", as_of_text),                         # which posts
                         ("p.time >= ?", None if since is None else db_time_up(since)),
                         ("p.time < ?", None if before is None else db_time_up(before))])
        def chosen(table: str) -> str:
            if columns is None:
                return f"{table}.*, t.topic_id as topic_key, t.kind, t.game_id"
            return ", ".join(c.format(t=table) for c in columns)
        fetch = self.db.rows if columns is None else self.db.tuples

        if not last_per_author:
            # a count's rows in the order of the (topic, time) index SQLite reads them by: the count puts its posts
            # in thread order itself, and a sort by post id cost a temp B-tree (the bench's 3,000-post day: callgrind
            # 27.0 -> 22.0 M instructions the statement, issue 17)
            return fetch(
                f"select {chosen('p')} from topics t cross join posts p "
                "on p.topic = t.id where " + " and ".join(tw + pw)
                + (" order by p.topic, p.post_id" if columns is None else " order by p.topic, p.time"), tp + pp)
        if not include_deleted:
            # the latest of the posts the caller gets back: a deletion seen by `as_of` rules a post out here
            if as_of_text is None:
                pw.append("p.deleted_at is null")
            else:
                pw.append("(p.deleted_at is null or p.deleted_at > ?)")
                pp.append(as_of_text)
        # Each topic's authors by jumping from one to the next in the (topic, author, time) index, then each
        # author's latest matching post from the end of their stretch of it: a few index seeks per author.
        return fetch(
            "with recursive a(topic, author) as ("
            "select t.id, (select min(p.author) from posts p where p.topic = t.id) from topics t where "
            + " and ".join(tw) + " union all "
            "select a.topic, (select min(p.author) from posts p where p.topic = a.topic and p.author > a.author) "
            "from a where a.author is not null) "
            f"select {chosen('r')} from a cross join posts r on r.rowid = ("
            "select p.rowid from posts p where p.topic = a.topic and p.author = a.author and "
            + " and ".join(pw) + " order by p.time desc, p.rowid desc limit 1) "
            "join topics t on t.id = r.topic order by r.topic, r.post_id", tp + pp)

    def _versions_of(self, rows: list, as_of_text: str | None, html: bool = True
                     ) -> dict[tuple[str, int], list[PostVersion]]:
        """The versions of these post rows (seen by `as_of`), looked up by key: a day's posts are a small
        part of the game's, and the key lookup never scans the versions of the others. Without `html`, a
        version's HTML only when its reading is not current (`posts`)."""
        from .post_rows import version_of_row  # start-up: the record class, which a count never makes

        out: dict[tuple[str, int], list[PostVersion]] = {}
        code = reading_code()[0] if rows else None
        by_forum: dict[str, list[int]] = {}
        for r in rows:
            by_forum.setdefault(r["forum"], []).append(r["post_id"])
        columns = "*" if html else (
            "forum, post_id, n, seen_at, content_hash, edited, edit_at, edit_by, edit_reason, reading, reading_code, "
            "case when reading_code = ? and reading is not null then null else html end as html")
        for forum, ids in by_forum.items():
            for i in range(0, len(ids), _IDS_PER_QUERY):
                chunk = ids[i:i + _IDS_PER_QUERY]
                vrows = self.db.rows(
                    f"select {columns} from post_versions where forum = ? and post_id in ("
                    + ", ".join("?" * len(chunk)) + ") order by post_id, n",
                    [*(() if html else (code,)), forum, *chunk])
                for v in vrows:
                    if as_of_text is None or v["seen_at"] <= as_of_text:
                        out.setdefault((v["forum"], v["post_id"]), []).append(version_of_row(v, code))
        return out


def _where(conditions: list[tuple[str, Any]]) -> tuple[list[str], list[Any]]:
    """SQL conditions and their parameters, for the ones whose value is given (None: no condition)."""
    given = [(clause, value) for clause, value in conditions if value is not None]
    return ["1 = 1", *(clause for clause, _ in given)], [value for _, value in given]
