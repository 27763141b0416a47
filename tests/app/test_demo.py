"""`mafvote demo`: the README's first command. It serves the bundled pages on 127.0.0.1, crawls twice,
plays the demo game and prints the counts and the themed posts; what it prints is what a GM would see."""
from __future__ import annotations

import re

from click.testing import CliRunner

from mafvote.cli import cli


def test_demo_crawls_counts_closes_the_day_and_renders_the_posts(tmp_path):
    result = CliRunner().invoke(cli, ["demo", "--keep", str(tmp_path / "demo")], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    out = result.output
    assert re.search(r"config\.toml: всё в порядке — 1 форум, 1 игра, 12 игроков", out)
    # the first crawl reads 3 pages; after the thread grew, the poll starts at the last stored page
    crawls = re.findall(r"ny, (игровая тема|тема голосования) \S+: новых — (\d+), изменённых — 0, удалённых — 0 "
                        r"\((\d+) страниц[аы]?, (\d+) запрос", out)
    game, vote = "игровая тема", "тема голосования"
    assert crawls == [(game, "8", "1", "1"), (vote, "30", "3", "3"), (game, "0", "1", "1"), (vote, "15", "3", "3")]
    # public view: every red vote weighs 1; the GM's view: Соня is Герда, her red counts 2 (hidden)
    assert re.search(r"│ Puss\s+│\s+6 │\s+6 │\s+0 │\s+0 │ Alisa, Гафф, Алукард, Соня, РэдДи, Enzo\s+│", out)
    assert re.search(r"│ Puss\s+│\s+7 │\s+7 │\s+0 │\s+0 │ Alisa, Гафф, Алукард, Соня ×2, РэдДи, Enzo\s+│", out)
    assert "Повешен Puss - мирная зверюшка" in out
    # the themed posts of the New Year game, both in the config's one style (style = 1, the seed GM's)
    assert "Трупов нет: все дожили до утра!" in out
    assert "Сегодняшним днём мы теряем Puss - мирную зверюшку" in out
    # the kept folder holds a store the other commands can use
    assert (tmp_path / "demo" / "config.toml").is_file() and (tmp_path / "demo" / "mafvote.db").is_file()
