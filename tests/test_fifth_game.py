"""A game that brings no front end of its own plays everywhere: terminal, `cardtable play`, simulate, RL.

The game is tests/fifth_game.py: dnup's rules under another name, its declaration naming no screen,
encoding or server extension, so every front end below is the generic one.
"""

from __future__ import annotations

import io
import random
import warnings
from collections.abc import Iterator

import numpy as np
import pytest
from click.testing import CliRunner
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test
from rich.console import Console

import cardtable.rl
from cardtable.bots import make_bot
from cardtable.bots.learned import encoding_for
from cardtable.bots.learned.generic import FEATURES, LEGAL_SLOTS, facts
from cardtable.core.match import Match
from cardtable.frontends.cli import main
from cardtable.frontends.generic_screen import render
from cardtable.frontends.registry import front_end
from cardtable.frontends.terminal import TerminalGame
from tests.fifth_game import FIFTH, SIXTH, registered


@pytest.fixture(autouse=True, scope="module")
def _fifth_and_sixth_registered() -> Iterator[None]:
    with registered():
        yield


def terminal_session(match: Match, lines: list[str], bots: dict[int, object]) -> str:
    output = io.StringIO()
    console = Console(file=output, width=120, color_system=None)
    script: Iterator[str] = iter(lines)

    def read_line(prompt: str) -> str:
        console.print(prompt, end="")
        try:
            line = next(script)
        except StopIteration:
            raise EOFError from None
        console.print(line)
        return line

    TerminalGame(match, bots, console, read_line).run()  # type: ignore[arg-type]
    return output.getvalue()


def test_the_fifth_game_has_the_generic_front_end() -> None:
    front = front_end("fifth")
    assert front.game == "fifth" and front.render is render
    assert front_end("dnup").render is not render


def test_the_generic_board_shows_the_views_json_and_nothing_hidden() -> None:
    match = Match(FIFTH, seed=5, players=["you", "random"])
    view = match.view(0)
    output = io.StringIO()
    Console(file=output, width=200, color_system=None).print(render(view, ["Ann", "Bob"]))
    board = output.getvalue()
    data = view.to_json(with_log=False)
    assert "Players: 1 Ann, 2 Bob · you are seat 1" in board
    assert all(key in board for key in data if key != "log")
    # The other seat's hand is not in seat 1's view, so not on its board either.
    other = Match(FIFTH, seed=5, players=["you", "random"]).view(1).to_json(with_log=False)
    assert str(other["hand"]) not in board


def test_the_fifth_game_plays_to_its_end_at_the_terminal() -> None:
    match = Match(FIFTH, seed=3, players=["you", "random"])
    text = terminal_session(match, ["1"] * 3000, {1: make_bot("random", FIFTH)})
    assert match.is_over, text[-2000:]
    assert " wins: " in text or "draw" in text


def test_cardtable_play_runs_the_fifth_game_from_the_command_line() -> None:
    result = CliRunner().invoke(
        main, ["play", "fifth", "--vs", "random", "--seed", "3"], input="1\nhelp\nquit\n"
    )
    assert result.exit_code == 0, result.output
    assert "This is a bug" not in result.output and "You left the game" in result.output
    assert "Players: 1 " in result.output
    # Its rules page is the one its declaration's package ships (dnup's).
    rules = CliRunner().invoke(main, ["rules", "fifth"])
    assert rules.exit_code == 0 and rules.output.startswith("# dnup"), rules.output[:200]


def test_cardtable_simulate_runs_the_fifth_game() -> None:
    args = ["simulate", "fifth", "--games", "6", "--players", "random,heuristic", "--jobs", "1"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert "win rate [95% CI]" in result.output


def test_the_generic_encoding_numbers_the_legal_actions_without_an_action_list() -> None:
    encoding = encoding_for("fifth")
    assert encoding.action_count == LEGAL_SLOTS and encoding.observation_size == FEATURES
    match = Match(FIFTH, seed=1, players=["a", "b", "c"])
    legal = match.legal_actions()
    assert encoding.action_ids(legal) == list(range(len(legal)))
    assert encoding.action_of(len(legal) - 1, legal) is legal[-1]
    assert encoding.action_of(len(legal), legal) is None
    with pytest.raises(ValueError, match="legal actions of the moment"):
        encoding.action_id(legal[0])
    with pytest.raises(ValueError, match="declare its action_list"):
        encoding.action_ids(list(legal) * LEGAL_SLOTS)


def test_the_generic_observation_is_the_views_facts_and_only_the_seats() -> None:
    encoding = encoding_for("fifth")
    match = Match(FIFTH, seed=2, players=["a", "b"])
    first, second = (encoding.observe(match.view(seat)) for seat in (0, 1))
    assert first.dtype == np.float32 and set(np.unique(first)) <= {0.0, 1.0}
    assert 0 < first.sum() <= len(list(facts(match.view(0).to_json(with_log=False))))
    assert not np.array_equal(first, second)
    # A state dealt again where seat 1 cannot see gives seat 1 the same observation.
    drawn = FIFTH.determinize(match.view(0), random.Random(9))
    assert np.array_equal(encoding.observe(FIFTH.view(drawn, 0)), first)
    with pytest.raises(ValueError, match="spectator"):
        encoding.observe(match.view(None))


def test_a_declared_action_list_gives_the_ids() -> None:
    encoding = encoding_for("sixth")
    listed = SIXTH.action_list()  # type: ignore[misc]
    assert encoding.action_count == len(listed) and encoding.actions == tuple(listed)
    legal = Match(SIXTH, seed=1, players=["a", "b"]).legal_actions()
    assert [encoding.actions[index] for index in encoding.action_ids(legal)] == list(legal)


@pytest.fixture
def _quiet_known_warnings() -> None:
    warnings.filterwarnings("ignore", message=".*probably should be gymnasium.spaces.box.*")
    warnings.filterwarnings("ignore", message=".*Observation is not a NumPy array.*")
    warnings.filterwarnings("ignore", message=".*environment not having a spec.*")


@pytest.mark.usefixtures("_quiet_known_warnings")
@pytest.mark.parametrize(("game", "seats"), [("fifth", 2), ("fifth", 4), ("sixth", 3)])
def test_the_pettingzoo_and_gymnasium_checks_pass(game: str, seats: int) -> None:
    api_test(cardtable.rl.env(game, seats=seats), num_cycles=100)
    seed_test(lambda: cardtable.rl.env(game, seats=seats), num_cycles=100)
    check_env(cardtable.rl.gym_env(game, opponents=["random"] * (seats - 1), illegal_reward=-1.0))


def test_an_illegal_id_is_refused_with_the_reason() -> None:
    environment = cardtable.rl.gym_env("fifth", opponents=["random"])
    observation, _ = environment.reset(seed=4)
    free = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(cardtable.rl.table.IllegalActionError, match="legal actions now"):
        environment.step(free)


def test_the_server_sets_up_a_table_of_the_fifth_game_with_no_extension() -> None:
    from cardtable.core.errors import CardtableError
    from cardtable.server.extension import NO_EXTENSION, extension_of
    from cardtable.server.limits import Limits
    from cardtable.server.protocol import PROTOCOL, ProtocolError
    from cardtable.server.setup import SeatSpec, read_table_request, seat_bot

    assert extension_of(FIFTH) is NO_EXTENSION
    request = {"protocol": PROTOCOL, "game": "fifth", "seats": [{"person": "Ann"}, {"bot": "random"}]}
    setup = read_table_request(request, Limits())
    assert setup.game == "fifth" and setup.position is None
    match = setup.start_match()
    assert match.game is FIFTH and not match.is_over
    # A seat key of another game's extension (FM's duelists) is refused, naming the keys there are.
    request["seats"] = [{"person": "Ann"}, {"duelist": 3}]
    with pytest.raises(ProtocolError, match="name exactly one of 'person' or 'bot'"):
        read_table_request(request, Limits())
    with pytest.raises(CardtableError, match="no bot of the game's own"):
        seat_bot(SeatSpec("Pegasus", None, 0.0, 3), FIFTH)
