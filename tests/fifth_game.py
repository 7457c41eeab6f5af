"""A fifth game, for tests only: dnup's declaration copied under other names, with no front end of its own.

`fifth` names no screen, encoding or server extension: it is played through the
generic ones alone (issue 22), as a new game folder would be on its first day.
`sixth` is the same with a declared action list (every dnup action), so the generic
encoding's ids are that list's.  `registered()` registers both while a test runs, so that other
tests, which go through every game, never meet them.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

from cardtable.core.registry import AnyGame, register, unregister
from cardtable.games import get_game

DNUP: AnyGame = get_game("dnup")


def _every_dnup_action() -> tuple[object, ...]:
    from cardtable.games.dnup.encoding import ACTIONS

    return ACTIONS


FIFTH: AnyGame = replace(
    DNUP, name="fifth", title="Fifth (dnup's rules)", screen=None, encoding=None, server=None
)
SIXTH: AnyGame = replace(
    FIFTH, name="sixth", title="Sixth (dnup's rules, its actions listed)", action_list=_every_dnup_action
)


@contextmanager
def registered() -> Iterator[None]:
    """`fifth` and `sixth` registered, until the block ends."""
    for game in (FIFTH, SIXTH):
        register(game)
    try:
        yield
    finally:
        for game in (FIFTH, SIXTH):
            unregister(game)
