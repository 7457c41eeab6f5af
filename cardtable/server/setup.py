"""A table's set-up: the game, options, seed, start position and who sits where.

The set-up and the list of actions are all the server stores of a table:
the engine's determinism rebuilds the match from them (`start_match`).  A
table request from a client (docs/protocol.md, "Creating a table") is read
here, every refusal naming the field and the reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardtable.bots import is_search_spec, make_opponent, search_budget
from cardtable.core.chance import fresh_seed, make_rng
from cardtable.core.errors import CardtableError
from cardtable.core.match import Match
from cardtable.core.players import Bot
from cardtable.games import AnyGame, get_game
from cardtable.server.clocks import read_clock
from cardtable.server.extension import extension_of
from cardtable.server.limits import Limits
from cardtable.server.protocol import PROTOCOL, BadRequest, ProtocolError

AnyMatch = Match[Any, Any, Any, Any]

#: The first names given to bots that come without one (as the browser's quick games name theirs).
BOT_NAMES = ("Robin", "Sasha", "Kim", "Alex", "Jo", "Noor", "Sam")


@dataclass(frozen=True)
class SeatSpec:
    """Who plays a seat: a person, or a bot (a bot spec, or the game's own bot by number: an FM duelist)
    with its pace."""

    name: str
    bot: str | None = None
    #: The least time (seconds) between a bot's turn coming and its move appearing.
    pace: float = 0.0
    duelist: int | None = None

    @property
    def is_bot(self) -> bool:
        """Whether a program plays this seat."""
        return self.bot is not None or self.duelist is not None

    @property
    def searches(self) -> bool:
        """Whether this seat's bot runs a tree search (it thinks in the search workers)."""
        return self.bot is not None and is_search_spec(self.bot)

    def to_json(self) -> dict[str, Any]:
        """Plain data for storage."""
        return {"name": self.name, "bot": self.bot, "pace": self.pace, "duelist": self.duelist}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SeatSpec:
        """A seat as storage wrote it."""
        return cls(data["name"], data["bot"], float(data["pace"]), data["duelist"])


#: Who may watch a table: anyone (it is listed), those given its watch link (unlisted), or nobody.
PRIVACIES = ("public", "unlisted", "closed")


@dataclass(frozen=True)
class TableAccess:
    """Who may watch a table, whether one person holds every seat, and whose seat made it."""

    privacy: str = "public"
    #: One person plays every person's seat, at one machine: the creator is given every seat's token.
    hot_seat: bool = False
    #: The seat (from 0) of the table's maker, who may moderate its spectators; None for a table of bots.
    host: int | None = None

    @property
    def listed(self) -> bool:
        """Whether the table is in the list of tables."""
        return self.privacy == "public"

    @property
    def watchable(self) -> bool:
        """Whether spectators may join."""
        return self.privacy != "closed"

    def to_json(self) -> dict[str, Any]:
        """Plain data for storage and for anyone at the table."""
        return {"privacy": self.privacy, "hot_seat": self.hot_seat, "host": self.host}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TableAccess:
        """Access as storage wrote it (a table stored before it existed is public)."""
        return cls(data.get("privacy", "public"), bool(data.get("hot_seat", False)), data.get("host"))


@dataclass(frozen=True)
class TableSetup:
    """Everything that, with the action list, rebuilds a table's match exactly (and who may watch it)."""

    game: str
    seed: int
    options: dict[str, Any]
    seats: tuple[SeatSpec, ...]
    position: dict[str, Any] | None = None
    #: The table's clock (clocks.py), or None.
    clock: dict[str, float] | None = None
    access: TableAccess = TableAccess()
    #: The seat that plays first (None: as the deal decides); a rematch passes it on.
    first_seat: int | None = None

    def start_match(self) -> AnyMatch:
        """The match at its start."""
        game = get_game(self.game)
        return Match(
            game,
            options=game.option_table.from_dict(self.options),
            seed=self.seed,
            players=[seat.name for seat in self.seats],
            position=self.position,
            seats=len(self.seats),
            first_seat=self.first_seat,
        )

    def to_json(self) -> dict[str, Any]:
        """Plain data for storage (it holds the seed: never sent to a client)."""
        data = {
            "game": self.game,
            "seed": self.seed,
            "options": self.options,
            "seats": [seat.to_json() for seat in self.seats],
            "position": self.position,
            "clock": self.clock,
            "access": self.access.to_json(),
        }
        return data if self.first_seat is None else data | {"first_seat": self.first_seat}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TableSetup:
        """A set-up as storage wrote it."""
        seats = tuple(SeatSpec.from_json(seat) for seat in data["seats"])
        return cls(
            data["game"],
            int(data["seed"]),
            dict(data["options"]),
            seats,
            data["position"],
            clock=data.get("clock"),
            access=TableAccess.from_json(data.get("access", {})),
            first_seat=data.get("first_seat"),
        )


def seat_bot(seat: SeatSpec, game: AnyGame) -> Bot:
    """A new bot for a bot's seat."""
    if seat.duelist is not None:
        make = extension_of(game).seat_bot
        if make is None:
            raise CardtableError(f"seat {seat.name!r}: {game.title} tables have no bot of the game's own")
        return make(seat.duelist)
    assert seat.bot is not None
    return make_opponent(seat.bot, game)


def _refuse_unknown(data: Mapping[str, Any], allowed: set[str] | frozenset[str], where: str) -> None:
    for key in data:
        if key not in allowed:
            raise BadRequest(f"{where} has no key {key!r}; keys: {', '.join(sorted(allowed))}")


def _text(value: Any, where: str, longest: int) -> str:
    if not isinstance(value, str):
        raise BadRequest(f"{where}: {value!r} should be text")
    if len(value) > longest or not value.isprintable():
        raise BadRequest(f"{where}: {value!r} should be printable text of at most {longest} characters")
    return value.strip()


def read_table_request(data: Any, limits: Limits) -> TableSetup:
    """The set-up a client asks for (ProtocolError with code bad_request naming what is wrong)."""
    if not isinstance(data, dict):
        raise BadRequest("a table request is a JSON object")
    game_name = data.get("game")
    if not isinstance(game_name, str):
        raise BadRequest("a table request names its 'game'")
    try:
        game = get_game(game_name)
    except CardtableError as error:
        raise BadRequest(str(error)) from None
    extension = extension_of(game)
    extra_keys, make_position = extension.seat_keys, extension.position
    _refuse_unknown(
        data,
        {"protocol", "game", "preset", "options", "seats", "clock", "privacy", "hot_seat"},
        "a table request",
    )
    if data.get("protocol") != PROTOCOL:
        raise ProtocolError(
            "version", f"this server speaks protocol {PROTOCOL}, not {data.get('protocol')!r}"
        )
    seats = data.get("seats")
    if not isinstance(seats, list) or not game.min_seats <= len(seats) <= game.max_seats:
        raise BadRequest(f"'seats' should list the {game.seat_range} seats of {game.title}")
    preset = data.get("preset")
    if preset is not None and not isinstance(preset, str):
        raise BadRequest(f"'preset': {preset!r} should be a preset's name")
    given = data.get("options", {})
    if not isinstance(given, dict):
        raise BadRequest("'options' should be an object of option names and values")
    try:
        options = game.option_table.resolve(preset, given)
    except CardtableError as error:
        raise BadRequest(str(error)) from None
    seed = fresh_seed()
    specs = [_read_seat(seat, index, game, extra_keys, limits) for index, seat in enumerate(seats)]
    position = None
    if make_position is not None:
        try:
            position, duelists = make_position(seats, make_rng(seed, "decks"))
        except CardtableError as error:
            raise BadRequest(str(error)) from None
        bot_name = extension.seat_bot_name or str
        specs = [
            spec if duelist is None else SeatSpec(spec.name or bot_name(duelist), None, spec.pace, duelist)
            for spec, duelist in zip(specs, duelists, strict=True)
        ]
    specs = _named_apart(specs)
    clock, access = read_clock(data.get("clock")), _read_access(data, specs)
    return TableSetup(
        game.name, seed, game.option_table.to_dict(options), tuple(specs), position, clock, access
    )


def _read_access(data: Mapping[str, Any], specs: list[SeatSpec]) -> TableAccess:
    privacy = data.get("privacy", "public")
    if privacy not in PRIVACIES:
        raise BadRequest(f"'privacy': {privacy!r} should be one of {', '.join(PRIVACIES)}")
    hot_seat = data.get("hot_seat", False)
    if not isinstance(hot_seat, bool):
        raise BadRequest(f"'hot_seat': {hot_seat!r} should be true or false")
    people = [index for index, spec in enumerate(specs) if not spec.is_bot]
    # The maker sits at the first person's seat; the others are invited (docs/protocol.md).
    return TableAccess(privacy, hot_seat, people[0] if people else None)


def _named_apart(specs: list[SeatSpec]) -> list[SeatSpec]:
    """Every seat named: a bot that has no name of its own (or only its kind's, as older clients sent)
    gets a first name no other seat has, so that seats, frames and log lines tell the bots apart."""
    taken = {spec.name.casefold() for spec in specs if spec.name and spec.name != spec.bot}
    free = (f"{name} (bot)" for name in BOT_NAMES if name.casefold() not in taken)
    named = []
    for index, spec in enumerate(specs):
        name = spec.name
        if spec.bot is not None and name in ("", spec.bot):
            name = next((choice for choice in free if choice.casefold() not in taken), f"Bot {index + 1}")
        elif not name:
            name = f"Player {index + 1}"
        taken.add(name.casefold())
        named.append(SeatSpec(name, spec.bot, spec.pace, spec.duelist))
    return named


def _read_seat(data: Any, index: int, game: AnyGame, extra_keys: frozenset[str], limits: Limits) -> SeatSpec:
    where = f"seat {index + 1}"
    if not isinstance(data, dict):
        raise BadRequest(f'{where}: expected an object like {{"person": "Ann"}} or {{"bot": "heuristic"}}')
    kinds = [key for key in ("person", "bot", "duelist") if key in data]
    if len(kinds) != 1 or (kinds[0] == "duelist" and "duelist" not in extra_keys):
        names = "'person' or 'bot'" + (" or 'duelist'" if "duelist" in extra_keys else "")
        raise BadRequest(f"{where}: name exactly one of {names}")
    kind = kinds[0]
    allowed = {kind} | ({"name", "pace"} if kind != "person" else set()) | (extra_keys - {"duelist"})
    _refuse_unknown(data, allowed, where)
    if kind == "person":
        return SeatSpec(_text(data["person"], f"{where} person", limits.max_name_chars))
    name = _text(data.get("name", ""), f"{where} name", limits.max_name_chars)
    # A bot that thinks for a time shows its move when that time is up, not before.
    pace = data.get("pace", min(_seconds_budget(data.get("bot"), game.name), limits.max_bot_pace))
    if isinstance(pace, bool) or not isinstance(pace, (int, float)) or not 0 <= pace <= limits.max_bot_pace:
        raise BadRequest(f"{where} pace: {pace!r} should be seconds from 0 to {limits.max_bot_pace:g}")
    if kind == "duelist":
        # The duelist itself is read with the start position (the game's `ServerExtension.position`).
        return SeatSpec(name, None, float(pace), None)
    spec = _text(data["bot"], f"{where} bot", limits.max_name_chars)
    if spec.strip().lower().startswith(("policy:", "ismcts+net")):
        # A policy bot reads a file on this machine: a client may neither load nor probe the server's files.
        raise BadRequest(f"{where}: policy:FILE bots read a file on the server's machine; it offers none")
    _check_budget(spec, game.name, where, limits)
    try:
        seat_bot(SeatSpec(name, spec), game)
    except CardtableError as error:
        raise BadRequest(f"{where}: {error}") from None
    return SeatSpec(name, spec, float(pace))


def _seconds_budget(spec: Any, game: str) -> float:
    """The thinking time a bot spec names (`ismcts:2`), or 0 (the bot's own reader refuses a bad one)."""
    try:
        budget = search_budget(spec, game) if isinstance(spec, str) else None
    except CardtableError:
        return 0.0
    return budget[0] if budget is not None and budget[1] == "seconds" else 0.0


def _check_budget(spec: str, game: str, where: str, limits: Limits) -> None:
    """Refuse a tree-search budget the bots' reader refuses, or over the server's limits."""
    try:
        budget = search_budget(spec, game)
    except CardtableError as error:
        raise BadRequest(f"{where}: {error}") from None
    if budget is None:
        return
    amount, unit = budget
    limit = limits.max_bot_seconds if unit == "seconds" else limits.max_bot_iterations
    if amount > limit:
        raise BadRequest(f"{where} bot {spec!r}: at most {limit:g} {unit} a move on this server")
