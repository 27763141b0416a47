"""What the tests share (issue 16, STYLE.md 13), one module a concern, so that no test module imports from another.
The fixtures over them are in tests/conftest.py.

- `paths`: the repository root, tests/data, the captured MyBB pages.
- `cli`: `mafvote ARGS` as the GM runs it (`run`, `ok`), the state and the count it prints.
- `config`: the config builder (`game_config`).
- `game_dir`: the game folders the CLI tests run in (the MyBB test game, with a GM's ruleset, with flavour texts,
  with another ruleset's roles).
- `count`: the count's builders (players, posts, a day's state, `count`) and the day scenarios.
- `nights`: the night and day scenario runner (tests/data/nights, tests/data/days) and the small 003/004 games.
- `posts`: the data of a rendered post (candidates, a public count, a day's outcome).
- `games`: games in a hand-filled store (PeculiarGame, StoreGame, CliGame) or on a local forum (ForumGame).
- `daemon`: the daemon's day on a local forum under a fake clock.
- `forum`: the crawl's config, the store's pages by hand, and the hostile server.

Import from the module that holds a name (`from support.count import count, post`); this package re-exports
nothing. The package sits on `pythonpath = ["tests"]`, so its name must not be a test module's."""
