"""Typed errors: each names the input it refuses and the reason."""

from __future__ import annotations


class CardtableError(Exception):
    """Base class of every error the engine raises on bad input."""


class ActionParseError(CardtableError, ValueError):
    """Text that is not an action of the game's notation."""

    def __init__(self, text: str, reason: str) -> None:
        self.text = text
        self.reason = reason
        super().__init__(f"cannot read {text!r} as an action: {reason}")


class IllegalActionError(CardtableError):
    """A well-formed action that the rules do not allow now."""

    def __init__(self, action_text: str, reason: str) -> None:
        self.action_text = action_text
        self.reason = reason
        super().__init__(f"{action_text!r} is not legal now: {reason}")


class NotYourTurnError(CardtableError):
    """A seat tried to act while another seat has the decision."""

    def __init__(self, seat: int, current_seat: int, action_text: str) -> None:
        self.seat = seat
        self.current_seat = current_seat
        super().__init__(f"seat {seat + 1} tried {action_text!r}, but seat {current_seat + 1} is to act")


class GameOverError(CardtableError):
    """An action was sent to a finished game."""

    def __init__(self, action_text: str) -> None:
        super().__init__(f"{action_text!r} refused: the game is over")


class WithdrawError(CardtableError, ValueError):
    """A seat that cannot leave the game: not a seat, or gone already."""


class OptionError(CardtableError, ValueError):
    """An unknown rule option, a bad value, or an unknown preset."""


class PositionError(CardtableError, ValueError):
    """A position (JSON) that is malformed or impossible."""


class ReplayError(CardtableError, ValueError):
    """A replay file that cannot be read or does not replay."""


class UnknownNameError(CardtableError, ValueError):
    """An unknown game, bot or player name."""


class PathError(CardtableError):
    """A file or folder the user named that cannot be read or written (missing, read-only, full)."""


class LimitError(CardtableError, ValueError):
    """An input over one of the limits that keep a run finite (docs/limits.md)."""
