"""A game declared from its folder takes each part from the module docs/new-game.md names; its fields win."""

from __future__ import annotations

from pathlib import Path

from pytest import MonkeyPatch

from cardtable.core.declaration import folder_game
from cardtable.core.registry import AnyGame
from cardtable.games import get_game
from cardtable.games.crazy_eights import evaluate as eights_evaluate
from cardtable.games.crazy_eights import rules as eights_rules
from cardtable.games.crazy_eights.state import CrazyEightsState
from cardtable.games.drump.state import SEATS


def eights(**fields: object) -> AnyGame:
    return folder_game(
        "cardtable.games.crazy_eights",
        title="Eights again",
        current_seat=CrazyEightsState.current_seat,
        notation="",
        card_name=str,
        **fields,
    )


def test_the_parts_come_from_the_folders_modules() -> None:
    game = eights()
    assert game.name == "crazy_eights"
    assert game.legal_actions is eights_rules.legal_actions
    assert game.min_seats == eights_rules.MIN_SEATS
    assert game.playout_action is eights_evaluate.playout_action


def test_a_part_its_module_does_not_define_keeps_the_default() -> None:
    # Crazy Eights' evaluate.py has a playout policy and no evaluation; its folder has no web board.
    game = eights()
    assert game.evaluate(None) is None
    assert game.search_actions is None
    assert game.web_folder is None
    assert game.screen is None and game.encoding is None
    dnup_web = Path(__file__).parent.parent / "cardtable/games/dnup/web"
    assert Path(get_game("dnup").web_folder or "") == dnup_web
    assert get_game("dnup").screen == "cardtable.games.dnup.screen"


def test_a_fixed_number_of_seats_comes_from_the_state_module() -> None:
    drump = folder_game(
        "cardtable.games.drump", title="DRUMP again", current_seat=None, notation="", card_name=str
    )
    assert (drump.min_seats, drump.max_seats, drump.seats(None)) == (SEATS, SEATS, SEATS)


def test_the_games_own_fields_win() -> None:
    assert eights(interned_actions=False, min_seats=3).interned_actions is False
    assert eights(min_seats=3).min_seats == 3


def test_a_folder_with_only_the_required_modules_is_declared(
    tmp_path: Path, monkeypatch: MonkeyPatch
) -> None:
    # The least folder: no evaluate.py, screen, encoding or web board; every function a stub.
    package = tmp_path / "least_game"
    package.mkdir()
    (package / "__init__.py").write_text("")
    stub = "def {}(*args):\n    return None\n"
    modules = {
        "rules": ["new_game", "legal_actions", "apply"],
        "actions": ["parse_action", "format_action"],
        "state": ["all_cards"],
        "position": ["state_from_position", "position_of"],
        "view": ["view", "hidden_cards"],
        "explain": ["explain_illegal"],
        "determinize": ["determinize"],
    }
    for module, functions in modules.items():
        (package / f"{module}.py").write_text("".join(stub.format(name) for name in functions))
    (package / "options.py").write_text("OPTION_TABLE = None\n")
    with (package / "rules.py").open("a") as rules:
        rules.write("MIN_SEATS, MAX_SEATS = 2, 4\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    game = folder_game("least_game", title="Least", current_seat=None, notation="", card_name=str)
    assert (game.name, game.min_seats, game.max_seats) == ("least_game", 2, 4)
    assert game.playout_action is None and game.evaluate(None) is None
    assert game.screen is None and game.encoding is None and game.web_folder is None
