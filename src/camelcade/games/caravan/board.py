"""The Caravan board as a data file: a 7×7 map in TOML, read and checked on load.

A map says which squares are the numbered goods spaces 1-8, which squares are cities and
which good each city wants, and which goods spaces start with a demand marker. The
standard map of the rules file ships as ``maps/standard.toml`` (the schema is explained in
that file and in ``docs/games/caravan.md``). The option ``map`` names a map of
:data:`MAPS` — those shipped in ``maps/`` and those a server's host installs — and only the
local command line may give the path of a file instead (``camelcade.core.data``).

A map comes from a user's file, so nothing in it is trusted: every problem raises an
``OptionError`` naming the file, the line and what is wrong. ``tomllib`` reports the line
of syntax errors; for errors of meaning (an unknown city, a short row) the line of the
offending key or row is found in the file text.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from camelcade.core.data import DataShelf
from camelcade.core.errors import OptionError
from camelcade.core.words import t
from camelcade.games.caravan.spec import (
    FILES,
    GOODS,
    GOODS_SPACES,
    NO_GOOD,
    SIZE,
    SQUARES,
    square_name,
)

DESERT = "."
KEYS = ("name", "description", "rows", "demand_spaces", "cities")
DEFAULT_DEMAND_SPACES = (1, 2, 7, 8)
"""The seed: demand markers on the goods of spaces 1, 2, 7 and 8 at setup."""


@dataclass(frozen=True)
class CaravanMap:
    """A checked map; squares are ids 0..48 (``a1`` = 0, ``g7`` = 48)."""

    name: str
    source: str
    spaces: tuple[int, ...]
    """The square of goods space n at index n-1."""
    cities: tuple[int, ...]
    """The square of the city wanting each good, indexed by good id."""
    demand_spaces: tuple[int, ...]
    """Goods-space numbers (1-8) that start with a demand marker."""

    @property
    def space_at(self) -> tuple[int, ...]:
        """Per square: the goods-space index (0-7) there, or -1."""
        return _space_at(self.spaces)

    @property
    def city_at(self) -> tuple[int, ...]:
        """Per square: the id of the good its city wants, or -1."""
        return _city_at(self.cities)


@lru_cache(maxsize=32)
def _space_at(spaces: tuple[int, ...]) -> tuple[int, ...]:
    table = [-1] * SQUARES
    for index, square in enumerate(spaces):
        table[square] = index
    return tuple(table)


@lru_cache(maxsize=32)
def _city_at(cities: tuple[int, ...]) -> tuple[int, ...]:
    table = [NO_GOOD] * SQUARES
    for good, square in enumerate(cities):
        table[square] = good
    return tuple(table)


class _Problem(Exception):
    """A map problem found at ``line`` (None: the file as a whole)."""

    def __init__(self, line: int | None, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


def load_map(name: str) -> CaravanMap:
    """The map an option names: one of :data:`MAPS` (``"standard"``, the maps a host
    installs), or — only at the local command line — the path of a map file."""
    return MAPS.lookup(name, "caravan")


def parse_map(text: str, source: str) -> CaravanMap:
    """Check and read the map in ``text`` (TOML); ``source`` names it in errors."""
    lines = text.splitlines()
    try:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            found = re.search(r"at line (\d+)", str(error))
            raise _Problem(int(found[1]) if found else None,
                           f"not valid TOML: {error}") from None
        return _read(data, lines, source)
    except _Problem as problem:
        # The problem itself is said in English: it is for the map's author (map files
        # are written in English TOML keys); where it is, is said in the reader's words.
        if problem.line is None:
            raise OptionError(t("caravan map {map}, the file: {problem}", map=repr(source),
                                problem=problem.message)) from None
        raise OptionError(t("caravan map {map}, line {line}: {problem}", map=repr(source),
                            line=problem.line, problem=problem.message)) from None


def _read(data: dict[str, Any], lines: list[str], source: str) -> CaravanMap:
    for key in data:
        if key not in KEYS:
            raise _Problem(_key_line(lines, key),
                           f"unknown key {key!r}; a map has the keys {', '.join(KEYS)}")
    name = data.get("name", source)
    if not isinstance(name, str):
        raise _Problem(_key_line(lines, "name"), "'name' must be text")
    description = data.get("description", "")
    if not isinstance(description, str):
        raise _Problem(_key_line(lines, "description"), "'description' must be text")
    city_goods = _read_cities(data, lines)
    spaces, cities = _read_rows(data, lines, city_goods)
    demand = _read_demand(data, lines)
    return CaravanMap(name=name, source=source, spaces=spaces, cities=cities,
                      demand_spaces=demand)


def _read_cities(data: dict[str, Any], lines: list[str]) -> dict[str, int]:
    """The ``[cities]`` table: city letter → id of the good it wants, each good once."""
    table = data.get("cities")
    if table is None:
        raise _Problem(None, "no [cities] table; it names the good each city letter wants, "
                             "e.g. S = \"salt\"")
    header = _table_line(lines, "cities") or _key_line(lines, "cities")
    if not isinstance(table, dict):
        raise _Problem(header, "'cities' must be a table of letter = \"good\" entries")
    wanted: dict[str, int] = {}
    by_good: dict[int, str] = {}
    for letter, good in table.items():
        line = _key_line(lines, letter, table="cities") or header
        if letter == DESERT or letter.isdigit() or not letter or any(c.isspace() for c in letter):
            raise _Problem(line, f"{letter!r} cannot name a city: '.' is desert and "
                                 "numbers are goods spaces; use a letter")
        if not isinstance(good, str) or good not in GOODS:
            raise _Problem(line, f"city {letter!r} wants {good!r}, which is not a good; "
                                 f"the goods are {', '.join(GOODS)}")
        good_id = GOODS.index(good)
        if good_id in by_good:
            raise _Problem(line, f"cities {by_good[good_id]!r} and {letter!r} both want "
                                 f"{good}; each good has exactly one city")
        wanted[letter] = good_id
        by_good[good_id] = letter
    missing = [good for index, good in enumerate(GOODS) if index not in by_good]
    if missing:
        raise _Problem(header, f"no city wants {', '.join(missing)}; each of the eight goods "
                               "needs exactly one city")
    return wanted


def _read_rows(
    data: dict[str, Any], lines: list[str], city_goods: dict[str, int]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    rows = data.get("rows")
    key_line = _key_line(lines, "rows")
    if rows is None:
        raise _Problem(None, f"no 'rows': a map needs {SIZE} rows of {SIZE} cells")
    if not isinstance(rows, list) or not all(isinstance(row, str) for row in rows):
        raise _Problem(key_line, "'rows' must be a list of text rows such as \"1 . . I . . 2\"")
    if len(rows) != SIZE:
        raise _Problem(key_line, f"'rows' has {len(rows)} rows; a map needs {SIZE} "
                                 f"(rank {SIZE} at the top to rank 1 at the bottom)")
    spaces: dict[int, int] = {}
    cities: dict[int, int] = {}
    where: dict[str, str] = {}
    for index, row in enumerate(rows):
        line = _row_line(lines, index) or key_line
        rank = SIZE - index
        cells = row.split()
        if len(cells) != SIZE:
            raise _Problem(line, f"row {index + 1} (rank {rank}) has {len(cells)} cells; "
                                 f"each row needs {SIZE} (files a to {FILES[-1]})")
        for file, cell in enumerate(cells):
            square = (rank - 1) * SIZE + file
            here = square_name(square)
            if cell == DESERT:
                continue
            if cell in where:
                raise _Problem(line, f"{cell!r} appears twice, at {where[cell]} and {here}")
            where[cell] = here
            if cell.isdigit():
                number = int(cell)
                if not 1 <= number <= GOODS_SPACES:
                    raise _Problem(line, f"goods space {cell} at {here}: spaces are numbered "
                                         f"1 to {GOODS_SPACES}")
                spaces[number] = square
            elif cell in city_goods:
                cities[city_goods[cell]] = square
            else:
                known = ", ".join(city_goods)
                raise _Problem(line, f"unknown city {cell!r} at {here}; [cities] defines "
                                     f"{known}, and '.' is open desert")
    missing_spaces = [str(n) for n in range(1, GOODS_SPACES + 1) if n not in spaces]
    if missing_spaces:
        raise _Problem(key_line, f"goods space {', '.join(missing_spaces)} is not on the map; "
                                 f"spaces 1 to {GOODS_SPACES} must each appear once")
    for letter, good in city_goods.items():
        if good not in cities:
            raise _Problem(_key_line(lines, letter, table="cities") or key_line,
                           f"city {letter!r} ({GOODS[good]}) is not in 'rows'")
    return (tuple(spaces[n] for n in range(1, GOODS_SPACES + 1)),
            tuple(cities[good] for good in range(len(GOODS))))


def _read_demand(data: dict[str, Any], lines: list[str]) -> tuple[int, ...]:
    demand = data.get("demand_spaces", list(DEFAULT_DEMAND_SPACES))
    ok = isinstance(demand, list) and all(
        isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= GOODS_SPACES
        for n in demand
    )
    if not ok or len(set(demand)) != len(demand):
        raise _Problem(_key_line(lines, "demand_spaces"),
                       f"'demand_spaces' must be a list of different goods-space numbers "
                       f"1 to {GOODS_SPACES}, got {demand!r}")
    return tuple(sorted(demand))


# -- finding lines in the file text ----------------------------------------------------------

_HEADER = re.compile(r"^\s*\[\s*([^\]\s]+)\s*\]")
_STRING = re.compile(r"\"(?:[^\"\\\n]|\\.)*\"|'[^'\n]*'")


def _key_line(lines: list[str], key: str, table: str | None = None) -> int | None:
    """The 1-based line of ``key = ...`` at the top level or in ``[table]``, if found."""
    pattern = re.compile(rf"^\s*(?:{re.escape(key)}|\"{re.escape(key)}\"|'{re.escape(key)}')"
                         r"\s*=")
    current: str | None = None
    for number, line in enumerate(lines, 1):
        header = _HEADER.match(line)
        if header:
            current = header[1]
        elif current == table and pattern.match(line):
            return number
    return None


def _table_line(lines: list[str], table: str) -> int | None:
    for number, line in enumerate(lines, 1):
        header = _HEADER.match(line)
        if header and header[1] == table:
            return number
    return None


def _row_line(lines: list[str], index: int) -> int | None:
    """The line of the ``index``-th string in the ``rows = [...]`` array, if found."""
    start = _key_line(lines, "rows")
    if start is None:
        return None
    seen = 0
    for number in range(start, len(lines) + 1):
        text = lines[number - 1]
        if number == start:
            text = text.split("=", 1)[1]
        position = 0
        while position < len(text):
            if text[position] == "#":
                break
            found = _STRING.match(text, position)
            if found:
                if seen == index:
                    return number
                seen += 1
                position = found.end()
            elif text[position] == "]":
                return None
            else:
                position += 1
    return None


MAPS: DataShelf[CaravanMap] = DataShelf("map", parse_map, "camelcade.games.caravan", "maps")
"""Every map the option ``map`` may name: ``maps/*.toml`` of this package, then a host's."""
