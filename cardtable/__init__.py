"""cardtable: an engine to play, simulate and study card games."""

__version__ = "0.1.0"
