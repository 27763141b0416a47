"""The one error of rendering: a template or theme file is wrong, or the data is not what the kind needs; worded
where it is raised, in the current language (`render.*` in mafvote/messages/*_rulesets.py)."""
from __future__ import annotations

__all__ = ["NoTheme", "RenderError"]

from ..errors import BadInput


class RenderError(BadInput):
    """A post cannot be rendered: a template or theme file is wrong, or the data is not what the kind needs."""


class NoTheme(RenderError):
    """No folder of the theme `.theme` has a theme.toml (`mafvote render` adds which config key named it)."""

    def __init__(self, message: str, theme: str):
        super().__init__(message)
        self.theme = theme
