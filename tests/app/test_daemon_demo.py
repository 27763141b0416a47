"""`mafvote demo --daemon` (issue 6 item 7): the bundled thread replayed post by post under a fake clock;
the crawls, the count changing, every alert once and the deadline post, on the console."""
from __future__ import annotations

from click.testing import CliRunner

from mafvote.cli import cli
from mafvote.demo_daemon import run_daemon_demo


def test_the_demo_day_alerts_each_thing_once_and_ends_with_the_final_count(tmp_path):
    lines: list[str] = []
    summary = run_daemon_demo(tmp_path, lines.append, seconds_per_hour=0)
    keys = summary["alerts"]
    assert len(keys) == len(set(keys))
    assert [k for k in keys if k.startswith("deadline")] == [
        "deadline_soon:day1:60m", "deadline_soon:day1:15m", "deadline:day1"]
    # a crawl per 15 game minutes from 30.12 20:00 to 01.01 18:40
    assert summary["crawls"] == 187
    final = summary["final"]
    assert final.outcome.eliminated == ("Puss",) and final.outcome.reason == "plurality"
    assert [v.voter for v in final.candidates[0].voters] == ["Alisa", "Гафф", "Алукард", "Соня", "РэдДи", "Enzo"]
    text = "\n".join(lines)
    assert "[01.01 14:00] чтение: постов в теме — 38; подсчёт: Puss 4, Алукард 1, РэдДи 1," in text
    assert "[b]Голосование закрыто.[/b] Итог: Puss покидает игру" in text     # the suggested deadline post
    assert (tmp_path / "public" / "votecount-ny.bbcode").read_text(encoding="utf-8").startswith(
        "[b]Подсчёт голосов, день 1[/b]")


def test_mafvote_demo_daemon_runs_from_the_command_line(tmp_path):
    result = CliRunner().invoke(cli, ["demo", "--daemon", "--speed", "0", "--keep", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "  ОПОВЕЩЕНИЕ: дедлайн, 01.01 18:00 МСК" in result.output.splitlines()
    assert result.output.rstrip().endswith("187 чтений, 9 оповещений, каждое отправлено один раз.")
