"""The parts every game's learning encoding is made of: an action index and a tensor layout.

A game's ``rl.py`` (named by its plug-in manifest's ``rl`` slot) builds, for one game and
its options, a :class:`GameEncoding`:

- an :class:`ActionIndex` over **every action the variant can ever have**, built from the
  game's action notation (``docs/games/<id>.md``): a fixed, stable space whose index of
  ``"bet blue"`` never changes, so a policy's output layer and the action mask keep their
  meaning from the first step to the last, and across runs;
- a second index over the chance outcomes (OpenSpiel's explicit chance needs integers);
- a :class:`TensorLayout`: the observation tensor as named blocks with shapes and bounds, and an
  ``encode`` function that fills it from ``state.observation(seat)`` **alone** — the JSON a
  seat is given, never the state — so a tensor cannot carry what the seat may not see.

This module is plain Python (no numpy): game folders import it without the ``rl`` extra,
and the documentation tables are printed from the same data (``describe_encoding``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from camelcade.core.errors import CamelcadeError
from camelcade.core.plugin import EncodingFactory
from camelcade.core.types import JSONDict

if TYPE_CHECKING:
    from camelcade.core.action import Action
    from camelcade.core.game import Game


@dataclass(frozen=True)
class ActionGroup:
    """One line of an action table: a notation pattern and the texts it stands for."""

    pattern: str
    """The notation with its variable parts in capitals: ``"bet COLOUR"``."""
    texts: tuple[str, ...]
    about: str = ""


ID_CACHE = 200_000
"""Action objects remembered by identity before that memory is cleared."""


class ActionIndex:
    """A fixed numbering of action texts, in the order of its groups.

    ``index(action)`` reads an action's text once per distinct action value. Games hand
    out the same action objects again and again (they are interned), so the index is
    found first by the object's identity — one integer look-up, where hashing a dataclass
    by value costs ten times as much — and by value only for an object not seen before.
    The identity memory holds the objects it names, so no other live object can have an
    id it lists, and it is cleared when it reaches ``ID_CACHE`` entries.
    """

    def __init__(self, groups: Sequence[ActionGroup]) -> None:
        self.groups: tuple[ActionGroup, ...] = tuple(groups)
        self.texts: tuple[str, ...] = tuple(text for group in self.groups for text in group.texts)
        self._by_text: dict[str, int] = {}
        for number, text in enumerate(self.texts):
            if text in self._by_text:
                raise ValueError(f"action text {text!r} is listed twice in an action index")
            self._by_text[text] = number
        self._by_action: dict[Action, int] = {}
        self._by_id: dict[int, tuple[Action, int]] = {}
        self._number_by_id: dict[int, int] = {}
        """The same memory as ``_by_id`` without the objects, for look-ups in C loops."""

    def __len__(self) -> int:
        return len(self.texts)

    def index_of_text(self, text: str) -> int:
        """The index of an action's notation; an unknown text raises ``CamelcadeError``."""
        found = self._by_text.get(text)
        if found is None:
            raise CamelcadeError(
                f"action {text!r} has no index in this encoding (its {len(self.texts)} "
                f"actions are listed by camelcade.rl.describe_encoding)")
        return found

    def index(self, action: Action) -> int:
        """The index of ``action`` (by value; its text is read once)."""
        entry = self._by_id.get(id(action))
        if entry is not None:
            return entry[1]
        found = self._by_action.get(action)
        if found is None:
            found = self._by_action[action] = self.index_of_text(str(action))
        if len(self._by_id) >= ID_CACHE:
            self._by_id.clear()
            self._number_by_id.clear()
        self._by_id[id(action)] = (action, found)
        self._number_by_id[id(action)] = found
        return found

    def by_index(self, actions: Sequence[Action]) -> dict[int, Action]:
        """``{index: action}`` for a list of legal actions (each index found once)."""
        try:  # every object seen before: the whole look-up runs in C
            return dict(zip(map(self._number_by_id.__getitem__, map(id, actions)), actions,
                            strict=True))
        except KeyError:  # some objects are new: those are found by value
            known, index = self._number_by_id.get, self.index
            found: dict[int, Action] = {}
            for action in actions:
                number = known(id(action))
                found[index(action) if number is None else number] = action
            return found

    def spans(self) -> list[tuple[ActionGroup, int, int]]:
        """Each group with its first index and one past its last."""
        out, start = [], 0
        for group in self.groups:
            out.append((group, start, start + len(group.texts)))
            start += len(group.texts)
        return out


@dataclass(frozen=True)
class Block:
    """A named piece of the observation tensor: its shape, its bounds and what it holds."""

    name: str
    shape: tuple[int, ...]
    about: str
    low: float = 0.0
    high: float = 1.0

    @property
    def size(self) -> int:
        return math.prod(self.shape)


class TensorLayout:
    """The observation tensor: blocks laid end to end in one flat float vector."""

    def __init__(self, blocks: Iterable[Block]) -> None:
        self.blocks: tuple[Block, ...] = tuple(blocks)
        self.offset: dict[str, int] = {}
        start = 0
        for block in self.blocks:
            if block.name in self.offset:
                raise ValueError(f"tensor block {block.name!r} is declared twice")
            if block.size <= 0:
                raise ValueError(f"tensor block {block.name!r} has no room: {block.shape}")
            self.offset[block.name] = start
            start += block.size
        self.size = start

    def bounds(self) -> tuple[list[float], list[float]]:
        """Per entry, the lowest and highest value the encoder may write."""
        low: list[float] = []
        high: list[float] = []
        for block in self.blocks:
            low += [block.low] * block.size
            high += [block.high] * block.size
        return low, high

    def block(self, name: str) -> Block:
        for block in self.blocks:
            if block.name == name:
                return block
        raise KeyError(name)


class Buffer(Protocol):
    """Where an encoder writes: a list of floats or a numpy array."""

    def __getitem__(self, index: int, /) -> Any: ...

    def __setitem__(self, index: int, value: float, /) -> None: ...


Encoder = Callable[[JSONDict, Buffer], None]
"""Writes one seat's tensor from its observation JSON into ``out`` (``TensorLayout.size`` floats,
a list or a numpy array), which holds ``GameEncoding.base`` when it is called: the encoder
writes only what the observation says, never the planes that never change."""


@dataclass(frozen=True)
class GameEncoding:
    """A game variant's encoding: action index, chance index, tensor layout, encoder."""

    actions: ActionIndex
    chance: ActionIndex
    layout: TensorLayout
    encode: Encoder
    notes: tuple[str, ...] = field(default_factory=tuple)
    """Sentences for the documentation: what varies with the options, what is derived."""
    base: tuple[float, ...] = ()
    """The tensor before anything is observed: zeros, and the planes that never change in
    this variant (a map's cities, a board's rocks); empty means all zeros."""
    memo: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """Room for what an adapter derives once per encoding (its numpy copy of ``base``)."""

    def start(self) -> list[float]:
        """A fresh tensor holding ``base``, for ``encode`` to write into."""
        return list(self.base) if self.base else [0.0] * self.layout.size

    def tensor(self, observation: JSONDict) -> list[float]:
        """A seat's tensor as a plain list (the adapters give numpy arrays)."""
        out = self.start()
        self.encode(observation, out)
        return out



_CACHE: dict[tuple[str, str], GameEncoding] = {}


def encoding_for(game: Game) -> GameEncoding:
    """The encoding of ``game`` (its id and options), built once per variant.

    A game without an ``rl`` slot in its manifest raises ``CamelcadeError`` saying so.
    """
    import json

    from camelcade.core.registry import plugin

    key = (game.id, json.dumps(game.options, sort_keys=True))
    found = _CACHE.get(key)
    if found is None:
        slot = plugin(game.id).rl
        if slot is None:
            raise CamelcadeError(
                f"{game.id} declares no learning encoding (the rl slot of its plug-in manifest)")
        factory: EncodingFactory = slot.load()
        found = _CACHE[key] = factory(game)
        if not isinstance(found, GameEncoding):
            raise TypeError(f"{slot.target} gave {type(found).__name__}, not a GameEncoding")
    return found


# -- helpers the games' encoders share ------------------------------------------------------

def scaled(value: float, cap: float) -> float:
    """``value / cap`` clipped to [0, 1]: a count whose cap the documentation names."""
    if value <= 0:
        return 0.0
    return 1.0 if value >= cap else value / cap


def signed(value: float, cap: float) -> float:
    """``value / cap`` clipped to [-1, 1], for points that may fall below zero."""
    return max(-1.0, min(1.0, value / cap))


def one_hot_group(name: str, options: Sequence[str]) -> ActionGroup:
    """A group whose texts are ``name`` followed by each option (``bet blue`` ...)."""
    return ActionGroup(f"{name} {'|'.join(options)}", tuple(f"{name} {o}" for o in options))


def seat_blocks(players: int) -> list[Block]:
    """The blocks every encoding starts with: which seat observes, and whose turn it is."""
    return [
        Block("seat", (players,), "one-hot: the observing seat"),
        Block("to_move", (players,), "one-hot: the seat to act (all zero at chance or the end)"),
    ]


def write_seats(out: Buffer, layout: TensorLayout, players: int, seat: int, mover: Any) -> None:
    """Fill the two blocks of :func:`seat_blocks`."""
    out[layout.offset["seat"] + seat] = 1.0
    if isinstance(mover, int) and 0 <= mover < players:
        out[layout.offset["to_move"] + mover] = 1.0


def _cell(text: str) -> str:
    """Text for a Markdown table cell: a bar would end the cell, even in code."""
    return text.replace("|", "\\|")


def _span(start: int, stop: int) -> str:
    return str(start) if stop - start == 1 else f"{start}-{stop - 1}"


def describe_encoding(encoding: GameEncoding) -> str:
    """The encoding as Markdown: the action table, the chance table, the tensor layout."""
    lines = ["| index | action | count | texts |", "|---|---|---|---|"]
    for group, start, stop in encoding.actions.spans():
        shown = ", ".join(f"`{_cell(t)}`" for t in group.texts[:3])
        more = f", ... `{_cell(group.texts[-1])}`" if len(group.texts) > 3 else ""
        about = f" ({group.about})" if group.about else ""
        lines.append(f"| {_span(start, stop)} | `{_cell(group.pattern)}` | {stop - start} "
                     f"| {shown}{more}{_cell(about)} |")
    lines += ["", f"{len(encoding.actions)} actions.", ""]
    if len(encoding.chance):
        lines += ["| chance index | outcome | count |", "|---|---|---|"]
        for group, start, stop in encoding.chance.spans():
            lines.append(f"| {_span(start, stop)} | `{_cell(group.pattern)}` "
                         f"| {stop - start} |")
        lines.append("")
    else:
        lines += ["No chance outcomes.", ""]
    lines += ["| offset | block | shape | range | holds |", "|---|---|---|---|---|"]
    layout = encoding.layout
    for block in layout.blocks:
        shape = "×".join(str(n) for n in block.shape)
        lines.append(f"| {layout.offset[block.name]} | `{block.name}` | {shape} "
                     f"| {block.low:g} to {block.high:g} | {_cell(block.about)} |")
    lines += ["", f"{layout.size} floats."]
    if encoding.notes:
        lines += [""] + [f"- {note}" for note in encoding.notes]
    return "\n".join(lines)


__all__ = [
    "ActionGroup",
    "ActionIndex",
    "Block",
    "Buffer",
    "Encoder",
    "EncodingFactory",
    "GameEncoding",
    "TensorLayout",
    "describe_encoding",
    "encoding_for",
    "one_hot_group",
    "scaled",
    "seat_blocks",
    "signed",
    "write_seats",
]
