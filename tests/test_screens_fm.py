"""The Forbidden Memories duel at the terminal: its screens fit, its prompt explains, nothing hidden shows.

Every decision of seeded duels between bots is drawn on Rich's recording
console at 100x30 (the full board, never cut) and at 80x24 and 60x16 (the
compact board or a cut one, never a scroll); `info`, `fusions`, the steps
and the log are checked on positions built for them.
"""

from __future__ import annotations

import pytest
from rich.console import Console, RenderableType

from cardtable.core.match import Match
from cardtable.frontends.choices import MoveMenu
from cardtable.frontends.layout import MENU_COMFORT
from cardtable.frontends.registry import UnknownCard, front_end
from cardtable.games.fm.events import LifePointsChanged, TrapSprung
from cardtable.games.fm.finder import view_hints
from cardtable.games.fm.magic import ATTACK_TRAPS
from cardtable.games.fm.terminal.guide import card_info, describe, fusions, steps, trap_reason
from tests.fm.helpers import cid, duel, match_from, monster
from tests.test_screens import at_terminal, check_fits, decisions, screen_lines

NAMES = ("You (P1)", "Rival (P2)")


def text_of(renderable: RenderableType, width: int = 100) -> str:
    console = Console(width=width, record=True, color_system=None, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(renderable)
    return console.export_text()


def screen_text(terminal_lines: list) -> str:
    return "\n".join("".join(segment.text for segment in line) for line in terminal_lines)


@pytest.mark.parametrize("seed", [1, 2])
def test_every_duel_decision_fits_100x30_whole_and_smaller_terminals_compact(seed: int) -> None:
    phases = set()
    compact_seen = False
    for match in decisions("fm", 2, seed):
        seat = match.current_seat if match.current_seat is not None else 0
        phase = match.view(seat).phase
        phases.add(phase)
        where = f"fm seed {seed} action {len(match.moves)} ({phase})"
        terminal = at_terminal(match, 100, 30)
        check_fits(screen_lines(terminal, seat, 100, 30), 100, 30, where)
        fit = terminal.screen.fit  # type: ignore[attr-defined]
        assert fit is not None and not fit.compact and not fit.cropped, f"{where}: the board was not whole"
        if len(match.moves) % 3 == 0 or match.is_over:
            terminal = at_terminal(match, 80, 24)
            check_fits(screen_lines(terminal, seat, 80, 24), 80, 24, where + " at 80x24")
            fit = terminal.screen.fit  # type: ignore[attr-defined]
            assert fit is not None and not fit.cropped, f"{where}: the board was cut at 80x24"
            compact_seen |= fit.compact
            small = at_terminal(match, 60, 16)
            check_fits(screen_lines(small, seat, 60, 16), 60, 16, where + " at 60x16")
    assert phases == {"pick", "place", "battle", "over"}
    assert compact_seen


def test_the_compact_board_shows_both_sides_the_terrain_and_your_hand() -> None:
    data = duel(
        hands=(["Mystical Elf", "Mushroom Man"], ["Dark Hole"]),
        monsters=(
            {1: monster("Dragon Zombie"), 3: monster("Hourglass of Life", face_up=False)},
            {2: monster("Ameba", face_up=False, attack=False)},
        ),
        magic=({}, {1: "Widespread Ruin"}),
    )
    match = match_from(data)
    terminal = at_terminal(match, 80, 16)
    text = screen_text(screen_lines(terminal, 0, 80, 16))
    assert terminal.screen.fit.compact  # type: ignore[attr-defined]
    # Five zones in 80 columns: a long name is shortened (info m1 tells it whole).
    assert "1600/0 A Drago…" in text and "?/? D face down" in text and "set card" in text
    assert "700/600 A ▼Hou…" in text
    assert "terrain: normal" in text and "h1 Mystical Elf" in text and "h2 Mushroom Man" in text
    # The opponent's face-down Ameba, set trap and hand are never drawn.
    assert "Ameba" not in text and "Widespread" not in text and "Dark Hole" not in text


def test_a_placement_over_a_full_field_goes_in_steps_position_star_zone() -> None:
    full = {zone: monster("Mushroom Man") for zone in range(1, 6)}
    data = duel(hands=(["Dragon Zombie"], []), monsters=(full, {}))
    match = match_from(data)
    match.play("pick h1")
    match.play("play")
    view = match.view(0)
    legal = match.legal_actions()
    assert len(legal) == 20
    assert steps(view, legal[0]) == ("attack", "star 1 Moon", "on m1 Mushroom Man")
    menu = MoveMenu(legal, [steps(view, action) for action in legal])
    lines = [line.plain for line in menu.lines(100, 6)]
    assert any("attack … (10)" in line for line in lines) and any("defence … (10)" in line for line in lines)
    assert menu.pick(1) is None  # attack: opens the stars
    assert [choice.label for choice in menu.choices()] == ["star 1 Moon", "star 2 Pluto"]
    assert menu.pick(2) is None
    chosen = menu.pick(3)
    assert str(chosen) == "place attack star 2 on m3"
    assert menu.full_labels()[5] == "attack star 2 Pluto on m1 Mushroom Man"


def test_picks_name_their_cards_and_play_says_which_face() -> None:
    data = duel(hands=(["Mystical Elf", "Mushroom Man"], []), monsters=({2: monster("Ameba")}, {}))
    match = match_from(data)
    view = match.view(0)
    labels = [steps(view, action) for action in match.legal_actions()]
    assert ("pick", "h1 Mystical Elf 800/2000") in labels and ("pick", "m2 Ameba (field)") in labels
    match.play("pick h1")
    labels = [steps(match.view(0), action) for action in match.legal_actions()]
    assert ("play face up",) in labels and ("play down (face down)",) in labels


def test_info_gives_text_stars_type_and_strength_now_and_never_a_hidden_card() -> None:
    data = duel(
        hands=(["Mystical Elf"], ["Dark Hole"]),
        monsters=(
            {1: monster("Dragon Zombie", bonus=500)},
            {1: monster("Ameba", face_up=False), 2: monster("Mushroom Man")},
        ),
        magic=({}, {1: "Widespread Ruin"}),
    )
    view = match_from(data).view(0)
    hand = text_of(card_info(view, "h1"))
    assert (
        "Mystical Elf" in hand and "800/2000" in hand and "Spellcaster" in hand and "Sun and Jupiter" in hand
    )
    field = text_of(card_info(view, "m1"))
    assert "Now: 2100/500 A Moon" in field and "equips +500" in field
    hidden = text_of(card_info(view, "their m1"))
    assert "face-down" in hidden and "Ameba" not in hidden
    assert "Mushroom Man" in text_of(card_info(view, "their m2"))
    named = text_of(card_info(view, "mushroom man"))
    assert "their m2" in named
    for refused in ("their s1", "their h1", "h9", "m4", "Mushrom Mann", "their"):
        with pytest.raises(UnknownCard):
            card_info(view, refused)
    with pytest.raises(UnknownCard, match="cannot see"):
        card_info(view, "their s1")


def test_fusions_read_the_seats_own_view_only() -> None:
    mine = (["Mystical Elf", "Mushroom Man", "Ameba"], ["Dark Hole", "Raigeki"])
    other = (mine[0], ["Mushroom Man", "Mystical Elf"])
    shown = []
    for hands in (mine, other):
        view = match_from(duel(hands=hands)).view(0)
        answer = text_of(fusions(view, ""))
        assert "Queen of Autumn Leaves" in answer and ("pick h1, h2" in answer or "pick h2, h1" in answer)
        assert len(answer.splitlines()) == 1 + len(view_hints(view))
        shown.append(answer)
    # The opponent's hand differs and the hints do not: they come from the view alone.
    assert shown[0] == shown[1]
    spectator = match_from(duel(hands=mine)).view(None)
    with pytest.raises(UnknownCard):
        fusions(spectator, "")
    assert front_end("fm").hints[0].word == "fusions"


def test_the_log_says_the_damage_why_a_trap_fired_and_what_a_failed_fusion_lost() -> None:
    data = duel(
        hands=(["Mystical Elf", "Dark Hole"], []),
        monsters=({1: monster("Dragon Zombie")}, {1: monster("Mushroom Man")}),
        phase="battle",
    )
    match = match_from(data)
    match.play("attack m1 m1")
    events = match.view(1).log
    assert LifePointsChanged(1, -(1600 - 800), 8000 - 800) in events
    words = [describe(event, NAMES) for event in events]
    assert "Rival (P2) loses 800 LP (7200 left)" in words
    trapped = duel(
        monsters=({1: monster("Dragon Zombie")}, {1: monster("Mushroom Man")}),
        magic=({}, {1: "Invisible Wire"}),
        phase="battle",
    )
    match = match_from(trapped)
    match.play("attack m1 m1")
    words = [describe(event, NAMES) for event in match.view(0).log]
    assert ATTACK_TRAPS[cid("Invisible Wire")] == 2000
    reason = "Rival (P2)'s trap Invisible Wire springs: it answers an attack of 2000 ATK or less"
    assert f"{reason}, and the attacking monster is destroyed" in words
    assert "any attack" in trap_reason(cid("Widespread Ruin"))
    assert describe(TrapSprung(1, cid("Reverse Trap")), NAMES).endswith("turns the equip's gain into a loss")
    lost = duel(hands=(["Dragon Zombie", "Dark Hole"], []))
    for face, seen_by, named in (("play", 1, True), ("play down", 1, False), ("play down", 0, True)):
        match = match_from(lost)
        match.play("pick h1")
        match.play("pick h2")
        match.play(face)
        words = [describe(event, NAMES) for event in match.view(seen_by).log]
        loss = [word for word in words if "the failed fusion loses it" in word]
        assert loss, words
        assert ("Dragon Zombie" in loss[0] or "Dark Hole" in loss[0]) == named


def test_the_rivals_face_down_play_is_never_named_in_your_log() -> None:
    match: Match | None = None
    for match in decisions("fm", 2, 5):
        if len(match.moves) > 80:
            break
    assert match is not None
    log = match.view(0).log
    words = "\n".join(describe(event, NAMES) for event in log)
    hidden = [event for event in log if getattr(event, "card", 0) is None]
    assert hidden and "a hidden card" in words


def test_at_80x24_a_short_list_of_moves_is_listed_whole_the_board_compact_if_need_be() -> None:
    listed_whole_with_compact_board = 0
    for seed in (1, 2):
        for match in decisions("fm", 2, seed):
            if match.is_over:
                break
            seat = match.current_seat
            terminal = at_terminal(match, 80, 24)
            text = screen_text(screen_lines(terminal, seat, 80, 24))
            menu = terminal.screen.menu
            assert menu is not None
            whole = menu.whole
            if 1 + len(menu.lines(80, None)) <= MENU_COMFORT:
                assert whole and "more: type a" not in text, f"seed {seed} action {len(match.moves)}:\n{text}"
                listed_whole_with_compact_board += terminal.screen.fit.compact  # type: ignore[attr-defined]
    assert listed_whole_with_compact_board
