"""The move menu: every move when they fit, else steps; and the words suggested for a typo."""

from __future__ import annotations

import pytest

from cardtable.frontends.choices import MoveMenu, default_steps, did_you_mean

PATHS = [
    ("set 7♥", "on 1"),
    ("set 7♥", "on 2"),
    ("set 3♣", "on 1"),
    ("set 3♣", "on 2"),
    ("recycle K♣", "draw"),
    ("end",),
]


def menu() -> MoveMenu:
    return MoveMenu([f"move {index}" for index in range(len(PATHS))], PATHS)


def plain(lines: list) -> str:
    return "\n".join(line.plain for line in lines)


def test_every_move_is_listed_when_the_list_fits() -> None:
    choices = menu()
    text = plain(choices.lines(80, 10))
    assert "6 moves" in text and "set 7♥ on 2" in text and "end" in text
    assert choices.whole and choices.pick(2) == "move 1"


def test_a_list_too_long_for_its_room_goes_in_steps_and_a_step_of_one_move_is_that_move() -> None:
    choices = menu()
    text = plain(choices.lines(30, 5))
    assert not choices.whole
    assert "set 7♥ … (2)" in text and "set 3♣ … (2)" in text
    # One move under its first step: shown whole, chosen at once.
    assert "recycle K♣ draw" in text and "recycle K♣ …" not in text
    assert choices.pick(1) is None and choices.prefix == ("set 7♥",)
    text = plain(choices.lines(80, 3))
    assert "set 7♥ › choose one" in text and "1 on 1" in text and "2 on 2" in text
    assert choices.pick(2) == "move 1"


def test_back_goes_up_a_step_and_no_further_than_the_top() -> None:
    choices = menu()
    choices.lines(30, 5)
    choices.pick(2)
    assert choices.prefix == ("set 3♣",)
    assert choices.back() and choices.prefix == ()
    assert not choices.back()


def test_numbers_out_of_range_are_refused_with_the_range() -> None:
    choices = menu()
    choices.lines(80, 10)
    with pytest.raises(ValueError, match="There is no move 7; choose 1 to 6"):
        choices.pick(7)
    choices.lines(30, 5)
    with pytest.raises(ValueError, match=r"There is no choice 5; choose 1 to 4 \(or back, all\)"):
        choices.pick(5)


def test_a_menu_with_one_group_opens_it_at_once() -> None:
    paths = [("place attack", f"star {star}") for star in (1, 2)] + [
        ("place defence", f"star {star}") for star in (1, 2)
    ]
    choices = MoveMenu(list(range(4)), [("place", *path) for path in paths])
    text = plain(choices.lines(80, 2))
    assert choices.prefix == ("place",) and "place attack … (2)" in text


def test_a_leaf_and_a_step_may_share_a_word() -> None:
    choices = MoveMenu(["play", "play down", "end"], [("play",), ("play", "down"), ("end",)])
    labels = [choice.label for choice in choices.choices()]
    assert labels == ["play", "play down", "end"]


def test_too_many_steps_for_the_room_say_how_many_more_and_where_they_are() -> None:
    paths = [(f"show {index}",) for index in range(1, 41)]
    choices = MoveMenu(list(range(40)), paths)
    lines = choices.lines(30, 4)
    assert len(lines) <= 4
    text = plain(lines)
    assert "… 36 more: type a for every move" in text
    assert "1 show 1" in text and "2 show 2" in text


def test_default_steps_are_the_first_word_then_the_rest() -> None:
    assert default_steps("pick h3") == ("pick", "h3")
    assert default_steps("end") == ("end",)


def test_did_you_mean_offers_close_words_only() -> None:
    assert did_you_mean("hlep", ["help", "rules", "quit"]) == " Did you mean 'help'?"
    assert did_you_mean("zzz", ["help", "rules"]) == ""
