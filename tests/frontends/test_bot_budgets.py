"""The server reads a bot's search budget with the bots' own reader, then applies its limits (issue 9)."""

from __future__ import annotations

import pytest

from cardtable.bots import search_budget
from cardtable.core.errors import UnknownNameError
from cardtable.server.limits import Limits
from cardtable.server.protocol import PROTOCOL, ProtocolError
from cardtable.server.setup import read_table_request


def request(bot: str) -> dict[str, object]:
    return {"protocol": PROTOCOL, "game": "drump", "seats": [{"person": "A"}, {"bot": bot}]}


def test_search_budget_reads_as_make_bot_reads() -> None:
    assert search_budget("ismcts:2") == (2.0, "seconds")
    assert search_budget(" ISMCTS@500 ") == (500.0, "iterations")
    assert search_budget("ismcts") == (1000.0, "iterations")
    assert search_budget("heuristic") is None and search_budget("random") is None
    for bad in ("ismcts:nan", "ismcts:inf", "ismcts@1e3", "ismcts@١٠", "ismcts:-1", "ismcts@0"):
        with pytest.raises(UnknownNameError, match="bad budget"):
            search_budget(bad)


@pytest.mark.parametrize("bot", ["ismcts:nan", "ismcts@1e3", "ismcts@١٠", "ismcts:0"])
def test_a_bad_budget_is_refused_for_what_it_is_not_as_over_the_servers_limit(bot: str) -> None:
    with pytest.raises(ProtocolError) as refused:
        read_table_request(request(bot), Limits())
    assert "bad budget" in str(refused.value) and "on this server" not in str(refused.value)


def test_a_budget_over_the_servers_limit_is_refused_and_one_within_it_seated() -> None:
    limits = Limits()
    over = f"at most {limits.max_bot_seconds:g} seconds a move on this server"
    with pytest.raises(ProtocolError, match=over):
        read_table_request(request("ismcts:500"), limits)
    setup = read_table_request(request("ismcts:1"), limits)
    assert setup.seats[1].bot == "ismcts:1" and setup.seats[1].pace == 1.0
