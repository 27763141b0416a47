"""Publishing the live count (INTERFACE.md `[publish]`): to files, and, when asked, to the forum.

Files: `write_count_files(dir, game, bbcode=..., html_body=...)` writes `votecount-<game>.bbcode` and
a self-refreshing `votecount-<game>.html` (meta refresh: the theme's whole page as rendered, or a fragment
wrapped in one), each atomically (`mafvote.atomic_files`: a temp file in the same folder, flushed, then a rename) and
only when its content changed, so a web server never serves half a file and an unchanged count does not touch the
file's time.

Forum (`publish.forum = true`, off by default): `ForumPublisher.publish(text, view="public")` logs in
as the bot account of `[forums].login`, posts the count as a reply in the vote thread the first time,
and afterwards edits that same post (its id is kept in the store, so a restart edits the same post).
It never posts more often than `publish.interval`, never an unchanged text, and refuses a GM view (it
would reveal hidden silences and modifiers). Engines are data-light classes over one form filler:

    GET form page ─> find the <form> holding the field we need ─> its hidden fields as served
    (sid, form_token, creation_time / my_post_key, posthash) + our fields ─> POST ─> read the result
    (post id from the redirect, or the engine's error box: flood limit, bad form token, login refused)

phpBB 3 (`ucp.php?mode=login`, `posting.php?mode=reply|edit`) and MyBB 1.8 (`member.php`,
`newreply.php`, `editpost.php`) are supported. The password is read from the environment when the
login happens and never logged; neither are cookies.

The state is the store's `published_counts` table (created by the store's migration 3).

Errors: a `PublishError`'s `str()` is English (what the log and `published_counts.last_error` keep); it also carries a
key and facts that `mafvote.publish_text` words in the GM's language (kept beside the English as
`published_counts.last_error_phrase`, for `mafvote status`). `PublishResult.text(language)` is what the daemon
shows the GM.
"""
from __future__ import annotations

import hashlib
import html as _html
import logging
import re
import time as _time
from dataclasses import dataclass, replace
from datetime import datetime, timedelta, timezone, tzinfo
from pathlib import Path
from typing import Callable
from urllib.parse import parse_qs, urljoin, urlsplit

import httpx
from selectolax.lexbor import LexborHTMLParser

from mafvote_scraper.fetch import off_origin_error, page_too_big_error
from mafvote_scraper.model import FetchError
from mafvote_scraper.netguard import (DEFAULT_MAX_PAGE_BYTES, Guard, GuardedTransport, PageTooBig, UnknownEncoding,
                              read_capped, same_origin)

from mafvote_scraper.untrusted import visible

from .alerts import install_secret_filter, known_secrets, scrub
from .atomic_files import Staged, stage
from .messages import text as t
from .publish_text import PublishError, network_phrase, publish_text, stored_phrase, write_cause
from .store import PublishState, Store

__all__ = [
    "ENGINES",
    "FloodLimited",
    "ForumPublisher",
    "LoginFailed",
    "MybbEngine",
    "PhpbbEngine",
    "PublishError",
    "PublishLog",
    "PublishResult",
    "PublishState",
    "StagedCount",
    "count_file_names",
    "html_page",
    "is_html_document",
    "publish_text",
    "stage_count_files",
    "write_count_files",
]

log = logging.getLogger("mafvote.publish")

try:
    from mafvote_scraper.fetch import USER_AGENT
except ImportError:  # the crawler's module is optional for publishing
    USER_AGENT = "mafvote/0.1 (forum mafia vote counter)"


class LoginFailed(PublishError):
    """The forum refused the bot account's login."""


class FloodLimited(PublishError):
    """The forum's flood limit: wait `retry_after` seconds (when the forum said) before posting."""

    def __init__(self, message: str, retry_after: float | None = None, key: str | None = None, **facts: object):
        self.retry_after = retry_after
        super().__init__(message, key, **facts)


class _NotLoggedIn(PublishError):
    """The forum served a login form where a posting form was expected (session expired)."""


class _PostGone(PublishError):
    """The running count post cannot be edited any more (deleted by a moderator)."""


# ---------------------------------------------------------------------------------------------
# Files


def count_file_names(game: str) -> tuple[str, str]:
    return f"votecount-{game}.bbcode", f"votecount-{game}.html"


def html_page(title: str, body_html: str, *, refresh: int = 60) -> str:
    """A whole page around the rendered count that reloads itself every `refresh` seconds. No time
    stamp in it: the page changes only when the count does."""
    return (
        "<!DOCTYPE html>\n<html lang=\"ru\">\n<head>\n<meta charset=\"utf-8\">\n"
        f"<meta http-equiv=\"refresh\" content=\"{int(refresh)}\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        f"<title>{_html.escape(title)}</title>\n</head>\n<body>\n{body_html}\n</body>\n</html>\n"
    )


_DOCUMENT = re.compile(r"\s*(?:<!--.*?-->\s*)*<(?:!doctype\s+html|html[\s>])", re.I | re.S)


def is_html_document(text: str) -> bool:
    """Whether `text` is a whole HTML page (a doctype or an `<html>` first), not a fragment for a body."""
    return bool(_DOCUMENT.match(text))


def write_count_files(directory: Path, game: str, *, bbcode: str, html_body: str, title: str | None = None,
                      refresh: int = 60) -> list[Path]:
    """Write the BBCode and the self-refreshing HTML page of `game`'s count; returns the files that
    changed (none when the count is the same as last time).

    `html_body` is a fragment, wrapped here in a page that reloads every `refresh` seconds, or a whole page
    (the theme's `votecount.html.j2` is one, with its own refresh and title), written as it is: wrapping a
    page made two documents, one inside the other, with two refresh rates."""
    return stage_count_files(directory, game, bbcode=bbcode, html_body=html_body, title=title,
                             refresh=refresh).commit()


class StagedCount:
    """The count files written beside their targets and being flushed (`atomic_files.stage`); `commit` puts them in
    place (the daemon builds the pages meanwhile) and raises `PublishError` as `write_count_files` does."""

    def __init__(self, directory: Path, staged: Staged) -> None:
        self.directory, self._staged = directory, staged
        self.paths = staged.paths

    def commit(self) -> list[Path]:
        try:
            written = self._staged.commit()
        except OSError as exc:
            raise _count_write_error(self.directory, exc) from exc
        for path in written:
            log.info("publish: wrote %s", path)
        return written

    def discard(self) -> None:
        self._staged.discard()


def stage_count_files(directory: Path, game: str, *, bbcode: str, html_body: str, title: str | None = None,
                      refresh: int = 60) -> StagedCount:
    """`write_count_files`' first half: the files that change written to temp files and flushed in the background."""
    directory = Path(directory)
    bb_name, html_name = count_file_names(game)
    # no control character or bidi override from a post or a nick in a file a web server serves (issue 13)
    bbcode, html_body = visible(bbcode), visible(html_body)
    page = (html_body if html_body.endswith("\n") else html_body + "\n") if is_html_document(html_body) \
        else html_page(title or t("publish.count_page.title", "ru", game=game), html_body, refresh=refresh)
    try:
        staged = stage({directory / bb_name: bbcode if bbcode.endswith("\n") else bbcode + "\n",
                        directory / html_name: page})
    except OSError as exc:
        raise _count_write_error(directory, exc) from exc
    return StagedCount(directory, staged)


def _count_write_error(directory: Path, exc: OSError) -> "PublishError":
    return PublishError(f"cannot write the count to {directory} ({exc.strerror or exc}); check "
                        "[publish].dir in the config, the folder's permissions and the free disk space",
                        "write_count", folder=str(directory), cause=write_cause(exc, "`[publish].dir`"))


# ---------------------------------------------------------------------------------------------
# Forms


@dataclass(frozen=True)
class _Form:
    action: str                                  # absolute URL
    fields: tuple[tuple[str, str], ...]          # what a browser would send, in order, repeats kept
    submits: dict[str, str]                      # submit buttons: name -> value (only the one clicked goes)

    def get(self, name: str, default: str = "") -> str:
        return next((v for k, v in self.fields if k == name), default)

    def has(self, name: str) -> bool:
        return any(k == name for k, _ in self.fields)

    def payload(self, **ours: str) -> dict[str, str | list[str]]:
        """The served fields with ours put in place (a field we set is sent once, with our value)."""
        out: dict[str, str | list[str]] = {}
        for name, value in self.fields:
            if name in ours:
                out[name] = ours[name]
            elif name in out:
                previous = out[name]
                out[name] = [*previous, value] if isinstance(previous, list) else [previous, value]
            else:
                out[name] = value
        for name, value in ours.items():
            out.setdefault(name, value)
        return out


def _find_form(page: httpx.Response, field: str) -> _Form | None:
    """The form of `page` holding an input or textarea named `field`, with its fields as a browser
    would send them: hidden and text inputs, textareas, checked boxes; no submit buttons."""
    tree = LexborHTMLParser(page.text)
    for form in tree.css("form"):
        if form.css_first(f'[name="{field}"]') is None:
            continue
        fields: list[tuple[str, str]] = []
        submits: dict[str, str] = {}
        for node in form.css("input, textarea"):
            name = node.attributes.get("name")
            if not name:
                continue
            kind = (node.attributes.get("type") or "text").lower()
            if node.tag == "textarea":
                fields.append((name, node.text(deep=True)))
            elif kind == "submit":
                submits[name] = node.attributes.get("value") or ""
            elif kind in ("checkbox", "radio"):
                if "checked" in node.attributes:
                    fields.append((name, node.attributes.get("value") or "on"))
            elif kind not in ("file", "button", "image", "reset"):
                fields.append((name, node.attributes.get("value") or ""))
        # the parser has already decoded &amp; in the attribute
        action = form.attributes.get("action") or str(page.url)
        return _Form(action=urljoin(str(page.url), action), fields=tuple(fields), submits=submits)
    return None


# Where an engine's full-page message is: phpBB's trigger_error page (`#message`), MyBB's error()
# and redirect pages (`td.trow1`). Read only when the expected result is missing.
_PAGE_MESSAGE = ("p.error", "div.error", "#message p", "td.trow1")


def _error_text(page: httpx.Response, selectors: tuple[str, ...] = ("p.error", "div.error")) -> str | None:
    """The engine's error box: phpBB prosilver `<p class="error">`/`<div class="error">`, MyBB
    `<div class="error">` (the inline list of `error_inline`)."""
    tree = LexborHTMLParser(page.text)
    for selector in selectors:
        node = tree.css_first(selector)
        if node is not None:
            text = " ".join(node.text(deep=True, separator=" ").split())
            if text:
                return text
    return None


def _query(url: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items() if v}


# ---------------------------------------------------------------------------------------------
# Engines


class _Engine:
    name = ""
    flood_patterns: tuple[re.Pattern[str], ...] = ()
    logged_in_marks: tuple[str, ...] = ()

    def __init__(self, http: httpx.Client, base_url: str, *, sleep: Callable[[float], None] = _time.sleep,
                 form_delay: float = 0.0, max_page_bytes: int = DEFAULT_MAX_PAGE_BYTES,
                 guard: Guard | None = None, timeout: float = 20.0):
        self.http = http
        self.max_page_bytes = max_page_bytes
        self.guard, self.timeout = guard, timeout
        self.base = base_url if base_url.endswith("/") else base_url + "/"
        self.sleep = sleep
        self.form_delay = form_delay

    def url(self, path: str) -> str:
        return urljoin(self.base, path)

    def _get(self, url: str) -> httpx.Response:
        response = self._send(self.http.build_request("GET", url))
        if response.status_code >= 500:
            raise PublishError(f"{self.name} forum {self.base}: {url} answered HTTP {response.status_code}; "
                               "the forum is down, the count is posted on a later crawl", "server_error",
                               url=url, status=response.status_code)
        return response

    def _post(self, form: _Form, data: dict[str, str | list[str]]) -> httpx.Response:
        # The password and the session go only to the forum's own origin: a form whose action points
        # elsewhere is never sent (issue 13).
        if not same_origin(form.action, self.base):
            refusal = off_origin_error(self.base, form.action, self.base, link=True)
            raise PublishError(f"{refusal} (the form of {self.name} forum {self.base} is sent to another address)",
                               "form_off_origin", base=self.base, target=form.action,
                               origin=refusal.facts["origin"], home=refusal.facts["home"])
        if self.form_delay:
            self.sleep(self.form_delay)
        response = self._send(self.http.build_request("POST", form.action, data=data))
        if response.status_code >= 500:
            raise PublishError(f"{self.name} forum {self.base}: posting answered HTTP {response.status_code}; "
                               "the count is posted on a later crawl", "post_server_error", base=self.base,
                               status=response.status_code)
        return response

    def _send(self, request: httpx.Request) -> httpx.Response:
        """`request` with its redirects followed by hand, each checked to stay on the forum's origin (httpx's
        own following would carry a POST and its password to any host a 307 names); the body read at most
        `max_page_bytes`, unpacked."""
        for _ in range(21):
            if self.guard is not None:
                self.guard.start(self.timeout)       # one deadline for the whole answer (netguard.Guard)
            response = self.http.send(request, stream=True, follow_redirects=False)
            try:
                if response.next_request is not None:
                    target = str(response.next_request.url)
                    if not same_origin(target, self.base):
                        refusal = off_origin_error(str(request.url), target, self.base)
                        raise PublishError(str(refusal), "crawl", error=refusal)
                    request = response.next_request
                    continue
                try:
                    body = b"" if response.status_code >= 500 else read_capped(response, self.max_page_bytes)
                except PageTooBig:
                    refusal = page_too_big_error(str(request.url), self.max_page_bytes)
                    raise PublishError(str(refusal), "crawl", error=refusal) from None
                except UnknownEncoding as exc:
                    refusal = FetchError(f"{self.name} forum {self.base}: {request.url} answered packed as {exc}, "
                                         "which mafvote did not ask for", "fetch.encoding", url=str(request.url),
                                         encoding=str(exc))
                    raise PublishError(str(refusal), "crawl", error=refusal) from None
            finally:
                response.close()
                if self.guard is not None:
                    self.guard.clear()
            headers = [(k, v) for k, v in response.headers.multi_items()
                       if k.lower() not in ("content-encoding", "content-length", "transfer-encoding")]
            return httpx.Response(response.status_code, headers=headers, content=body, request=request)
        raise PublishError(f"{self.name} forum {self.base}: {request.url}: more than 20 redirects", "redirects",
                           url=str(request.url), base=self.base)

    def _check_result(self, response: httpx.Response, what: str, doing: tuple[str, dict[str, object]]) -> None:
        """`what` (English, for the log) and `doing` (its phrase) name the step: replying in a topic, editing a post."""
        text = response.text
        for pattern in self.flood_patterns:
            match = pattern.search(text)
            if match:
                seconds = next((float(g) for g in match.groups() if g), None) if match.groups() else None
                raise FloodLimited(f"{self.name} forum {self.base}: flood limit while {what}"
                                   + (f" (wait {seconds:.0f} s)" if seconds else ""), seconds, "flood",
                                   base=self.base, doing=doing,
                                   wait=("flood.wait", {"seconds": round(seconds)}) if seconds else "")
        error = _error_text(response)
        if error:
            raise PublishError(f"{self.name} forum {self.base}: {what} refused: {error}", "refused", base=self.base,
                               doing=doing, said=error)

    def _form_page(self, url: str, field: str) -> tuple[httpx.Response, _Form]:
        page = self._get(url)
        form = _find_form(page, field)
        if form is None:
            if _find_form(page, "password") is not None:
                raise _NotLoggedIn(f"{self.name} forum {self.base}: {url} asks to log in", "logged_out", url=url,
                                   base=self.base)
            said = _error_text(page, _PAGE_MESSAGE)
            raise _PostGone(f"{self.name} forum {self.base}: {url} has no posting form"
                            + (f" ({said})" if said else ""), "no_form", url=url, base=self.base,
                            said=("said", {"text": said}) if said else "")
        return page, form

    def login(self, user: str, password: str) -> None:
        page = self._get(self.login_url())
        form = _find_form(page, "password")
        if form is None:
            if any(mark in page.text for mark in self.logged_in_marks):
                return  # the session cookie is still good
            raise LoginFailed(f"{self.name} forum {self.base}: no login form at {self.login_url()}; "
                              "check forums[].engine and base_url", "no_login_form", url=self.login_url(),
                              engine=self.name)
        response = self._post(form, form.payload(**self.login_fields(user, password, form)))
        if any(mark in response.text for mark in self.logged_in_marks) and _find_form(response, "password") is None:
            return
        said = _error_text(response)
        error = said or "the forum did not accept the login"
        raise LoginFailed(f"{self.name} forum {self.base}: login as {user} refused: {error}; check "
                          "forums[].login.user and the password in the variable password_env names", "login",
                          base=self.base, user=user,
                          reason=("login.said", {"text": said}) if said else ("login.silent", {}))

    # engine specifics
    def login_url(self) -> str:
        raise NotImplementedError

    def login_fields(self, user: str, password: str, form: _Form) -> dict[str, str]:
        raise NotImplementedError

    def reply(self, thread_url: str, text: str, subject: str | None) -> int:
        raise NotImplementedError

    def edit(self, post_id: int, text: str, subject: str | None) -> None:
        raise NotImplementedError


def _first_int(pattern: str, *texts: str) -> int | None:
    for text in texts:
        match = re.search(pattern, text)
        if match:
            return int(match.group(1))
    return None


class PhpbbEngine(_Engine):
    """phpBB 3 (prosilver): the login form carries `sid`, `redirect`, `creation_time`, `form_token`;
    the posting form `topic_cur_post_id`, `lastclick`, `creation_time`, `form_token` (and, editing,
    `edit_post_message_checksum`, `edit_post_subject_checksum`). `check_form_key` refuses a form sent
    back in the same second it was made, hence `form_delay`."""

    name = "phpbb"
    flood_patterns = (re.compile(r"You cannot make another post so soon after your last"),
                      re.compile(r"Вы не можете отправить следующее сообщение сразу после предыдущего"))
    logged_in_marks = ("mode=logout",)

    def login_url(self) -> str:
        return self.url("ucp.php?mode=login")

    def login_fields(self, user: str, password: str, form: _Form) -> dict[str, str]:
        return {"username": user, "password": password, "autologin": "on",
                "login": form.submits.get("login", "Login")}

    def _topic(self, thread_url: str) -> tuple[str, str | None]:
        query = _query(thread_url)
        topic = query.get("t") or (re.search(r"-t(\d+)\.html", thread_url) or [None, None])[1]
        if not topic:
            raise PublishError(f"phpbb: cannot find the topic id (t=) in the vote thread URL {thread_url}", "topic_id",
                               url=thread_url, param="t")
        return topic, query.get("f")

    def _submit(self, form: _Form, text: str, subject: str | None, what: str,
                doing: tuple[str, dict[str, object]]) -> httpx.Response:
        # The served subject ("Re: <topic>" / the post's own) stays unless the config gives one.
        data = form.payload(message=text, subject=subject or form.get("subject"),
                            post=form.submits.get("post", "Submit"))
        response = self._post(form, data)
        self._check_result(response, what, doing)
        return response

    def reply(self, thread_url: str, text: str, subject: str | None) -> int:
        topic, forum = self._topic(thread_url)
        url = self.url(f"posting.php?mode=reply{f'&f={forum}' if forum else ''}&t={topic}")
        _, form = self._form_page(url, "message")
        response = self._submit(form, text, subject, f"replying in topic {topic}", ("doing.reply", {"topic": topic}))
        post_id = _first_int(r"[?&;]p=(\d+)", str(response.url)) or _first_int(
            r"viewtopic\.php\?[^\"'<>]*?\bp=(\d+)", response.text)
        if post_id is None:
            said = _error_text(response, _PAGE_MESSAGE)
            raise PublishError(f"phpbb forum {self.base}: the reply in topic {topic} was sent but no post "
                               f"id came back{f' (the forum said: {said})' if said else ''}; check the topic "
                               "and remove a duplicate count post by hand if there is one", "no_post_id",
                               base=self.base, topic=topic, thread=thread_url,
                               said=("said", {"text": said}) if said else "")
        return post_id

    def edit(self, post_id: int, text: str, subject: str | None) -> None:
        _, form = self._form_page(self.url(f"posting.php?mode=edit&p={post_id}"), "message")
        self._submit(form, text, subject, f"editing post {post_id}", ("doing.edit", {"post": post_id}))


class MybbEngine(_Engine):
    """MyBB 1.8: every form carries `my_post_key`; replies and edits also `posthash`. Login is
    `member.php` with `action=do_login`; the session lives in the `mybbuser` and `sid` cookies."""

    name = "mybb"
    flood_patterns = (re.compile(r"only allowed to post once every (\d+) seconds"),
                      re.compile(r"не чаще одного раза в (\d+) секунд"))
    logged_in_marks = ("action=logout",)

    def login_url(self) -> str:
        return self.url("member.php?action=login")

    def login_fields(self, user: str, password: str, form: _Form) -> dict[str, str]:
        return {"username": user, "password": password, "remember": "yes",
                "submit": form.submits.get("submit", "Login")}

    def _topic(self, thread_url: str) -> str:
        topic = _query(thread_url).get("tid") or (re.search(r"thread-(\d+)", thread_url) or [None, None])[1]
        if not topic:
            raise PublishError(f"mybb: cannot find the thread id (tid=) in the vote thread URL {thread_url}", "topic_id",
                               url=thread_url, param="tid")
        return topic

    def _submit(self, form: _Form, text: str, subject: str | None, submit: str, what: str,
                doing: tuple[str, dict[str, object]]) -> httpx.Response:
        data = form.payload(message=text, subject=subject or form.get("subject"),
                            submit=form.submits.get("submit", submit))
        response = self._post(form, data)
        self._check_result(response, what, doing)
        return response

    def reply(self, thread_url: str, text: str, subject: str | None) -> int:
        topic = self._topic(thread_url)
        _, form = self._form_page(self.url(f"newreply.php?tid={topic}"), "message")
        response = self._submit(form, text, subject, "Post Reply", f"replying in thread {topic}",
                                ("doing.reply", {"topic": topic}))
        post_id = _first_int(r"[?&]pid=(\d+)", str(response.url)) or _first_int(
            r"showthread\.php\?[^\"'<>]*?\bpid=(\d+)", response.text) or _first_int(r"#pid(\d+)", response.text)
        if post_id is None:
            said = _error_text(response, _PAGE_MESSAGE)
            raise PublishError(f"mybb forum {self.base}: the reply in thread {topic} was sent but no post "
                               f"id came back{f' (the forum said: {said})' if said else ''}; check the thread "
                               "and remove a duplicate count post by hand if there is one", "no_post_id",
                               base=self.base, topic=topic, thread=thread_url,
                               said=("said", {"text": said}) if said else "")
        return post_id

    def edit(self, post_id: int, text: str, subject: str | None) -> None:
        _, form = self._form_page(self.url(f"editpost.php?pid={post_id}"), "message")
        self._submit(form, text, subject, "Update Post", f"editing post {post_id}", ("doing.edit", {"post": post_id}))


ENGINES: dict[str, type[_Engine]] = {"phpbb": PhpbbEngine, "mybb": MybbEngine}


# ---------------------------------------------------------------------------------------------
# State in the store




class PublishLog:
    """The running count post of each game (the store's published_counts); stored errors are scrubbed."""

    def __init__(self, store: Store):
        self.store = store
        if not store.has_tables("published_counts"):
            raise PublishError(f"the store {getattr(store, 'path', '')} has no published_counts table: open "
                               "it with mafvote.store.Store, whose migrations create it", "no_table",
                               path=str(getattr(store, "path", "")))

    def state(self, game: str) -> PublishState:
        return self.store.published_state(game)

    def save(self, state: PublishState) -> None:
        # every secret the process knows is scrubbed from stored text too, not only from logs
        error = scrub(state.last_error, known_secrets()) if state.last_error else None
        self.store.save_published_state(replace(state, last_error=error))


# ---------------------------------------------------------------------------------------------
# The publisher


@dataclass(frozen=True)
class PublishResult:
    """`status`: posted | edited | unchanged | too_soon | flood | failed."""

    status: str
    post_id: int | None = None
    message: str = ""                # English, as logged and stored (`published_counts.last_error`)
    login_refused: bool = False      # `failed` because the forum refused the bot's login
    phrase: tuple[str, dict[str, object]] | None = None     # the error's key and facts (`publish_text`)
    retry_at: datetime | None = None  # `too_soon`/`flood`: the forum's count can be updated from then on

    def text(self, language: str | None = None, tz: tzinfo | None = None) -> str:
        """The failure or the wait in `language` (the current one by default), its times in `tz` (the game's zone),
        as the GM reads it; no secret in it."""
        return publish_text(self.message, self.phrase, language, tz)


def _utcnow() -> datetime:
    return datetime.now(timezone.utc)


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class ForumPublisher:
    """Posts, then edits, one running count post of `game` in its vote thread (see module docstring).

    `forum` is a `mafvote.config.ForumConfig` (its `engine`, `base_url`, `login`); `password` reads
    the secret when needed (default: `forum.login.password()`, from the environment)."""

    def __init__(self, store, *, game: str, forum, vote_thread: str, interval: timedelta,
                 client: httpx.Client | None = None, clock: Callable[[], datetime] = _utcnow,
                 sleep: Callable[[float], None] = _time.sleep, password: Callable[[], str] | None = None,
                 subject: str | None = None, form_delay: float = 2.0):
        engine = ENGINES.get(forum.engine)
        if engine is None:
            key = "config.publish.engine.auto" if forum.engine == "auto" else "config.publish.engine"
            raise PublishError(t(key, forum=forum.id, game=game, engine=forum.engine, engines=", ".join(ENGINES)))
        if forum.login is None:
            raise PublishError(t("config.publish.login", forum=forum.id, game=game)
                               + "; " + t("publish.login.hint", forum=forum.id))
        self.game, self.forum, self.vote_thread, self.interval = game, forum, vote_thread, interval
        self.clock, self.subject = clock, subject
        self.log = PublishLog(store)
        self._own_client = client is None
        # The same guarded sockets as the crawler's: one deadline per request, stopped by SIGINT/SIGTERM.
        self.guard = Guard()
        self.http = client or httpx.Client(timeout=forum.timeout, headers={"User-Agent": USER_AGENT},
                                           transport=GuardedTransport(self.guard))
        max_page_mb = getattr(forum, "max_page_mb", None)
        self.engine = engine(self.http, forum.base_url, sleep=sleep, form_delay=form_delay,
                             max_page_bytes=int(max_page_mb * 1024 * 1024) if max_page_mb
                             else DEFAULT_MAX_PAGE_BYTES, guard=self.guard, timeout=forum.timeout)
        self._password = password or forum.login.password
        self._logged_in = False
        # The scrubber knows the password before any request: an error page echoing it never reaches a
        # log or the store in clear. Missing from the environment: said when the login is tried.
        try:
            install_secret_filter([self._password()])
        except Exception:  # noqa: BLE001
            pass

    def cancel(self) -> None:
        self.guard.cancel()

    def close(self) -> None:
        if self._own_client:
            self.http.close()

    def _login(self, password: str | None = None) -> None:
        password = password if password is not None else self._password()
        install_secret_filter([password])
        self.engine.login(self.forum.login.user, password)
        self._logged_in = True
        log.info("publish: logged in to %s as %s", self.forum.id, self.forum.login.user)

    def publish(self, text: str, *, view: str, day: int | None = None) -> PublishResult:
        """Post or edit the count; never raises for the forum's failures (they come back as
        `failed`/`flood` and are logged), only for a GM view, which must never reach the forum.

        With `day`, each day has its own running post: the first count of a new day is a new reply
        (players look for today's count at the end of the thread), later ones edit it."""
        if view != "public":
            raise PublishError(f"refusing to post the {view!r} view of game {self.game} to the forum: only the "
                               "public view may be published (the GM view shows hidden silences and modifiers)",
                               "gm_view", view=view, game=self.game)
        now = self.clock()
        state = self.log.state(self.game)
        digest = _hash(text)
        if day is not None and state.day is not None and day != state.day:
            state = _replace(state, post_id=None, posted_at=None, content_hash=None)
        if state.post_id is not None and state.content_hash == digest:
            return PublishResult("unchanged", state.post_id)
        if state.not_before is not None and now < state.not_before:
            return PublishResult("too_soon", state.post_id, f"flood limit until {state.not_before.isoformat()}",
                                 phrase=("too_soon.flood", {"until": state.not_before}), retry_at=state.not_before)
        if state.updated_at is not None and now - state.updated_at < self.interval:
            following = state.updated_at + self.interval
            return PublishResult("too_soon", state.post_id,
                                 f"last published {state.updated_at.isoformat()}, interval {self.interval}",
                                 phrase=("too_soon.interval", {"last": state.updated_at, "next": following}),
                                 retry_at=following)
        secrets: list[str] = []
        try:
            if not self._logged_in:
                # known to the scrubber before the login request, whatever the login raises
                secrets.append(self._password())
                install_secret_filter(secrets)
                self._login(secrets[0])
            result = self._send(text, state, day)
        except FloodLimited as exc:
            wait = timedelta(seconds=exc.retry_after) if exc.retry_after else self.interval
            message = scrub(str(exc), secrets)
            self.log.save(_replace(state, last_try_at=now, not_before=now + wait, last_error=message,
                                   last_error_phrase=stored_phrase(exc.phrase)))
            log.warning("publish %s: %s; next try after %s", self.game, message, (now + wait).isoformat())
            return PublishResult("flood", state.post_id, message, phrase=exc.phrase, retry_at=now + wait)
        except (PublishError, httpx.HTTPError) as exc:
            message = scrub(str(exc) if isinstance(exc, PublishError)
                            else f"{self.forum.id}: {type(exc).__name__}: {exc}", secrets)
            if isinstance(exc, LoginFailed):
                self._logged_in = False
            phrase = exc.phrase if isinstance(exc, PublishError) else network_phrase(exc, self.forum)
            self.log.save(_replace(state, last_try_at=now, last_error=message, last_error_phrase=stored_phrase(phrase)))
            log.error("publish %s: %s", self.game, message)
            return PublishResult("failed", state.post_id, message, login_refused=isinstance(exc, LoginFailed),
                                 phrase=phrase)
        done = self.clock()
        post_id, status = result
        self.log.save(PublishState(
            game=self.game, forum=self.forum.id, topic=self.vote_thread, day=day, post_id=post_id,
            posted_at=state.posted_at if status == "edited" else done, updated_at=done,
            content_hash=digest, last_try_at=done, not_before=None, last_error=None))
        log.info("publish %s: %s the count as post %s in %s", self.game, status, post_id, self.vote_thread)
        return PublishResult(status, post_id)

    def _send(self, text: str, state: PublishState, day: int | None) -> tuple[int, str]:
        for attempt in (1, 2):
            try:
                if state.post_id is not None and state.topic in (None, self.vote_thread):
                    try:
                        self.engine.edit(state.post_id, text, self.subject)
                        return state.post_id, "edited"
                    except _PostGone as exc:
                        # A moderator removed the count post: start a new running post.
                        log.warning("publish %s: %s; posting a new count post", self.game, exc)
                post_id = self.engine.reply(self.vote_thread, text, self.subject)
                # Remember the id at once: a crash now must not make the next run post a second one.
                self.log.save(_replace(state, forum=self.forum.id, topic=self.vote_thread, day=day,
                                       post_id=post_id, posted_at=self.clock()))
                return post_id, "posted"
            except _NotLoggedIn:
                if attempt == 2:
                    raise
                self._login()  # the session expired between two counts: log in again once
        raise AssertionError("unreachable")


def _replace(state: PublishState, **changes) -> PublishState:
    return replace(state, **changes)
