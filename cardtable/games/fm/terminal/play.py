"""Free Duel and two-player duels at the terminal: who plays, with which decks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click

from cardtable.bots import is_search_spec, make_opponent
from cardtable.bots.levels import is_level
from cardtable.core.chance import fresh_seed, make_rng
from cardtable.core.errors import UnknownNameError
from cardtable.core.match import Match
from cardtable.core.players import HUMANS, Bot
from cardtable.frontends.registry import PlayRequest
from cardtable.games.fm import GAME
from cardtable.games.fm.ai import DuelistAI
from cardtable.games.fm.carddata import duelists
from cardtable.games.fm.decks import starter_deck
from cardtable.games.fm.duelists import duel_position, find_duelist
from cardtable.games.fm.terminal.deck_files import read_deck
from cardtable.games.fm.terminal.store import campaign_store


def play_setup(request: PlayRequest) -> tuple[Match[Any, Any, Any, Any], dict[int, Bot]]:
    """`cardtable play fm`: your deck (a file, else the campaign's, else a starter) against the opponent."""
    saved = campaign_store(None).load() if not request.deck_files else None
    options = GAME.option_table.resolve(
        request.preset, GAME.option_table.parse_assignments(request.assignments)
    )
    return fm_match(
        request.vs,
        request.players,
        request.deck_files,
        request.seed,
        options,
        saved.deck if saved is not None else None,
    )


def resume_bot(name: str) -> Bot:
    """The bot of a seat in a saved duel, from its recorded name: a duelist's AI, or a bot on a deck.

    `fm_match` names the seat after the duelist (`Simon Muran`) or after the bot and the deck it plays
    (`ismcts:2 (Simon Muran's deck)`); any other name is a bot's name (UnknownNameError if it is not).
    """
    text = name.strip()
    if " (" in text and text.endswith("'s deck)"):
        return make_opponent(text.split(" (", 1)[0], GAME)
    try:
        duelist = find_duelist(text)
    except UnknownNameError:
        return make_opponent(text, GAME)
    return DuelistAI(duelist)


def fm_match(
    vs: str | None,
    players: str | None,
    deck_files: Sequence[str],
    seed: int | None,
    options: Any,
    own_deck: tuple[int, ...] | None = None,
) -> tuple[Match[Any, Any, Any, Any], dict[int, Bot]]:
    """The match and its bots for `cardtable play fm`.

    `--vs` names a duelist (number or name) whose AI, deck pool, hand window
    and sight play seat 2, or a bot (`random`, `ismcts:2`, `policy:FILE`)
    playing a random duelist's deck.  `--players you,you` is a two-player
    duel.  Your deck is `--deck FILE`, else `own_deck` (the campaign's), else
    a new starter deck.
    """
    seed = fresh_seed() if seed is None else seed
    rng = make_rng(seed, "decks")
    texts = [name.strip() for name in players.split(",")] if players else ["you", vs or "1"]
    names = [text.lower() for text in texts]
    if len(names) != 2:
        raise click.UsageError(f"a duel has two sides, not {len(names)}: {','.join(names)}")
    if len(deck_files) > 2:
        raise click.UsageError("give at most two --deck files")
    decks = [read_deck(path) for path in deck_files]
    first = decks[0] if decks else own_deck or starter_deck(rng)
    opponent = names[1]
    bots: dict[int, Bot] = {}
    if opponent in HUMANS:
        second = decks[1] if len(decks) > 1 else starter_deck(rng)
        position = duel_position(first, None, rng, second)
        labels = ["Player 1", "Player 2"]
    elif (
        opponent in ("random", "heuristic")
        or is_level(opponent)
        or is_search_spec(opponent)
        or opponent.startswith("policy:")
    ):
        duelist = rng.choice(sorted(duelists()))
        position = duel_position(first, duelist, rng)
        position["windows"], position["sees_face_down"] = [5, 5], [False, False]
        bot_name = texts[1] if opponent.startswith("policy:") else opponent  # a file's path as written
        bots[1] = make_opponent(bot_name, GAME)
        labels = ["you", f"{bot_name} ({duelists()[duelist].name}'s deck)"]
    else:
        duelist = find_duelist(texts[1])
        position = duel_position(first, duelist, rng)
        bots[1] = DuelistAI(duelist)
        labels = ["you", duelists()[duelist].name]
    if names[0] not in HUMANS:
        raise click.UsageError("seat 1 is yours in a duel: --players you,<opponent>")
    match = Match(GAME, options=options, seed=seed, players=labels, position=position)
    return match, bots
