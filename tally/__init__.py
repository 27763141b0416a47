"""Count a day's votes: pure functions from posts + day state + rules to a count and an outcome."""
