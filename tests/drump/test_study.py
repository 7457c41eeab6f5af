"""The library API for studying DRUMP's rules: stack payments and Burst resolution (drump.md).

Each is checked as a player would, and against the engine: the summons the
engine allows and the exchanges it plays agree with these functions.
"""

from __future__ import annotations

import sys

import pytest

from cardtable.core import conformance
from cardtable.games import drump
from cardtable.games.drump import (
    GAME,
    BurstEnd,
    BurstResult,
    DrumpOptions,
    Payment,
    parse_card,
    resolve_burst,
    stack_payments,
)
from cardtable.games.drump.actions import Burst, Summon
from cardtable.games.drump.cards import IS_PART, NO_CARD, RANK
from cardtable.games.drump.events import (
    AceCounted,
    AttackFailed,
    Blocked,
    BlockWon,
    BurstMade,
    BurstWon,
    Countered,
    StackRevealed,
)
from cardtable.games.drump.stacks import FACE_DOWN
from cardtable.games.drump.state import MAIN


def cards(text: str) -> list[int]:
    """Cards written in notation, separated by spaces."""
    found = [parse_card(word) for word in text.split()]
    assert None not in found
    return found  # type: ignore[return-value]


def card(text: str) -> int:
    return cards(text)[0]


def paid_values(text: str, ace_pays_any: bool = False) -> list[int]:
    return sorted({payment.value for payment in stack_payments(cards(text), ace_pays_any)})


def test_the_library_api_is_exported() -> None:
    for name in ("stack_payments", "Payment", "resolve_burst", "BurstResult", "BurstEnd", "DrumpEnding"):
        exported = getattr(drump, name)
        # mypyc keeps no docstring on what it compiles (the optional compiled build).
        compiled = not str(sys.modules[exported.__module__].__file__).endswith(".py")
        assert name in drump.__all__ and (exported.__doc__ or compiled)


# -- stack payments ------------------------------------------------------------------------
def test_a_stack_pays_for_the_part_of_its_exact_total() -> None:
    assert stack_payments(cards("4h 6s")) == (Payment(10, ()),)
    assert paid_values("2s 3s 4s 3h") == [12]
    assert paid_values("9h 4d") == [13]
    assert paid_values("2s 3s") == []


def test_one_card_pays_for_nothing_not_even_an_ace_as_11_for_a_j() -> None:
    # VI: two or more cards; PT: an Ace counted as 11 may not pay for a J alone.
    assert stack_payments(cards("As")) == ()
    assert stack_payments(cards("9s")) == ()
    assert stack_payments([]) == ()


def test_each_ace_counts_1_or_11_as_its_owner_pays() -> None:
    assert stack_payments(cards("As 9h")) == (Payment(10, (1,)),)
    assert stack_payments(cards("As 2h")) == (Payment(13, (11,)),)
    # Two Aces make 2, 12 or 22: a Q, whichever Ace counts 11.
    assert stack_payments(cards("As Ah")) == (Payment(12, (1, 11)), Payment(12, (11, 1)))
    assert stack_payments(cards("As Ah Ad")) == (
        Payment(13, (1, 1, 11)),
        Payment(13, (1, 11, 1)),
        Payment(13, (11, 1, 1)),
    )


def test_ace_pays_any_needs_an_ace_and_a_card_from_2_to_9() -> None:
    # PT, Ex²: an A with any 2-9 pays for a part of any value.
    assert paid_values("As 5h") == []
    assert paid_values("As 5h", ace_pays_any=True) == [10, 11, 12, 13]
    wildcards = stack_payments(cards("As 5h"), ace_pays_any=True)
    assert all(payment.wildcard and not payment.ace_values for payment in wildcards)
    # A total that pays anyway is still paid by its total, the Ace counted as it must be.
    assert stack_payments(cards("As 9h"), True) == (
        Payment(10, (1,)),
        Payment(11, (), wildcard=True),
        Payment(12, (), wildcard=True),
        Payment(13, (), wildcard=True),
    )
    # Aces alone are no "A and a 2-9": they pay only by their total.
    assert stack_payments(cards("As Ah"), True) == stack_payments(cards("As Ah"))
    assert paid_values("As Ah Ad", ace_pays_any=True) == [13]
    assert paid_values("2s 5h", ace_pays_any=True) == []


def test_face_down_cards_pay_like_face_up_ones() -> None:
    four, six = cards("4h 6s")
    assert stack_payments([four, six | FACE_DOWN]) == stack_payments([four, six])


@pytest.mark.parametrize(
    ("stack", "message"),
    [
        ([card("4h"), card("Kd")], r"stack \[4h Kd\]: Kd is a monster part; stacks hold A-9"),
        ([card("4h"), card("4h")], "4h appears twice"),
        (cards("9s 5h"), "totals 14 with Aces as 1, over 13"),
        ([card("4h"), 200], "200 is not a card"),
        ([card("4h"), True], "True is not a card"),
        ("4h 6s", "expected a sequence of cards"),
    ],
)
def test_what_is_not_a_stack_is_refused_with_the_reason(stack: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        stack_payments(stack)  # type: ignore[arg-type]


@pytest.mark.parametrize("preset", [None, "pt"])
def test_the_engine_offers_exactly_the_summons_the_payments_allow(preset: str | None) -> None:
    options = GAME.option_table.resolve(preset)
    checked = 0
    for seed in range(25):
        for state, _ in conformance.random_states(GAME, seed, options):
            if state.phase != MAIN or state.summoned:
                continue
            seat = state.turn_seat
            zones = state.zones[seat]
            expected = {
                (part, slot)
                for part in state.hands[seat]
                if IS_PART[part] and zones[state.part_zone[part]] == NO_CARD
                for slot, stack in enumerate(state.stacks[seat])
                if any(payment.value == RANK[part] for payment in stack_payments(stack, options.ace_pays_any))
            }
            offered = {(a.part, a.slot) for a in GAME.legal_actions(state) if isinstance(a, Summon)}
            assert offered == expected
            checked += bool(expected)
    assert checked > 20


# -- Burst resolution ----------------------------------------------------------------------
def test_an_attacking_ace_wins_at_once() -> None:
    result = resolve_burst(card("Ac"), cards("5s 4h"))
    assert result == BurstResult(True, BurstEnd.ACE_ATTACK, None, (card("Ac"),))
    assert result.reason == "the attacking Ace Ac wins at once"
    with pytest.raises(ValueError, match="answer 1, Kd: the attacking Ace Ac has won"):
        resolve_burst(card("Ac"), cards("5s 4h"), answers=[card("Kd")])


def test_an_attack_of_13_or_less_fails_and_nothing_may_block_it() -> None:
    result = resolve_burst(card("3c"), cards("5s 4h"))
    assert not result.attacker_wins and result.end == BurstEnd.ATTACK_FAILS and result.attack_sum == 12
    assert result.reason == "the attack fails: 12 is 13 or less, so 3c joins the stack"
    with pytest.raises(ValueError, match="the attack failed"):
        resolve_burst(card("3c"), cards("5s 4h"), answers=[card("Kd")])


def test_over_13_the_attack_stands_unless_blocked() -> None:
    result = resolve_burst(card("8c"), cards("9s"))
    assert result.attacker_wins and result.end == BurstEnd.UNANSWERED and result.attack_sum == 17
    assert result.reason == "the attack stands: 17 is over 13 and nothing blocks it"


def test_blocks_and_counters_each_beat_the_last_card_and_the_last_word_wins() -> None:
    defended = resolve_burst(card("6c"), cards("9s"), answers=cards("7d 9h Qd"))
    assert not defended.attacker_wins and defended.end == BurstEnd.UNANSWERED
    assert defended.cards == tuple(cards("6c 7d 9h Qd"))
    assert defended.reason == "Qd is not answered, so the block stands"
    assert resolve_burst(card("6c"), cards("9s"), answers=cards("7d 9h")).attacker_wins
    with pytest.raises(ValueError, match=r"answer 2, 7h: a counter must be higher than the last card"):
        resolve_burst(card("6c"), cards("9s"), answers=cards("7d 7h"))
    with pytest.raises(ValueError, match=r"answer 1, 2d: a block must be higher than the last card \(over 6"):
        resolve_burst(card("6c"), cards("9s"), answers=cards("2d"))


def test_an_ace_answer_wins_the_exchange_at_once() -> None:
    blocked = resolve_burst(card("6c"), cards("9s"), answers=cards("Ad"))
    assert not blocked.attacker_wins and blocked.end == BurstEnd.ACE_ANSWER
    assert blocked.reason == "the Ace Ad wins the exchange as a block"
    countered = resolve_burst(card("6c"), cards("9s"), answers=cards("Kd Ah"))
    assert countered.attacker_wins and countered.end == BurstEnd.ACE_ANSWER
    with pytest.raises(ValueError, match="answer 2, Ah: the Ace Ad has won"):
        resolve_burst(card("6c"), cards("9s"), answers=cards("Ad Ah"))


def test_the_owner_values_the_aces_of_the_attacked_stack() -> None:
    # 4 + 11 + 1 = 16: over 13, the attack stands; 4 + 1 + 1 = 6: it fails.
    assert resolve_burst(card("4c"), cards("As Ah"), ace_values=[11, 1]).attacker_wins
    assert resolve_burst(card("4c"), cards("As Ah"), ace_values=[1, 1]).end == BurstEnd.ATTACK_FAILS
    with pytest.raises(ValueError, match="the stack holds 2 Aces, one value each"):
        resolve_burst(card("4c"), cards("As Ah"), ace_values=[11])
    with pytest.raises(ValueError, match="an Ace counts 1 or 11, not 5"):
        resolve_burst(card("4c"), cards("As Ah"), ace_values=[5, 1])


def test_block_adds_compares_running_totals() -> None:
    # EN: blocks add to the stack's total, counters to the attack's; each must pull ahead.
    options = DrumpOptions(block_adds=True)
    with pytest.raises(ValueError, match=r"answer 1, 2d: a block must put its side ahead \(over 3\)"):
        resolve_burst(card("9c"), cards("6s"), answers=cards("2d"), options=options)
    with pytest.raises(ValueError, match=r"answer 2, 7h: a counter must put its side ahead \(over 10\)"):
        resolve_burst(card("9c"), cards("6s"), answers=cards("Kd 7h"), options=options)
    assert not resolve_burst(card("9c"), cards("6s"), answers=cards("Kd"), options=options).attacker_wins
    # Nothing in hand pulls 9 ahead of 6 + 13, but an Ace counter wins whatever the totals.
    assert resolve_burst(card("9c"), cards("6s"), answers=cards("Kd Ah"), options=options).attacker_wins


# -- PT: receive or block before the sum (block_before_sum) -------------------------------------
BEFORE_SUM = DrumpOptions(block_before_sum=True)


def test_before_the_sum_a_received_attack_is_summed_and_never_blocked() -> None:
    # Received: 6 + 9 = 15 succeeds at once (no answer may follow); 3 + 9 = 12 fails.
    over = resolve_burst(card("6c"), cards("5s 4h"), options=BEFORE_SUM)
    assert over == BurstResult(True, BurstEnd.SUM_OVER, 15, (card("6c"),))
    assert over.reason == "the attack succeeds: 15 is over 13"
    fails = resolve_burst(card("3c"), cards("5s 4h"), options=BEFORE_SUM)
    assert fails == BurstResult(False, BurstEnd.ATTACK_FAILS, 12, (card("3c"),))
    assert fails.reason == "the attack fails: 12 is 13 or less, so 3c joins the stack"


def test_before_the_sum_a_block_that_stands_leaves_the_stack_unsummed() -> None:
    result = resolve_burst(card("6c"), cards("5s 4h"), answers=cards("7d"), options=BEFORE_SUM)
    assert result == BurstResult(False, BurstEnd.UNANSWERED, None, tuple(cards("6c 7d")))
    assert result.reason == "7d is not answered, so the block stands"
    # Even an attack that would fail is blocked before any sum; the Aces are never asked.
    ace_block = resolve_burst(card("3c"), cards("As 4h"), [11], cards("Ad"), BEFORE_SUM)
    assert ace_block == BurstResult(False, BurstEnd.ACE_ANSWER, None, tuple(cards("3c Ad")))


def test_before_the_sum_an_attacker_who_beats_the_blocks_goes_on_to_the_sum() -> None:
    through = resolve_burst(card("6c"), cards("5s 4h"), answers=cards("7d 9h"), options=BEFORE_SUM)
    assert through == BurstResult(True, BurstEnd.SUM_OVER, 15, tuple(cards("6c 7d 9h")))
    assert through.reason == "the counter 9h is not answered; then the attack succeeds: 15 is over 13"
    # Through the blocks, but 3 + 9 = 12: the attack still fails.
    weak = resolve_burst(card("3c"), cards("5s 4h"), answers=cards("7d 9h"), options=BEFORE_SUM)
    assert weak == BurstResult(False, BurstEnd.ATTACK_FAILS, 12, tuple(cards("3c 7d 9h")))
    assert weak.reason == (
        "the counter 9h is not answered; then the attack fails: 12 is 13 or less, so 3c joins the stack"
    )
    ace = resolve_burst(card("4c"), cards("As Ah"), [11, 1], cards("Kd Ac"), BEFORE_SUM)
    assert ace == BurstResult(True, BurstEnd.SUM_OVER, 16, tuple(cards("4c Kd Ac")))
    assert ace.reason == "the Ace Ac wins the exchange as a counter; then the attack succeeds: 16 is over 13"


def test_before_the_sum_the_answers_and_aces_are_checked_as_always() -> None:
    with pytest.raises(ValueError, match=r"answer 1, 5d: a block must be higher than the last card"):
        resolve_burst(card("6c"), cards("5s 4h"), answers=cards("5d"), options=BEFORE_SUM)
    with pytest.raises(ValueError, match="the stack holds 2 Aces, one value each"):
        resolve_burst(card("4c"), cards("As Ah"), options=BEFORE_SUM)
    # An attacking Ace wins at once here too, and nothing may answer it.
    assert resolve_burst(card("Ac"), cards("5s"), options=BEFORE_SUM).end == BurstEnd.ACE_ATTACK
    with pytest.raises(ValueError, match="the attacking Ace Ac has won"):
        resolve_burst(card("Ac"), cards("5s"), answers=cards("Kd"), options=BEFORE_SUM)


def test_before_the_sum_with_block_adds_the_defence_counts_its_blocks_only() -> None:
    options = DrumpOptions(block_before_sum=True, block_adds=True)
    # The stack (9) is not counted: 7 passes the attack's 6 alone; then the attack needs over 7 - 6.
    result = resolve_burst(card("6c"), cards("5s 4h"), answers=cards("7d 2c"), options=options)
    assert result.attacker_wins and result.end == BurstEnd.SUM_OVER
    with pytest.raises(ValueError, match=r"answer 1, 5d: a block must put its side ahead \(over 6\)"):
        resolve_burst(card("6c"), cards("5s 4h"), answers=cards("5d"), options=options)


@pytest.mark.parametrize(
    ("attack", "stack", "answers", "message"),
    [
        ("Kc", "9s", "", "attack Kc: only force cards"),
        ("6c", "", "", r"attacked stack \[\]: a Burst attacks a stack"),
        ("6c", "9s Qs", "", "Qs is a monster part"),
        ("6c", "9s", "9s", "answer 1, 9s: that card is already in the exchange"),
        ("6c", "6c 5s", "", "attack 6c: that card is in the attacked stack"),
    ],
)
def test_an_impossible_burst_is_refused_naming_the_card(
    attack: str, stack: str, answers: str, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        resolve_burst(card(attack), cards(stack), answers=cards(answers))


@pytest.mark.parametrize("preset", [None, "pt", "vi", "en"])
def test_every_exchange_the_engine_plays_ends_as_resolve_burst_says(preset: str | None) -> None:
    options = GAME.option_table.resolve(preset)
    exchanges = 0
    ends: set[BurstEnd] = set()
    for seed in range(30):
        final = None
        # The attacked stacks as they stood, face-down cards included: under block_before_sum a
        # block may win before the stack is ever revealed in the log.
        attacked: list[list[int]] = []
        for state, action in conformance.random_states(GAME, seed, options):
            final = state
            if isinstance(action, Burst):
                stack = state.stacks[1 - state.turn_seat][action.slot]
                attacked.append([code & ~FACE_DOWN for code in stack])
        assert final is not None
        burst: dict[str, list[int]] = {}
        for event in GAME.view(final, None).log:
            match event:
                case BurstMade(card=attack, revealed=revealed):
                    stack = attacked.pop(0)
                    assert revealed is None or list(revealed) == stack
                    assert (revealed is None) == (options.block_before_sum and RANK[attack] != 1)
                    burst = {"attack": [attack], "stack": stack, "aces": [], "answers": []}
                case StackRevealed(cards=revealed):
                    assert list(revealed) == burst["stack"]
                case AceCounted(value=value):
                    burst["aces"].append(value)
                case Blocked(card=answer) | Countered(card=answer):
                    burst["answers"].append(answer)
                case BurstWon() | BlockWon() | AttackFailed():
                    result = resolve_burst(
                        burst["attack"][0], burst["stack"], burst["aces"], burst["answers"], options
                    )
                    assert result.attacker_wins == isinstance(event, BurstWon)
                    assert (result.end == BurstEnd.ATTACK_FAILS) == isinstance(event, AttackFailed)
                    if isinstance(event, AttackFailed):
                        assert result.attack_sum == event.total
                    exchanges += 1
                    ends.add(result.end)
    assert exchanges > 100
    # Every way an exchange may end under these rules was met.
    if options.block_before_sum:
        assert ends == set(BurstEnd)
    else:
        assert ends == set(BurstEnd) - {BurstEnd.SUM_OVER}
