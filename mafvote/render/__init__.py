"""Themed posts: night and day results, the live vote count, the GM's report and private messages.

    data (the outcome / tally JSON of INTERFACE.md, the roster, the ruleset's roles and sides)
      │ Views: players -> grammar.Person, deaths with what may be shown, announced silences only
      ▼
    Jinja environment per format (bbcode | text | html)
      │ loader: the GM's override folder first, then the bundled `templates/`
      │ `<theme>/<kind>.<fmt>.j2` -> `<theme>/<kind>.j2` -> `_base/<kind>.<fmt>.j2` -> `_base/<kind>.j2`
      │ `phrase("night.deaths", ...)`: one of the theme's variants (`<theme>/theme.toml`, over `_base/theme.toml`)
      ▼
    str (flavour text at the top, the next deadline at the bottom)

Input is plain data, never the tally's or resolver's classes: `render(theme, kind, data, fmt=..., seed=...)`.
One style (the index of every phrase's variant) holds for the whole game, as a GM keeps one format all game: the
config's `style` (`data["style"]`), else style 0 (the theme's first, the seed GM's own format); `variant=`
(`render --variant`) overrides it for one post. A caller's `seed` picks one by a hash instead (sha256; never the
game's random stream, STYLE.md 6).

Escaping (RULES.md §6, issue 5 item 6): in BBCode every interpolated value passes `bb_escape` through Jinja's
`finalize` hook, so a nick or flavour text like `[/color][url=…]` shows as typed but is no tag: a zero-width
space goes after every `[` and before every `]` (the convention of `tally.format.bb_escape`; `[noparse]` is not
supported by every forum engine, and HTML entities are shown literally by BBCode forums). Phrases and the
markup helpers (`b`, `color`) return `Markup`, which passes unescaped. HTML output autoescapes. Plain text
is not escaped: it is for the terminal and e-mail.

Hidden information (RULES.md §3 "Two views", §6) is removed before any template sees the data: a death's role
and side are dropped when the death record is not `revealed` (and per theme: `grand_hotel` shows the side
only, the maniac as town; `time_machine` no role at night), only `announced` silences are passed, private
results, refusals, rolls, saves, alibis and hidden vote losses are not passed to public posts, and a public
vote count refuses a GM-view tally. When hidden weights make a closed day's real result differ from the public
count, the day post and the count say who is hanged or «не вешается никто», never the reason (reason
`undisclosed`, `tally.format.hidden_outcome`), and the GM report says why. Masks are named with their accounts
(every account that played the mask: «Эсми — acc_kid1, затем acc_new») only in the post that ends the game
(RULES.md §5). Players are shown as posts know them: the mask, else the account playing the slot now (a
replacement keeps the slot's gender unless its own is given).

The live count (`votecount`) in BBCode and text is `tally.format.format_bbcode`, the same text the daemon
publishes and `mafvote tally --format bbcode` prints; the template only adds the flavour text. The HTML page is
a table in the same words.

Where each step lives (a module per concern; the names here are the package's face, `__all__`):

    kinds.py        the post kinds, formats, bundled themes, and the event / private / day-reason kinds phrased
    errors.py       RenderError, NoTheme
    theme.py        Theme, load_theme (theme.toml over _base/theme.toml, the GM's copy on top), choose_style
    views.py        Views: players, roles, sides and deaths as this phase may show them; Role, Side, DeathView
    environment.py  make_environment: loader, escaping, grammar filters, markup helpers; a kind's template
    phrases.py      Phrases: `phrase(key, ...)` inside templates
    context.py      post_context: what a kind's template renders from (the count's rows, the GM's part)
    notes.py        gm_notes: what the GM should check in the posts
    post.py         render, render_private
    adapters.py     render data from the application's records: build_data, roles_from_ruleset, winner_genitive,
                    load_flavor
"""
from __future__ import annotations

__all__ = [
    "DAY_REASONS", "EVENT_KINDS", "FORMATS", "KINDS", "NoTheme", "PRIVATE_KINDS", "PUBLIC_KINDS", "RenderError", "Side",
    "THEMES",
    "Theme", "bb_escape", "build_data", "choose_style", "gm_notes", "load_flavor", "load_theme", "make_environment",
    "render", "public_names", "render_private", "roles_from_ruleset", "roster_from_config", "roster_with_replacements",
    "shown_by_account", "shown_names", "winner_genitive",
]

from mafvote_tally.format import bb_escape

from ..shown_names import public_names, roster_from_config, roster_with_replacements, shown_by_account, shown_names
from .adapters import build_data, load_flavor, roles_from_ruleset, winner_genitive
from .environment import make_environment
from .errors import NoTheme, RenderError
from .kinds import DAY_REASONS, EVENT_KINDS, FORMATS, KINDS, PRIVATE_KINDS, PUBLIC_KINDS, THEMES
from .notes import gm_notes
from .post import render, render_private
from .theme import Theme, choose_style, load_theme
from .views import Side
