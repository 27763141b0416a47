"""mafvote: the application around the pure `tally` and `resolver` packages.

It holds the configuration, the SQLite store, the CLI, the demo, the scheduler and the publishing;
everything that touches the network, the disk or the clock lives here or in `scraper`'s fetcher.
"""
__all__ = ["__version__"]
__version__ = "0.1.0"
