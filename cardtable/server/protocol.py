"""The table protocol, version 1: the messages a client sends, and the frames the server answers with.

Every message is one JSON object with a `type` (docs/protocol.md).  A client
message is read within the server's limits: too long, not JSON, not an
object, an unknown type or key, or a field of the wrong kind is refused with
a `ProtocolError` whose code and message say which and why.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson

from cardtable.core.errors import (
    ActionParseError,
    CardtableError,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
)
from cardtable.core.jsonio import parse_json

#: The protocol version this server speaks; a client names it when it joins a table.
PROTOCOL = 1
#: The longest `ref` a client may attach to a message, to find the answer to it.
MAX_REF_CHARS = 64


class ProtocolError(CardtableError):
    """A message refused by the server: a code for programs and a message for people."""

    def __init__(self, code: str, message: str, ref: str | int | None = None) -> None:
        self.code = code
        self.message = message
        #: The `ref` of the message refused, when it could be read.
        self.ref = ref
        super().__init__(message)


class Malformed(ProtocolError):
    """A message that is not one of the protocol's messages."""

    def __init__(self, message: str) -> None:
        super().__init__("malformed", message)


class BadRequest(ProtocolError):
    """A table request that cannot be met as it is written."""

    def __init__(self, message: str) -> None:
        super().__init__("bad_request", message)


#: The code of each engine refusal, as the terminal would give it.
ENGINE_CODES: tuple[tuple[type[CardtableError], str], ...] = (
    (ActionParseError, "parse"),
    (IllegalActionError, "illegal"),
    (NotYourTurnError, "not_your_turn"),
    (GameOverError, "game_over"),
)


def engine_code(error: CardtableError) -> str:
    """The protocol's code for an engine's refusal of an action."""
    for kind, code in ENGINE_CODES:
        if isinstance(error, kind):
            return code
    return "illegal"


@dataclass(frozen=True)
class Join:
    """Take a seat (with its token) or watch (without) at a table."""

    table: str
    token: str | None
    ref: str | int | None = None


@dataclass(frozen=True)
class Act:
    """An action, as the game's notation or as an id of the legal list of a version."""

    text: str | None
    action_id: int | None
    version: int | None
    ref: str | int | None = None


@dataclass(frozen=True)
class Leave:
    """Leave the table (the seat stays held; its token rejoins it)."""

    ref: str | int | None = None


@dataclass(frozen=True)
class Chat:
    """A line of chat to everyone at the table."""

    text: str
    ref: str | int | None = None


@dataclass(frozen=True)
class Ping:
    """A question whether the server is there; answered with a pong."""

    ref: str | int | None = None


@dataclass(frozen=True)
class Resign:
    """The seat gives up: at two seats the others win; at larger tables a bot plays the seat on."""

    ref: str | int | None = None


@dataclass(frozen=True)
class Claim:
    """Claim against the seat to act, whose time ran out or who stayed away past the grace period."""

    ref: str | int | None = None


@dataclass(frozen=True)
class Rematch:
    """At a finished table: propose a new game, or answer the proposal (`accept` false declines); the
    proposer's second one starts the new table with those who accepted."""

    accept: bool
    ref: str | int | None = None


@dataclass(frozen=True)
class Undo:
    """Ask to take back one's last move (`accept` None), or answer another seat's asking."""

    accept: bool | None
    ref: str | int | None = None


@dataclass(frozen=True)
class SpectatorChat:
    """A player shows or hides the spectators' chat at their seat."""

    show: bool
    ref: str | int | None = None


@dataclass(frozen=True)
class Moderate:
    """The table's maker turns spectators' chat on or off, or mutes or unmutes one spectator."""

    spectator_chat: bool | None
    mute: int | None
    unmute: int | None
    ref: str | int | None = None


@dataclass(frozen=True)
class Invite:
    """The table's maker issues a new invitation to an unclaimed seat, or withdraws it."""

    seat: int
    withdraw: bool
    ref: str | int | None = None


ClientMessage = (
    Join | Act | Leave | Chat | Ping | Resign | Claim | Rematch | Undo | SpectatorChat | Moderate | Invite
)

#: Each message type and the keys it may carry besides `type` and `ref`.
_KEYS = {
    "join": {"protocol", "table", "token"},
    "action": {"action", "id", "version"},
    "leave": set(),
    "chat": {"text"},
    "ping": set(),
    "resign": set(),
    "claim": set(),
    "spectator_chat": {"show"},
    "moderate": {"spectator_chat", "mute", "unmute"},
    "invite": {"seat"},
    "withdraw": {"seat"},
    "rematch": {"accept"},
    "undo": {"accept"},
}


class _Fields:
    """The fields of one message, each read with the kind it must have."""

    def __init__(self, data: dict[str, Any], kind: str) -> None:
        self.data = data
        self.kind = kind

    def get(self, name: str, types: type | tuple[type, ...], required: bool = False) -> Any:
        """The field's value (None if left out), or ProtocolError if it is of the wrong kind."""
        value = self.data.get(name)
        if value is None:
            if required:
                raise Malformed(f"a {self.kind} message needs {name!r}")
            return None
        if isinstance(value, bool) or not isinstance(value, types):
            wanted = (
                "text" if types is str else "a whole number" if types is int else "text or a whole number"
            )
            raise Malformed(f"{self.kind} field {name!r}: {value!r} should be {wanted}")
        return value

    def flag(self, name: str, required: bool = False) -> bool | None:
        """A true-or-false field (None if left out and not required)."""
        value = self.data.get(name)
        if value is None and not required:
            return None
        if not isinstance(value, bool):
            raise Malformed(f"{self.kind} field {name!r}: {value!r} should be true or false")
        return value


def read_message(text: str | None, max_chars: int) -> ClientMessage:
    """The message in a text frame, or ProtocolError saying why it is refused."""
    if text is None:
        raise Malformed("messages are JSON text frames, not binary ones")
    if len(text) > max_chars:
        raise ProtocolError(
            "too_large", f"a message of {len(text):,} characters is over the limit of {max_chars:,}"
        )
    data = parse_json(text, "message", Malformed)
    if not isinstance(data, dict):
        raise Malformed("a message is a JSON object with a 'type'")
    ref = data.get("ref")
    if isinstance(ref, bool) or not isinstance(ref, (str, int, type(None))) or len(str(ref)) > MAX_REF_CHARS:
        raise Malformed(f"'ref' should be text or a whole number of at most {MAX_REF_CHARS} characters")
    try:
        return _read_fields(data, ref)
    except ProtocolError as error:
        error.ref = ref
        raise


def _read_fields(data: dict[str, Any], ref: str | int | None) -> ClientMessage:
    kind = data.get("type")
    if kind not in _KEYS:
        raise Malformed(f"unknown message type {kind!r}; types: {', '.join(_KEYS)}")
    allowed = _KEYS[kind] | {"type", "ref"}
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise Malformed(f"a {kind} message has no key {unknown[0]!r}; keys: {', '.join(sorted(allowed))}")
    fields = _Fields(data, kind)
    if kind == "join":
        version = fields.get("protocol", int, required=True)
        if version != PROTOCOL:
            raise ProtocolError("version", f"this server speaks protocol {PROTOCOL}, not {version}")
        return Join(fields.get("table", str, required=True), fields.get("token", str), ref)
    if kind == "action":
        return _action(fields, ref)
    if kind == "chat":
        return Chat(fields.get("text", str, required=True), ref)
    if kind == "leave":
        return Leave(ref)
    if kind == "resign":
        return Resign(ref)
    if kind == "claim":
        return Claim(ref)
    if kind == "spectator_chat":
        return SpectatorChat(bool(fields.flag("show", required=True)), ref)
    if kind == "moderate":
        mute, unmute = fields.get("mute", int), fields.get("unmute", int)
        moderation = Moderate(fields.flag("spectator_chat"), mute, unmute, ref)
        if moderation.spectator_chat is None and moderation.mute is None and moderation.unmute is None:
            raise Malformed("a moderate message carries 'spectator_chat', 'mute' or 'unmute'")
        return moderation
    if kind in ("invite", "withdraw"):
        return Invite(fields.get("seat", int, required=True), kind == "withdraw", ref)
    if kind in ("rematch", "undo"):
        accept = data.get("accept")
        if not isinstance(accept, (bool, type(None))):
            raise Malformed(f"{kind} field 'accept': {accept!r} should be true or false")
        return Rematch(accept is not False, ref) if kind == "rematch" else Undo(accept, ref)
    return Ping(ref)


def _action(fields: _Fields, ref: str | int | None) -> Act:
    text = fields.get("action", str)
    action_id = fields.get("id", int)
    version = fields.get("version", int)
    if (text is None) == (action_id is None):
        raise Malformed("an action message carries either 'action' (its notation) or 'id'")
    if action_id is not None and version is None:
        raise Malformed("an action 'id' needs the 'version' whose legal list it comes from")
    return Act(text, action_id, version, ref)


def frame(kind: str, **fields: Any) -> str:
    """A server frame as JSON text (compact, in UTF-8: the text `json.dumps` makes with
    `ensure_ascii=False` and no spaces, in a tenth of its time: 2 us for a state frame, not 28)."""
    return orjson.dumps({"type": kind, **fields}, default=_as_json, option=orjson.OPT_NON_STR_KEYS).decode()


def _as_json(value: Any) -> Any:
    """What orjson does not write itself but `json` would: a named tuple, as a list."""
    if isinstance(value, tuple):
        return list(value)
    raise TypeError(f"{type(value).__name__} is not JSON serializable")


def error_frame(code: str, message: str, ref: str | int | None = None) -> str:
    """A refusal: its code, its reason in words, and the ref of the message refused."""
    return frame("error", code=code, message=message, ref=ref)
