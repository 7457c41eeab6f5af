"""A game's declaration made from its folder: the parts every game names in the same module by the same name.

docs/new-game.md gives each part of a game its module: `rules.py` (`new_game`,
`legal_actions`, `apply`, `unlogged`, `MIN_SEATS`, `MAX_SEATS`), `actions.py`
(`parse_action`, `format_action`, `describe_action`), `options.py`
(`OPTION_TABLE`), `state.py` (`all_cards`), `position.py`, `view.py` (`view`,
`hidden_cards`), `explain.py` (`explain_illegal`), `determinize.py`
(`determinize`, and a `Determinizer` of the seen cards if the game has one)
and `evaluate.py` if there is one (`evaluate`, `playout_action`, `search_actions`).  A state
keeps its options in `options`, its seat count in `seats` (or `state.py`
names a fixed count `SEATS`) and its outcome in `result`; its actions are
interned.  A `web/`
folder beside the modules is its browser board; modules `screen` and
`encoding`, its terminal screen and machine-learning encoding.  `folder_game`
declares all these, each optional part only where its module defines it,
and the game names the rest itself (title, card names, bots, lobby entry)
and whatever it does otherwise.
"""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec
from operator import attrgetter
from pathlib import Path
from types import ModuleType
from typing import Any

from cardtable.core.game import Game


def folder_game(package: str, **fields: Any) -> Game[Any, Any, Any, Any]:
    """The declaration of the game in `package`: its folder's parts, and `fields`, which win."""

    def part(name: str) -> ModuleType:
        return import_module(f"{package}.{name}")

    def has(name: str) -> bool:
        return find_spec(f"{package}.{name}") is not None

    rules, actions, view, position = part("rules"), part("actions"), part("view"), part("position")
    determinize = part("determinize")
    evaluate = part("evaluate") if has("evaluate") else None
    declared: dict[str, Any] = dict(
        name=package.rsplit(".", 1)[-1],
        option_table=part("options").OPTION_TABLE,
        state_from_position=position.state_from_position,
        position_of=position.position_of,
        options_of=attrgetter("options"),
        seats=attrgetter("seats"),
        legal_actions=rules.legal_actions,
        interned_actions=True,
        apply=rules.apply,
        outcome=attrgetter("result"),
        explain_illegal=part("explain").explain_illegal,
        parse_action=actions.parse_action,
        format_action=actions.format_action,
        view=view.view,
        all_cards=part("state").all_cards,
        hidden_cards=view.hidden_cards,
        determinize=determinize.determinize,
    )
    # The parts a game may leave out: each is taken when its module (if any) defines it.
    optional = {
        "new_state": (rules, "new_game"),
        "min_seats": (rules, "MIN_SEATS"),
        "max_seats": (rules, "MAX_SEATS"),
        "unlogged": (rules, "unlogged"),
        "describe_action": (actions, "describe_action"),
        "evaluate": (evaluate, "evaluate"),
        "playout_action": (evaluate, "playout_action"),
        "search_actions": (evaluate, "search_actions"),
    }
    for key, (module, name) in optional.items():
        if hasattr(module, name):
            declared[key] = getattr(module, name)
    seats = getattr(part("state"), "SEATS", None)
    if seats is not None:
        # A game for a fixed number of seats names it SEATS in its state module.
        declared.update(min_seats=seats, max_seats=seats, seats=lambda state: seats)
    for front_end in ("screen", "encoding"):
        if has(front_end):
            declared[front_end] = f"{package}.{front_end}"
    if hasattr(determinize, "Determinizer"):
        declared["determinizer"] = lambda seen: determinize.Determinizer(seen).draw
    web = Path(import_module(package).__path__[0], "web")
    if web.is_dir():
        declared["web_folder"] = str(web)
    return Game(**(declared | fields))
