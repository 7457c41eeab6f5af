"""The `cardtable` command: play, replay, simulate, arena, rules, games, positions, decks, campaign."""

from __future__ import annotations

import os
import shlex
import shutil
import traceback
from collections.abc import Callable
from functools import partial
from importlib import import_module
from typing import Any

import click
from rich.console import Console

from cardtable.core.errors import CardtableError
from cardtable.core.registry import announced_commands, announced_data_folders
from cardtable.frontends.bot_runs import arena, simulate, study
from cardtable.frontends.cli_options import game_argument
from cardtable.frontends.play_commands import play, replay_command
from cardtable.frontends.registry import front_end_command
from cardtable.games import game_names, get_game
from cardtable.games.documents import game_document, rules_page

# `cardtable --help` and the commands import what they use when they run (docs/benchmarks.md, issue 14):
# every game, front end and the server would take most of a second to import, for a help screen.

#: Exit statuses: bad input (as click's own usage errors), a bug, Ctrl-C (128 + SIGINT).
INPUT_FAILURE = 2
BUG = 1
INTERRUPTED = 130
#: The longest error line printed: a message quoting a huge input is cut short.
MAX_MESSAGE = 500
#: The project publishes no issue tracker (pyproject.toml has no [project.urls]): the line names no place.
BUG_REPORT = (
    "This is a bug in cardtable, not a fault of your input: the traceback above shows where it happened."
)


def _one_line(message: str) -> str:
    """A message as one line; one quoting a huge input loses its middle, keeping what and why."""
    line = " ".join(message.splitlines())
    if len(line) <= MAX_MESSAGE:
        return line
    half = (MAX_MESSAGE - 3) // 2
    return f"{line[:half]} … {line[-half:]}"


def _refuse_input(message: str, debug: bool) -> None:
    """Report bad input: one line naming the input and the reason (after the traceback, with --debug)."""
    if debug:
        traceback.print_exc()
    click.echo(f"Error: {_one_line(message)}", err=True)


class CardtableGroup(click.Group):
    """The command line's one error boundary.

    Bad input (the engine's own errors, click's usage errors, a path that
    cannot be read or written) ends in one line on stderr naming the input
    and the reason, exit status 2; `--debug` shows the traceback as well.
    Anything else is a bug: its traceback and a line saying so, exit status
    1.  Ctrl-C ends quietly, exit status 130.

    Commands defined elsewhere (the server's, the front ends') are imported
    when they run or show their help; until then `cardtable --help` lists
    them by the first sentence of their help, given with them.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: Each command not yet imported: how to import it, and the first sentence of its help.
        self.lazy_commands: dict[str, tuple[Callable[[], click.Command], str]] = {}
        self._listing = False

    def add_lazy_command(self, name: str, summary: str, load: Callable[[], click.Command]) -> None:
        """Add a command that `load` imports when first needed; `summary`: its help's first sentence."""
        self.lazy_commands[name] = (load, summary)

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Every command's name, imported or not, in alphabetical order."""
        return sorted({*self.commands, *self.lazy_commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command of that name, imported now if it was not (but not to list it in the help)."""
        if cmd_name in self.lazy_commands and cmd_name not in self.commands:
            load, summary = self.lazy_commands[cmd_name]
            if self._listing:
                return click.Command(cmd_name, help=summary)
            self.add_command(load(), cmd_name)
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """List the commands, those not yet imported by their summaries (as click shortens any help)."""
        self._listing = True
        try:
            super().format_commands(ctx, formatter)
        finally:
            self._listing = False

    def make_context(
        self, info_name: str | None, args: list[str], parent: click.Context | None = None, **extra: Any
    ) -> click.Context:
        """Read the group's own options: a mistake there, before `invoke`, is one line too."""
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.UsageError as error:
            _refuse_input(error.format_message(), "--debug" in args)
            raise click.exceptions.Exit(INPUT_FAILURE) from None

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command, turning each kind of failure into its report and exit status."""
        debug = bool(ctx.params.get("debug"))
        try:
            return super().invoke(ctx)
        except click.exceptions.Exit:
            raise
        except click.Abort as abort:
            if isinstance(abort.__context__, KeyboardInterrupt):
                ctx.exit(INTERRUPTED)
            raise
        except KeyboardInterrupt:
            ctx.exit(INTERRUPTED)
        except click.ClickException as error:
            _refuse_input(error.format_message(), debug)
            ctx.exit(INPUT_FAILURE)
        except CardtableError as error:
            _refuse_input(str(error), debug)
            ctx.exit(INPUT_FAILURE)
        except BrokenPipeError:
            raise  # the reader of the output went away (`| head`): click ends quietly
        except Exception as error:
            traceback.print_exc()
            click.echo(f"Error: {_one_line(f'{type(error).__name__}: {error}')}", err=True)
            click.echo(BUG_REPORT, err=True)
            ctx.exit(BUG)


def _name_data_folder(variable: str, ctx: click.Context, param: click.Parameter, folder: str | None) -> None:
    """Name a game's tables' folder in its environment variable while the options are read, before a
    command imports the game (which reads and checks the folder whole when it first reads a table, a
    fault naming the file, row and reason); child processes inherit it."""
    if folder is not None:
        os.environ[variable] = os.path.abspath(folder)


def _data_folder_options(command: Callable[..., None]) -> Callable[..., None]:
    """`--GAME-data DIR` for each game whose tables a person may read from their own copy."""
    for game, (variable, summary) in sorted(announced_data_folders().items(), reverse=True):
        command = click.option(
            f"--{game}-data",
            metavar="DIR",
            is_eager=True,
            expose_value=False,
            callback=partial(_name_data_folder, variable),
            help=summary,
        )(command)
    return command


@click.group(cls=CardtableGroup)
@click.version_option(package_name="cardtable")
@click.option("--debug", is_flag=True, help="Show the traceback of any error (for developers).")
@_data_folder_options
def main(debug: bool) -> None:
    """Play, replay, simulate and study card games (`cardtable games` lists them and their bots)."""
    forget_unusable_terminal_size()


#: The variables a terminal's size may be given by (Rich, like most programs, reads them first).
SIZE_VARIABLES = ("COLUMNS", "LINES")


def forget_unusable_terminal_size() -> None:
    """Drop a COLUMNS or LINES that is no positive whole number, so the terminal's own size (or 80
    columns) is used: at COLUMNS=0 every command printed nothing at all."""
    for variable in SIZE_VARIABLES:
        value = os.environ.get(variable)
        digits = (value or "").strip()
        if value is not None and not (digits.isascii() and digits.isdecimal() and int(digits) > 0):
            del os.environ[variable]


def pager_found() -> bool:
    """Whether the pager a page would go to (MANPAGER's or PAGER's program, as pydoc reads them; else
    pydoc finds less, more or none by itself) exists: with one naming no program the page went to a
    shell's 'not found' and was never shown."""
    named = os.environ.get("MANPAGER") or os.environ.get("PAGER")
    if not named:
        return True
    try:
        words = shlex.split(named)
    except ValueError:  # unbalanced quotes
        return False
    return bool(words) and shutil.which(words[0]) is not None


@main.command()
@game_argument
def rules(game_name: str) -> None:
    """Print the rules of GAME with its options and presets (paged on a terminal)."""
    text = rules_page(game_name)
    console = Console()
    if console.is_terminal and pager_found():
        from rich.markdown import Markdown

        # The system's pager (PAGER, else less or more): the page does not scroll out of sight.
        with console.pager():
            console.print(Markdown(text))
    else:
        click.echo(text, nl=False)


@main.command()
@click.option("--names", is_flag=True, help="Only the games' names, one a line.")
def games(names: bool) -> None:
    """List the games and their bots."""
    if names:
        for name in game_names():
            click.echo(name)
        return
    from cardtable.bots import bot_names

    width = max(map(len, game_names()))
    for name in game_names():
        game = get_game(name)
        click.echo(
            f"{name:{width}} {game.title} ({game.seat_range} players); bots: {', '.join(bot_names(game))}"
        )


@main.group()
def position() -> None:
    """Positions: describe a game's state in JSON to start from it (play GAME --position FILE)."""


@position.command(name="schema")
@game_argument
def position_schema(game_name: str) -> None:
    """Print the JSON Schema of GAME's positions."""
    click.echo(game_document(game_name, "position.schema.json"), nl=False)


@position.command(name="template")
@game_argument
def position_template(game_name: str) -> None:
    """Print a commented example position of GAME, to copy and edit."""
    click.echo(game_document(game_name, "position.template.jsonc"), nl=False)


def _imported(module: str, name: str) -> click.Command:
    """A command defined in another module, imported now."""
    command: click.Command = getattr(import_module(module), name)
    return command


# A game at this terminal; many games between bots.
for _command in (play, replay_command, simulate, arena, study):
    main.add_command(_command)
# The table server (play online in a browser), and the games played at this terminal.
main.add_lazy_command(
    "serve",
    "Serve tables to play online: people by invitation links, bots in worker processes.",
    partial(_imported, "cardtable.server.command", "serve"),
)
main.add_lazy_command(
    "history",
    "List your finished games, newest last (cardtable replay N opens game N).",
    partial(_imported, "cardtable.frontends.history", "history_command"),
)
# The commands of the games' own applications (a campaign, deck files), announced with their games.
for _name, (_, _summary) in announced_commands().items():
    main.add_lazy_command(_name, _summary, partial(front_end_command, _name))


if __name__ == "__main__":  # pragma: no cover
    main()
