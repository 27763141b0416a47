"""The one error of rendering: a template or theme file is wrong, or the data is not what the kind needs."""
from __future__ import annotations

__all__ = ["RenderError"]

from ..errors import BadInput


class RenderError(BadInput):
    """A post cannot be rendered: a template or theme file is wrong, or the data is not what the kind needs."""
