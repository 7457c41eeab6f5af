"""Test settings: Hypothesis draws the same examples on every run, so CI cannot turn red by chance.

Run `pytest --hypothesis-profile=explore` to search with fresh random examples.
"""

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("explore", derandomize=False, max_examples=200)
settings.load_profile("ci")


@pytest.fixture(autouse=True)
def private_data_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test keeps its user data (the key that seals saves) in a folder of its own, not the user's."""
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path_factory.mktemp("data")))
