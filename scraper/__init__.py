"""Fetch and parse forum topics: engine profiles, dates, pagination, the incremental crawl."""
from .model import EditNotice, FetchError, LayoutNotRecognised, ParsedPage, ParsedPost, ScraperError

__all__ = ["EditNotice", "FetchError", "LayoutNotRecognised", "ParsedPage", "ParsedPost", "ScraperError"]
