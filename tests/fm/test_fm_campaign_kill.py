"""A campaign killed at random moments (SIGKILL) always loads, and its duel resumes exactly.

A real `cardtable campaign` process is driven through its standard input and
killed again and again at random moments: at a prompt, or a few milliseconds
after an answer, while it stores actions or settles the duel.  After each
kill the save must load; a duel under way must hold every action the program
had acknowledged (by asking for the next move) and nothing but the actions an
uninterrupted campaign takes, in order.  Restarted, the program resumes the
duel, and the campaign ends exactly as the uninterrupted one does.
"""

from __future__ import annotations

import codecs
import io
import os
import random
import signal
import subprocess
import sys
import threading
import time
from itertools import pairwise
from pathlib import Path

from rich.console import Console

from cardtable.core.chance import make_rng
from cardtable.core.jsonio import JSON
from cardtable.games.fm.campaign import Progress, new_campaign
from cardtable.games.fm.terminal.campaign import CampaignScreen
from cardtable.games.fm.terminal.store import CampaignStore

WORKTREE = Path(__file__).resolve().parents[2]
SEED = 5
NAME_PROMPT = "Your name: "
MOVE_PROMPT = "your move (number, notation or help): "
RESUME_PROMPT = "forfeit it (f: it counts as a loss)? "
MENU_PROMPT = "quit\n> "
PROMPTS = (NAME_PROMPT, MOVE_PROMPT, RESUME_PROMPT, MENU_PROMPT)
#: How long a prompt may take to come (a restart replays the duel so far).
PATIENCE = 60.0


class RecordingStore(CampaignStore):
    """A save that also keeps, in memory, the duel's set-up and every action stored."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.actions: list[str] = []
        self.setup: tuple[int, int, dict[str, JSON]] | None = None

    def start_duel(self, duelist: int, seed: int, position: dict[str, JSON]) -> None:
        super().start_duel(duelist, seed, position)
        self.setup = (duelist, seed, position)

    def add_action(self, number: int, text: str) -> None:
        super().add_action(number, text)
        self.actions.append(text)


def answer(prompt: str, path: Path) -> str:
    """What the player types: a name, the first move listed, resume, and one duel before leaving."""
    if prompt == NAME_PROMPT or prompt.endswith(NAME_PROMPT):
        return "Yugi"
    if prompt.endswith(RESUME_PROMPT):
        return "r"
    if prompt.endswith(MOVE_PROMPT):
        return "1"
    progress = CampaignStore(path).load()
    return "1" if progress is not None and not progress.records else "6"


def play(store: RecordingStore) -> tuple[list[int], Progress | None]:
    """Play the campaign in this process to its end: the actions stored at each move prompt, the progress."""
    stored_at_prompts: list[int] = []

    def read_line(prompt: str) -> str:
        if prompt.endswith(MOVE_PROMPT):
            stored_at_prompts.append(len(store.actions))
        return answer(prompt if prompt != "> " else MENU_PROMPT, store.path)

    final = CampaignScreen(store, Console(file=io.StringIO()), read_line, seed=SEED).run()
    return stored_at_prompts, final


def uninterrupted(tmp_path: Path) -> tuple[list[str], list[int], Progress | None]:
    """The campaign played in one go: its duel's actions, the actions stored at each move prompt, the end."""
    store = RecordingStore(tmp_path / "reference.sqlite")
    stored_at_prompts, final = play(store)
    return store.actions, stored_at_prompts, final


class Program:
    """`cardtable campaign` in a subprocess, its output gathered by a thread."""

    def __init__(self, path: Path) -> None:
        environment = {**os.environ, "PYTHONPATH": str(WORKTREE), "PYTHONUNBUFFERED": "1"}
        command = [sys.executable, "-m", "cardtable.frontends.cli", "campaign", "--save", str(path)]
        self.process = subprocess.Popen(
            [*command, "--seed", str(SEED)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=environment,
        )
        self.text = ""
        self.read = 0
        self.ended = False
        self.changed = threading.Condition()
        threading.Thread(target=self._gather, daemon=True).start()

    def _gather(self) -> None:
        assert self.process.stdout is not None
        decoder = codecs.getincrementaldecoder("utf-8")()
        while chunk := os.read(self.process.stdout.fileno(), 65536):
            with self.changed:
                self.text += decoder.decode(chunk)
                self.changed.notify_all()
        with self.changed:
            self.ended = True
            self.changed.notify_all()

    def next_prompt(self) -> str | None:
        """The prompt the program waits at (None once it has ended), after the output read so far."""
        deadline = time.monotonic() + PATIENCE
        with self.changed:
            while True:
                waiting = self.text[self.read :]
                for prompt in PROMPTS:
                    if waiting.endswith(prompt):
                        self.read = len(self.text)
                        return prompt
                if self.ended:
                    return None
                left = deadline - time.monotonic()
                assert left > 0, f"no prompt came; the output ends with:\n{self.text[-3000:]}"
                self.changed.wait(left)

    def type(self, line: str) -> None:
        """Type a line (the program may already be gone)."""
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(line.encode() + b"\n")
            self.process.stdin.flush()
        except BrokenPipeError:
            pass

    def kill(self) -> None:
        """SIGKILL: no clean-up of any kind."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()


def writes(path: Path) -> int:
    """The save's count of committed transactions (SQLite's file change counter), read without a lock."""
    with path.open("rb") as file:
        return int.from_bytes(file.read(28)[24:28], "big")


def wait_for_the_opponents_turn(path: Path, before: int) -> None:
    """Wait (a little) until two more transactions are in: the player's action and the opponent's first."""
    deadline = time.monotonic() + 2
    while writes(path) < before + 2 and time.monotonic() < deadline:
        time.sleep(0.0005)


def test_a_campaign_killed_at_random_moments_always_loads_and_resumes_its_duel_exactly(
    tmp_path: Path,
) -> None:
    reference, stored_at_prompts, final = uninterrupted(tmp_path)
    assert final is not None and final.records and len(reference) > 40
    path = tmp_path / "killed.sqlite"
    rng = random.Random(9)
    kills = []
    while True:
        duel = CampaignStore(path).load_duel()
        stored = len(duel.actions) if duel is not None else 0
        # The move prompts this run will show: the reference's, from the first with all stored actions.
        upcoming = [count for count in stored_at_prompts if count >= stored] + [len(reference)]
        shown = 0
        acknowledged = stored
        program = Program(path)
        plan = rng.choice(["at a prompt", "after an answer", "in the opponent's turn"])
        answers = rng.randrange(1, 9)
        while (prompt := program.next_prompt()) is not None:
            opponent_next = False
            if prompt == MOVE_PROMPT:
                acknowledged, shown = upcoming[shown], shown + 1
                saved = CampaignStore(path).load_duel()
                assert saved is not None and list(saved.actions) == reference[:acknowledged]
                opponent_next = upcoming[shown] > acknowledged + 1
            if plan == "at a prompt" and answers == 0:
                program.kill()
                break
            before = writes(path) if path.exists() else 0
            program.type(answer(prompt, path))
            answers -= 1
            if plan == "after an answer" and answers == 0:
                time.sleep(rng.uniform(0, 0.05))
                program.kill()
                break
            if plan == "in the opponent's turn" and answers <= 0 and opponent_next:
                wait_for_the_opponents_turn(path, before)
                program.kill()
                break
        else:
            assert program.process.wait() == 0, program.text[-3000:]
            break
        # Killed: the save loads, and a duel under way holds what was acknowledged, as the reference has it.
        CampaignStore(path).load()
        duel = CampaignStore(path).load_duel()
        if duel is not None:
            assert list(duel.actions) == reference[: len(duel.actions)]
            assert len(duel.actions) >= acknowledged
        kills.append((plan, acknowledged, None if duel is None else len(duel.actions)))
    assert len(kills) >= 5, kills
    assert CampaignStore(path).load() == final and CampaignStore(path).load_duel() is None


def test_a_duel_stopped_in_the_opponents_turn_or_before_its_result_resumes_exactly(tmp_path: Path) -> None:
    reference = RecordingStore(tmp_path / "reference.sqlite")
    stored_at_prompts, final = play(reference)
    assert reference.setup is not None
    # The first opponent's turn runs between two move prompts more than one action apart.
    opponent_turn = next(count for count, following in pairwise(stored_at_prompts) if following > count + 1)
    for cut in (opponent_turn + 3, len(reference.actions)):
        store = RecordingStore(tmp_path / f"cut-{cut}.sqlite")
        store.save(new_campaign("Yugi", make_rng(SEED, "starter")))
        store.start_duel(*reference.setup)
        for number, text in enumerate(reference.actions[:cut]):
            store.add_action(number, text)
        store.actions.clear()
        play(store)
        assert store.actions == reference.actions[cut:], f"resumed after {cut} actions"
        assert store.load() == final and store.load_duel() is None
