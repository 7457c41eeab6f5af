"""`resign` at the terminal: the person to act gives up, once they confirm it.

Against one other seat the game ends and the other wins; at a larger table
(Scout, dnup) the game goes on with the game's heuristic bot in the seat,
seeing that seat's view only, and the outcome records the seat as resigned
(`Match.withdraw`, which the replay and the history keep).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from cardtable.bots import make_opponent

if TYPE_CHECKING:
    from cardtable.frontends.terminal import TerminalGame

#: The bot that plays a resigned seat on.
TAKEOVER_BOT = "heuristic"


def resign_seat(terminal: TerminalGame, seat: int) -> bool:
    """The seat resigns if the person confirms it (a bot takes it if the game goes on); whether it did."""
    answer = terminal.screen.ask("Resign? (y: resign · anything else: play on) ").strip().lower()
    if answer not in ("y", "yes"):
        terminal.screen.say(Text("The game goes on.", style="yellow"))
        return False
    match, names = terminal.match, terminal.names
    match.withdraw(seat, "resigned")
    if match.is_over:
        terminal.screen.say(Text(f"{names[seat]} resigned."))
        return True
    terminal.bots[seat] = make_opponent(TAKEOVER_BOT, match.game)
    terminal.humans.remove(seat)
    terminal.screen.say(Text(f"{names[seat]} resigned; the {TAKEOVER_BOT} bot plays the seat on."))
    names[seat] = f"P{seat + 1} (bot)"
    return True
