"""Checks every registered game must pass, run by the test suite over many seeds.

Each check raises AssertionError naming the game, seed, step and what broke:
cards are conserved, `apply` leaves its input untouched, every legal action
round-trips through its text, views hide what the rules hide, positions
round-trip, replays are identical, and a finished game is always reached.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections.abc import Iterator
from typing import Any

from cardtable.core.chance import make_rng
from cardtable.core.game import RESERVED_ACTION_KEYS, ActionT, Game, OptionsT, StateT, ViewT
from cardtable.core.match import Match, bot_rngs
from cardtable.core.players import RandomBot
from cardtable.core.replay import from_lines, replay_lines

MAX_STEPS = 20_000
_TOKEN = re.compile(r"[^\s,.;:()\[\]{}\"']+")


def random_states(
    game: Game[StateT, ActionT, ViewT, OptionsT],
    seed: int,
    options: OptionsT | None = None,
    seats: int | None = None,
) -> Iterator[tuple[StateT, ActionT | None]]:
    """(state, action taken) along one random game, ending with (final state, None)."""
    rng = make_rng(seed, "conformance")
    options = options if options is not None else game.option_table.default()
    state = game.new_state(options, seats or game.min_seats, rng, None)
    for _ in range(MAX_STEPS):
        if game.outcome(state) is not None:
            yield state, None
            return
        legal = game.legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        yield state, action
        state = game.apply(state, action)
    raise AssertionError(f"{game.name} seed {seed}: no end after {MAX_STEPS} actions")


def fingerprint(game: Game[StateT, ActionT, ViewT, OptionsT], state: StateT, logs: bool = True) -> str:
    """Everything a state shows: its position and every seat's view, as JSON text.

    Without `logs`, each log counts only by its length (logs only ever grow).
    """
    seats: list[int | None] = [*range(game.seats(state)), None]
    views = []
    for seat in seats:
        view = game.view(state, seat)
        views.append(view.to_json(with_log=logs) | {"log_length": view.history.length})
    return json.dumps([game.position_of(state), views], sort_keys=True)


def check_step(
    game: Game[StateT, ActionT, ViewT, OptionsT],
    state: StateT,
    action: ActionT | None,
    deck: list[int],
    where: str,
) -> StateT:
    """Check one state and one action; returns the next state."""
    if game.conserves_cards:
        assert sorted(game.all_cards(state)) == deck, f"{where}: cards not conserved"
    current = game.current_seat(state)
    outcome = game.outcome(state)
    assert (current is None) == (outcome is not None), f"{where}: current seat {current} vs outcome {outcome}"
    legal = game.legal_actions(state)
    assert bool(legal) == (outcome is None), f"{where}: legal actions {len(legal)} vs outcome {outcome}"
    assert len(set(legal)) == len(legal), f"{where}: a legal action is listed twice"
    for each in legal:
        text = game.format_action(each)
        assert game.parse_action(text) == each, f"{where}: {text!r} does not parse back"
        check_description(game, each, text, where)
    if action is None:
        return state
    before = fingerprint(game, state, logs=False)
    after = game.apply(state, action)
    assert fingerprint(game, state, logs=False) == before, f"{where}: apply changed its input"
    return after


def check_description(
    game: Game[StateT, ActionT, ViewT, OptionsT], action: ActionT, text: str, where: str
) -> None:
    """An action's description is plain JSON data with a kind, and uses no key of the protocol's entry.

    It is a function of the action alone, which its text reads back to (checked above): so it says
    nothing the notation does not."""
    described = game.describe_action(action)
    assert isinstance(described.get("kind"), str), f"{where}: {text!r} is described with no kind"
    reserved = RESERVED_ACTION_KEYS & set(described)
    assert not reserved, f"{where}: {text!r} is described with the protocol's keys {sorted(reserved)}"
    json.dumps(described, allow_nan=False)


def leaked_cards(
    game: Game[StateT, ActionT, ViewT, OptionsT], hidden: frozenset[int], data: object
) -> list[str]:
    """The spellings of the `hidden` cards found among the words of `data` (text or JSON data)."""
    tokens = set(_strings(data))
    return sorted(name for card in hidden for name in game.card_spellings(card) if name in tokens)


def check_new_log_entries(
    game: Game[StateT, ActionT, ViewT, OptionsT], state: StateT, seen: dict[int | None, int], where: str
) -> None:
    """Log entries written since the last check name no card hidden from their reader.

    A card seen once may be hidden again later, so each entry is checked when
    it is written, against what is hidden at that moment; entries before the
    current deal's start tell of an earlier deal and are not checked again.
    """
    for seat in [*range(game.seats(state)), None]:
        view = game.view(state, seat)
        history = view.history
        texts = [view.describe(event) for event in history.since(max(seen.get(seat, 0), history.deal_start))]
        leaked = leaked_cards(game, game.hidden_cards(state, seat), texts)
        assert not leaked, f"{where}: the log of seat {seat} shows hidden cards {leaked}"
        seen[seat] = history.length


def check_views(
    game: Game[StateT, ActionT, ViewT, OptionsT], state: StateT, rng: random.Random, where: str
) -> None:
    """No view names a card hidden from its seat, and a state drawn from a view shows the same view.

    The drawn state (`determinize`) deals the hidden cards again: if the view
    depended on any of them, or the draw contradicted anything the view
    shows, the two views would differ; the first field that differs is named.
    """
    seats: list[int | None] = [*range(game.seats(state)), None]
    for seat in seats:
        view = game.view(state, seat)
        hidden = game.hidden_cards(state, seat)
        leaked = leaked_cards(game, hidden, view.to_json(with_log=False))
        assert not leaked, f"{where}: the view of seat {seat} shows hidden cards {leaked}"
        other = game.determinize(view, rng)
        difference = view_difference(view, game.view(other, seat))
        assert difference is None, f"{where}: a state drawn from the view of seat {seat} shows {difference}"
        if game.known_card_set:
            assert game.hidden_cards(other, seat) == hidden, f"{where}: determinize changed the hidden cards"
            conserved = sorted(game.all_cards(other)) == sorted(game.all_cards(state))
        else:
            conserved = len(game.all_cards(other)) == len(game.all_cards(state))
        assert conserved, f"{where}: determinize lost or invented cards"


#: How deep `view_difference` looks into nested tuples before naming the whole value.
_DEPTH = 4


def view_difference(view: Any, drawn: Any, path: str = "view", depth: int = 0) -> str | None:
    """The first field where two views differ, named by its path (`view.monsters[1][0].bonus`), or None.

    Dataclasses and named tuples are compared field by field, tuples item by item.
    """
    if view == drawn:
        return None
    if type(view) is type(drawn) and depth < _DEPTH:
        for name, mine, theirs in _parts(view, drawn):
            found = view_difference(mine, theirs, path + name, depth + 1)
            if found is not None:
                return found
    return f"{path} = {_short(drawn)}, where the view has {_short(view)}"


def _parts(view: Any, drawn: Any) -> list[tuple[str, Any, Any]]:
    """The named parts of two values of one type: fields of a dataclass or named tuple, items of a tuple."""
    if dataclasses.is_dataclass(view):
        names = [f".{field.name}" for field in dataclasses.fields(view)]
        return [(name, getattr(view, name[1:]), getattr(drawn, name[1:])) for name in names]
    if isinstance(view, tuple) and hasattr(view, "_fields"):
        return [(f".{name}", getattr(view, name), getattr(drawn, name)) for name in view._fields]
    if isinstance(view, tuple) and len(view) == len(drawn):
        return [
            (f"[{index}]", mine, theirs) for index, (mine, theirs) in enumerate(zip(view, drawn, strict=True))
        ]
    return []


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 200 else text[:200] + "…"


def _strings(data: object) -> Iterator[str]:
    if isinstance(data, str):
        yield from _TOKEN.findall(data)
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from _strings(key)
            yield from _strings(value)
    elif isinstance(data, (list, tuple)):
        for item in data:
            yield from _strings(item)


def check_position_round_trip(
    game: Game[StateT, ActionT, ViewT, OptionsT], state: StateT, where: str
) -> None:
    """A state written as a position and read back is the same position."""
    data = json.loads(json.dumps(game.position_of(state)))
    again = game.state_from_position(data, random.Random(0), None)
    assert game.position_of(again) == data, f"{where}: position does not round-trip"
    assert sorted(game.all_cards(again)) == sorted(game.all_cards(state)), f"{where}: position lost cards"


def check_game(
    game: Game[StateT, ActionT, ViewT, OptionsT],
    seed: int,
    options: OptionsT | None = None,
    seats: int | None = None,
    views_every: int = 1,
) -> int:
    """Every per-step check along one random game; returns its length."""
    deck: list[int] | None = None
    rng = make_rng(seed, "views")
    log_seen: dict[int | None, int] = {}
    steps = 0
    states = random_states(game, seed, options, seats)
    for steps, (state, action) in enumerate(states):
        where = f"{game.name} seed {seed} step {steps}"
        if deck is None:
            deck = sorted(game.all_cards(state))
        check_step(game, state, action, deck, where)
        check_new_log_entries(game, state, log_seen, where)
        if steps % views_every == 0 or action is None:
            check_views(game, state, rng, where)
            if game.outcome(state) is None:
                check_position_round_trip(game, state, where)
    return steps


def check_unlogged(
    game: Game[StateT, ActionT, ViewT, OptionsT],
    seed: int,
    options: OptionsT | None = None,
    seats: int | None = None,
) -> None:
    """An unlogged copy of each state along a random game plays on exactly as the state itself.

    At every step the copy has the same position, seat, legal actions and outcome after the same
    action, and making it leaves the logged state, its logs included, untouched.  Unless the game
    keeps logging (its `unlogged` hands back the state itself), an unlogged state played from the
    deal to the end writes no log entry, while the logged state beside it goes on writing.
    """
    quiet: StateT | None = None
    written: list[tuple[object, int]] = []
    state: StateT | None = None
    states = random_states(game, seed, options, seats)
    for steps, (state, action) in enumerate(states):
        where = f"{game.name} seed {seed} step {steps}"
        before = fingerprint(game, state)
        copy = game.unlogged(state)
        assert fingerprint(game, state) == before, f"{where}: unlogged changed its input"
        for playing in (copy, quiet):
            if playing is None:
                continue
            assert game.position_of(playing) == game.position_of(state), f"{where}: unlogged position"
            assert game.current_seat(playing) == game.current_seat(state), f"{where}: unlogged seat"
            assert game.legal_actions(playing) == game.legal_actions(state), f"{where}: unlogged moves"
            assert game.outcome(playing) == game.outcome(state), f"{where}: unlogged outcome"
        if quiet is None:
            # One unlogged state played from the deal, beside the fresh copy made at each step.
            quiet = copy
            written = [] if copy is state else _logs_seen(game, copy)
        elif written:
            assert _logs_seen(game, quiet) == written, f"{where}: an unlogged state wrote to its logs"
        if action is not None:
            quiet = game.apply(quiet, action)
    if written and state is not None:
        grown = sum(length for _, length in _logs_seen(game, state)) - sum(length for _, length in written)
        assert grown > 0, f"{game.name} seed {seed}: the logged state wrote nothing"


def _logs_seen(game: Game[StateT, ActionT, ViewT, OptionsT], state: StateT) -> list[tuple[object, int]]:
    """Each observer's log as its view holds it: the identity of its newest entry, and its length."""
    histories = [game.view(state, seat).history for seat in [*range(game.seats(state)), None]]
    return [(id(history.node), history.length) for history in histories]


def check_replay(
    game: Game[StateT, ActionT, ViewT, OptionsT],
    seed: int,
    options: OptionsT | None = None,
    seats: int | None = None,
) -> None:
    """A match between random bots, saved and replayed, ends in the identical state."""
    count = seats or game.min_seats
    match = Match(game, options=options, seed=seed, players=["random"] * count, seats=count)
    bots = {seat: RandomBot() for seat in range(count)}
    match.play_bots(bots, bot_rngs(seed, count))
    lines = [json.dumps(line) for line in replay_lines(match)]
    again = from_lines(lines)
    assert fingerprint(game, again.state) == fingerprint(game, match.state), (
        f"{game.name} seed {seed}: replay differs"
    )
    assert again.outcome == match.outcome
