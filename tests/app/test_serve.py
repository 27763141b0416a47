"""`mafvote serve` as the GM runs it (INTERFACE.md, issue 18): a real `mafvote serve` process over the demo game's
folder, asked over real sockets on this machine. It serves the pages it wrote (the same files), the GM's pages to
127.0.0.1 only unless a token is given, nothing outside the two folders however the path is spelled, and a Russian
404 for what is not there. A client "from another computer" is this one from 127.0.0.2, which the rule does not
count as 127.0.0.1 (mafvote/serve.py `is_local_client`); no test talks to another address."""
from __future__ import annotations

import http.client
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from mafvote.cli import cli

TOKEN = "tok-Q7v2-serve-test"
STARTUP = 120.0          # seconds: only to fail instead of hanging on a loaded machine


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("serve") / "demo"
    result = CliRunner().invoke(cli, ["demo", "--keep", str(folder)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return folder


class Served:
    """A `mafvote serve` process; `port` is the one it chose (`--port 0`), `lines` what it printed."""

    def __init__(self, folder: Path, host: str, *, token_env: str | None = None):
        args = [str(Path(sys.executable).parent / "mafvote"), "serve", "-c", str(folder / "config.toml"),
                "--host", host, "--port", "0"]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        if token_env:
            args += ["--gm-token-env", token_env]
            env[token_env] = TOKEN
        self.proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
        self.lines: list[str] = []
        ready = threading.Event()

        def read():
            for line in self.proc.stdout:
                self.lines.append(line.rstrip("\n"))
                if line.startswith("Ctrl-C"):
                    ready.set()
            ready.set()
        threading.Thread(target=read, daemon=True).start()
        assert ready.wait(STARTUP) and self.proc.poll() is None, (self.lines, self.proc.stderr.read())
        self.port = int(re.search(r"Публичные страницы: http://[^/]+:(\d+)/", self.lines[0]).group(1))

    def get(self, path: str, *, source: str = "127.0.0.1", headers: dict | None = None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30, source_address=(source, 0))
        try:
            # http.client sends the path as written: no client-side clean-up of `..` or `%2e`
            conn.request("GET", path, headers=headers or {})
            response = conn.getresponse()
            return response.status, response.read(), response.headers      # its names in any case
        finally:
            conn.close()

    def stop(self) -> str:
        self.proc.terminate()
        try:
            _, err = self.proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            _, err = self.proc.communicate()
        return err


@pytest.fixture(scope="module")
def local(demo):
    served = Served(demo, "127.0.0.1")
    yield served
    served.stop()


@pytest.fixture(scope="module")
def everywhere(demo):
    """Bound to every interface (what a GM types to show the pages to the flat), with a token."""
    served = Served(demo, "0.0.0.0", token_env="MAFVOTE_TEST_GM_TOKEN")
    yield served
    assert TOKEN not in served.stop()


def test_serve_says_where_the_pages_are_in_russian(local, demo):
    assert local.lines == [
        f"Публичные страницы: http://127.0.0.1:{local.port}/  (файлы: {demo / 'public'})",
        f"Страницы ведущего: http://127.0.0.1:{local.port}/gm/  (только с этого компьютера; файлы: {demo / 'gm-pages'})",
        "Ctrl-C — остановить."]


@pytest.mark.parametrize("path,file", [("/", "index.html"), ("/index.html", "index.html"), ("/ny/", "ny/index.html"),
                                       ("/ny/index.html", "ny/index.html"), ("/ny/day-2.html", "ny/day-2.html")])
def test_public_pages_are_the_files_it_wrote_in_russian(local, demo, path, file):
    status, body, headers = local.get(path, source="127.0.0.2")
    assert status == 200
    assert body == (demo / "public" / file).read_bytes()
    assert headers["Content-Type"] == "text/html; charset=utf-8"
    text = body.decode("utf-8")
    assert '<html lang="ru">' in text and "Страница ведущего" not in text
    assert ("Новогодняя мафия" in text) and ("Игры" in text if file == "index.html" else "День 2" in text)


def test_gm_pages_on_127_0_0_1_are_the_gm_files(local, demo):
    for path, file in (("/gm/", "index.html"), ("/gm/ny/index.html", "ny/index.html"), ("/gm/ny/day-2.html", "ny/day-2.html")):
        status, body, headers = local.get(path)
        assert status == 200, path
        assert body == (demo / "gm-pages" / file).read_bytes()
        assert "Страница ведущего" in body.decode("utf-8")
        assert headers["X-Robots-Tag"] == "noindex, nofollow"
    assert local.get("/gm")[0:1] == (301,) and local.get("/gm")[2]["Location"] == "/gm/"


def test_gm_pages_are_refused_to_another_address_without_the_token(local, everywhere):
    for served in (local, everywhere):
        status, body, _ = served.get("/gm/ny/index.html", source="127.0.0.2")
        text = body.decode("utf-8")
        assert status == 403 and "Страница ведущего" not in text and "Герда" not in text
        assert "Страницы ведущего открываются только на этом компьютере (127.0.0.1)" in text
        assert served.get("/gm/ny/index.html?token=wrong", source="127.0.0.2")[0] == 403
        assert served.get("/gm/ny/index.html", source="127.0.0.2", headers={"Authorization": "Bearer wrong"})[0] == 403
    # a server started without a token opens the GM's pages to nobody else, whatever token is presented
    assert local.get(f"/gm/ny/index.html?token={TOKEN}", source="127.0.0.2")[0] == 403
    # the public pages are everyone's
    assert everywhere.get("/ny/index.html", source="127.0.0.2")[0] == 200


def test_gm_pages_open_to_another_address_with_the_token(everywhere, demo):
    gm = (demo / "gm-pages" / "ny" / "index.html").read_bytes()
    status, body, headers = everywhere.get(f"/gm/ny/index.html?token={TOKEN}", source="127.0.0.2")
    assert (status, body) == (200, gm)
    cookie = headers["Set-Cookie"]
    assert cookie.startswith(f"mafvote_gm={TOKEN};") and "HttpOnly" in cookie and "Path=/gm/" in cookie
    assert everywhere.get("/gm/ny/index.html", source="127.0.0.2", headers={"Cookie": f"mafvote_gm={TOKEN}"})[:2] == (200, gm)
    assert everywhere.get("/gm/ny/index.html", source="127.0.0.2", headers={"Authorization": f"Bearer {TOKEN}"})[:2] == (200, gm)
    # and on this computer without it
    assert everywhere.get("/gm/ny/index.html")[:2] == (200, gm)


TRAVERSALS = ["/../config.toml", "/%2e%2e/config.toml", "/%2E%2E/config.toml", "/..%2fconfig.toml",
              "/%2e%2e%2fconfig.toml", "/ny/../../config.toml", "/ny/%2e%2e/%2e%2e/config.toml", "/..%5cconfig.toml",
              "/%2e%2e%5cconfig.toml", "/../mafvote.db", "//config.toml", "/%2fconfig.toml",
              "/../gm-pages/ny/index.html", "/%2e%2e/gm-pages/ny/index.html", "/%2e%2e%2fgm-pages%2fny%2findex.html",
              "/%67m/ny/index.html", "/ny/..%2f..%2fgm-pages/ny/index.html",
              "/gm/../config.toml", "/gm/%2e%2e/config.toml", "/gm/%2e%2e/%2e%2e/config.toml", "/gm/..%2f..%2fconfig.toml",
              "/gm/%2e%2e/public/ny/../../config.toml"]


@pytest.mark.parametrize("source", ["127.0.0.1", "127.0.0.2"])
def test_no_path_leaves_the_two_folders(everywhere, demo, source):
    config = (demo / "config.toml").read_bytes()
    gm = (demo / "gm-pages" / "ny" / "index.html").read_bytes()
    for path in TRAVERSALS:
        status, body, _ = everywhere.get(path, source=source)
        assert body != config and b"[store]" not in body and b"SQLite format" not in body, path
        if source == "127.0.0.2":
            assert body != gm and "Страница ведущего".encode() not in body, path
        if path.startswith("/gm/") and source == "127.0.0.2":
            assert status == 403, path
        else:
            assert status == 404, (path, status)
            assert "нет такой страницы" in body.decode("utf-8"), path


def test_an_unknown_path_is_a_russian_404(local):
    for path in ("/nothing.html", "/ny/day-99.html", "/gm/nothing.html", "/ny/index.html/x"):
        status, body, headers = local.get(path)
        assert status == 404, path
        assert headers["Content-Type"] == "text/html; charset=utf-8"
        assert body.decode("utf-8") == ('<!doctype html><html lang="ru"><meta charset="utf-8"><title>404</title>'
                                        "<p>Ошибка 404: нет такой страницы</p></html>")
