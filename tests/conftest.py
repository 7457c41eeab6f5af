"""Test settings: Hypothesis draws the same examples on every run, so CI cannot turn red by chance.

Run `pytest --hypothesis-profile=explore` to search with fresh random examples.
"""

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("explore", derandomize=False, max_examples=200)
settings.load_profile("ci")
