"""A small policy network in numpy: a stack of dense layers with ReLU, one score per action id.

A policy file is a NumPy `.npz` archive: the weights `weight0`, `bias0`,
`weight1`, ... and `meta`, a JSON text saying which game and encoding it was
trained for (its observation and action sizes), so that a file made for
another game or an older layout is refused rather than misread.
"""

from __future__ import annotations

import io
import json
import zipfile
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

import numpy as np
import numpy.typing as npt

from cardtable.bots.learned.encoding import Encoding, Observation
from cardtable.core.errors import CardtableError
from cardtable.core.paths import write_atomic

#: The version of the policy file's format.
FORMAT = 1
#: The most layers a policy file may describe (a file claiming more is refused, not read).
MAX_LAYERS = 16

Array = npt.NDArray[np.float32]


class PolicyFileError(CardtableError, ValueError):
    """A policy file that cannot be read, or was made for another game or encoding."""


@dataclass
class Network:
    """Dense layers (weights in x out, biases), ReLU between them; the last gives the action scores."""

    game: str
    weights: list[Array]
    biases: list[Array]

    @classmethod
    def fresh(cls, encoding: Encoding, hidden: tuple[int, ...], rng: np.random.Generator) -> Network:
        """A network for `encoding` with random weights (He initialisation; the last layer small)."""
        sizes = (encoding.observation_size, *hidden, encoding.action_count)
        weights = []
        for index, (inputs, outputs) in enumerate(pairwise(sizes)):
            scale = np.sqrt(2.0 / inputs) if index < len(hidden) else 0.01
            weights.append((rng.standard_normal((inputs, outputs)) * scale).astype(np.float32))
        biases = [np.zeros(size, dtype=np.float32) for size in sizes[1:]]
        return cls(encoding.game, weights, biases)

    def scores(self, observations: Array) -> Array:
        """The action scores (logits) of one observation or a batch of them."""
        layer = observations
        last = len(self.weights) - 1
        for index, (weight, bias) in enumerate(zip(self.weights, self.biases, strict=True)):
            layer = layer @ weight + bias
            if index < last:
                layer = np.maximum(layer, 0.0)
        return layer

    def best(self, observation: Observation, legal_ids: list[int]) -> int:
        """The legal id with the highest score."""
        scores = self.scores(observation)[legal_ids]
        return legal_ids[int(np.argmax(scores))]

    def save(self, path: str | Path, half: bool = False) -> None:
        """Write the network as a policy file; `half` stores the weights in float16 (half the size)."""
        write_arrays(path, self.arrays(half=half))

    def arrays(self, half: bool = False, **more_meta: object) -> dict[str, npt.NDArray[np.generic]]:
        """What a policy file holds of the network: its description (and `more_meta`), weights, biases."""
        meta = {
            "format": FORMAT,
            "game": self.game,
            "observation_size": int(self.weights[0].shape[0]),
            "action_count": int(self.weights[-1].shape[1]),
            "layers": len(self.weights),
            **more_meta,
        }
        arrays: dict[str, npt.NDArray[np.generic]] = {"meta": np.array(json.dumps(meta))}
        for index, (weight, bias) in enumerate(zip(self.weights, self.biases, strict=True)):
            arrays[f"weight{index}"] = weight.astype(np.float16) if half else weight
            arrays[f"bias{index}"] = bias.astype(np.float16) if half else bias
        return arrays

    @classmethod
    def load(cls, path: str | Path, encoding: Encoding) -> Network:
        """The network in a policy file, checked against the game's encoding (PolicyFileError if not)."""
        where = f"policy file {str(path)!r}"
        arrays = _read_archive(path, where)
        try:
            meta = json.loads(str(arrays["meta"]))
            if not isinstance(meta, dict):
                raise ValueError("its description is not a JSON object")
            layers = meta["layers"]
            if isinstance(layers, bool) or not isinstance(layers, int) or not 1 <= layers <= MAX_LAYERS:
                raise ValueError(f"layers={layers!r}: from 1 to {MAX_LAYERS}")
            weights = [arrays[f"weight{index}"].astype(np.float32) for index in range(layers)]
            biases = [arrays[f"bias{index}"].astype(np.float32) for index in range(layers)]
        except (KeyError, ValueError, TypeError) as error:
            raise PolicyFileError(f"{where} lacks its weights or description ({error})") from None
        if meta.get("format") != FORMAT:
            raise PolicyFileError(f"{where} has format {meta.get('format')!r}; this version reads {FORMAT}")
        if meta.get("game") != encoding.game:
            raise PolicyFileError(f"{where} plays {meta.get('game')!r}, not {encoding.game}")
        if any(weight.ndim != 2 for weight in weights) or any(bias.ndim != 1 for bias in biases):
            raise PolicyFileError(f"{where}: every weight must be a matrix and every bias a vector")
        expected = (encoding.observation_size, encoding.action_count)
        found = (weights[0].shape[0], weights[-1].shape[1])
        shapes_chain = all(
            weight.shape[1] == bias.shape[0] == following.shape[0]
            for weight, bias, following in zip(weights, biases, weights[1:], strict=False)
        )
        if found != expected or not shapes_chain or weights[-1].shape[1] != biases[-1].shape[0]:
            raise PolicyFileError(
                f"{where} reads {found[0]} entries and scores {found[1]} actions; "
                f"{encoding.game}'s encoding has {expected[0]} and {expected[1]} (made for another layout?)"
            )
        return cls(encoding.game, weights, biases)


def write_arrays(path: str | Path, arrays: dict[str, npt.NDArray[np.generic]]) -> None:
    """Write a policy file's arrays (compressed numpy archive), whole or not at all: a run that fails
    while writing leaves the file there before, if any, as it was."""
    archive = io.BytesIO()
    np.savez_compressed(archive, **arrays)  # type: ignore[arg-type]
    write_atomic(path, archive.getvalue())


def _read_archive(path: str | Path, where: str) -> dict[str, npt.NDArray[np.generic]]:
    """Every array of the .npz archive at `path` (PolicyFileError naming `where` if it is not one)."""
    file = Path(path)
    if not file.exists():
        raise PolicyFileError(f"{where}: no such file")
    if file.is_dir():
        raise PolicyFileError(f"{where} is a folder, not a policy file")
    try:
        if not zipfile.is_zipfile(file):
            raise ValueError("not a NumPy .npz archive")
        with np.load(file, allow_pickle=False) as archive:
            return {name: archive[name] for name in archive.files}
    except (OSError, ValueError, EOFError, zipfile.BadZipFile) as error:
        reason = getattr(error, "strerror", None) or error
        raise PolicyFileError(f"{where} cannot be read as a policy file: {reason}") from None
