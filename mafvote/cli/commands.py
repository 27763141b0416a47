"""Registers the command modules; each one owns its commands."""
