"""Small helpers for states built from tuples."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def replace_at(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """A tuple with one entry replaced."""
    return values[:index] + (value,) + values[index + 1 :]
