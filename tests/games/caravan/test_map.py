"""The map file: the standard map's facts, another map by option, and malformed maps
refused with an OptionError that names the line and the problem.

A map file is named by path only at the local command line (``local_files``); these tests
read files as it does. ``tests/server/test_data_options.py`` checks that a client cannot.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import camelcade as cc
from camelcade.core.data import local_files
from camelcade.games.caravan.board import load_map, parse_map
from camelcade.games.caravan.spec import GOODS, SQUARE_NAMES
from tests.games.caravan.helpers import data, game

GOOD_MAP = """\
name = "Mirror"
rows = [
  "2 . . I . . 1",
  ". . . . 3 . .",
  ". 4 . M . . .",
  "C . X . H . P",
  ". . . S . 5 .",
  ". . 6 . . . .",
  "8 . . G . . 7",
]
demand_spaces = [1, 2]

[cities]
I = "ivory"
C = "cloth"
G = "gems"
P = "paper"
M = "meat"
X = "swords"
S = "salt"
H = "hides"
"""


@pytest.fixture(autouse=True)
def _at_the_command_line() -> Iterator[None]:
    with local_files():
        yield


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "map.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def broken(old: str, new: str) -> str:
    assert old in GOOD_MAP
    return GOOD_MAP.replace(old, new, 1)


def test_standard_map_matches_the_rules_file() -> None:
    board = load_map("standard")
    assert [SQUARE_NAMES[s] for s in board.spaces] == [
        "a7", "g7", "c6", "f5", "b3", "e2", "a1", "g1"]
    cities = {GOODS[g]: SQUARE_NAMES[s] for g, s in enumerate(board.cities)}
    assert cities == {"meat": "d5", "hides": "c4", "swords": "e4", "salt": "d3",
                      "ivory": "d7", "paper": "a4", "cloth": "g4", "gems": "d1"}
    assert board.demand_spaces == (1, 2, 7, 8)


def test_standard_map_has_rotational_symmetry() -> None:
    board = load_map("standard")

    def turn(square: int) -> int:  # 90 degrees about d4
        row, col = divmod(square, 7)
        return col * 7 + (6 - row)

    spaces = set(board.spaces)
    assert {turn(s) for s in spaces} == spaces
    assert {turn(s) for s in board.cities[4:]} == set(board.cities[4:])  # common cities
    assert {turn(s) for s in board.cities[:4]} == set(board.cities[:4])  # rare cities


def test_map_option_loads_another_map_file(tmp_path: Path) -> None:
    the_game = cc.load("caravan", players=2, map=write(tmp_path, GOOD_MAP))
    assert the_game.options["map"].endswith("map.toml")
    state = the_game.new_state()
    for name in ("salt", "meat", "hides", "swords", "ivory", "cloth", "gems", "paper"):
        state.apply(f"draw {name}")
    assert [s["markers"] for s in data(state)["spaces"]] == [1, 1, 0, 0, 0, 0, 0, 0]
    assert "Mirror" in state.describe()
    assert "paper g4" in state.describe()
    state.apply("camel g7")  # goods space 1 of this map
    assert data(state)["camels"][0] == ["g7"]
    assert state.current_player == 1


def test_map_option_takes_a_path_object(tmp_path: Path) -> None:
    path = Path(write(tmp_path, GOOD_MAP))
    assert cc.load("caravan", map=path).options["map"] == str(path)


def test_the_default_map_is_standard() -> None:
    assert game(2).options["map"] == "standard"


def test_a_missing_map_file_is_an_option_error(tmp_path: Path) -> None:
    with pytest.raises(cc.OptionError, match="cannot be read: No such file"):
        cc.load("caravan", map=str(tmp_path / "nowhere.toml"))


def test_malformed_toml_names_the_line(tmp_path: Path) -> None:
    text = broken('demand_spaces = [1, 2]', 'demand_spaces = [1, 2')
    with pytest.raises(cc.OptionError, match=r"line 13: not valid TOML: Unclosed array"):
        cc.load("caravan", map=write(tmp_path, text))


def test_unterminated_string_names_its_line(tmp_path: Path) -> None:
    text = broken('name = "Mirror"', 'name = "Mirror')
    with pytest.raises(cc.OptionError, match=r"line 1: not valid TOML"):
        cc.load("caravan", map=write(tmp_path, text))


def test_a_row_of_the_wrong_length_names_its_line(tmp_path: Path) -> None:
    text = broken('". 4 . M . . .",', '". 4 . M . .",')
    with pytest.raises(cc.OptionError,
                       match=r"line 5: row 3 \(rank 5\) has 6 cells; each row needs 7"):
        cc.load("caravan", map=write(tmp_path, text))


def test_an_unknown_city_names_its_line_and_square(tmp_path: Path) -> None:
    text = broken('"C . X . H . P",', '"C . X . Q . P",')
    with pytest.raises(cc.OptionError, match=r"line 6: unknown city 'Q' at e4"):
        cc.load("caravan", map=write(tmp_path, text))


def test_a_city_wanting_no_known_good_names_its_line(tmp_path: Path) -> None:
    text = broken('S = "salt"', 'S = "silk"')
    with pytest.raises(cc.OptionError, match=r"line 20: city 'S' wants 'silk', which is not"):
        cc.load("caravan", map=write(tmp_path, text))


def test_a_good_without_a_city_names_the_cities_table(tmp_path: Path) -> None:
    text = broken('S = "salt"', 'S = "meat"')
    with pytest.raises(cc.OptionError, match=r"line 20: cities 'M' and 'S' both want meat"):
        cc.load("caravan", map=write(tmp_path, text))
    text = broken('S = "salt"\n', '')
    with pytest.raises(cc.OptionError, match=r"line 13: no city wants salt"):
        parse_map(text, "mine.toml")


def test_a_goods_space_out_of_range_names_its_line(tmp_path: Path) -> None:
    text = broken('"8 . . G . . 7",', '"9 . . G . . 7",')
    with pytest.raises(cc.OptionError, match=r"line 9: goods space 9 at a1"):
        cc.load("caravan", map=write(tmp_path, text))


def test_a_repeated_goods_space_names_its_line(tmp_path: Path) -> None:
    text = broken('". . 6 . . . .",', '". . 5 . . . .",')
    with pytest.raises(cc.OptionError, match=r"line 8: '5' appears twice, at f3 and c2"):
        cc.load("caravan", map=write(tmp_path, text))


def test_a_missing_goods_space_names_the_rows_key(tmp_path: Path) -> None:
    text = broken('". . 6 . . . .",', '". . . . . . .",')
    with pytest.raises(cc.OptionError, match=r"line 2: goods space 6 is not on the map"):
        cc.load("caravan", map=write(tmp_path, text))


def test_a_city_missing_from_the_rows_names_its_key(tmp_path: Path) -> None:
    text = broken('"8 . . G . . 7",', '"8 . . . . . 7",')
    with pytest.raises(cc.OptionError, match=r"line 16: city 'G' \(gems\) is not in 'rows'"):
        cc.load("caravan", map=write(tmp_path, text))


def test_the_wrong_number_of_rows_names_the_rows_key(tmp_path: Path) -> None:
    text = broken('  "8 . . G . . 7",\n', '')
    with pytest.raises(cc.OptionError, match=r"line 2: 'rows' has 6 rows; a map needs 7"):
        cc.load("caravan", map=write(tmp_path, text))


def test_an_unknown_key_names_its_line(tmp_path: Path) -> None:
    text = broken('demand_spaces = [1, 2]', 'demand_spaces = [1, 2]\nsize = 9')
    with pytest.raises(cc.OptionError, match=r"line 12: unknown key 'size'"):
        cc.load("caravan", map=write(tmp_path, text))


def test_bad_demand_spaces_name_their_line(tmp_path: Path) -> None:
    text = broken('demand_spaces = [1, 2]', 'demand_spaces = [1, 1, 12]')
    with pytest.raises(cc.OptionError, match=r"line 11: 'demand_spaces' must be a list"):
        cc.load("caravan", map=write(tmp_path, text))


def test_a_map_without_cities_says_so(tmp_path: Path) -> None:
    text = GOOD_MAP[:GOOD_MAP.index("[cities]")]
    with pytest.raises(cc.OptionError, match=r"the file: no \[cities\] table"):
        cc.load("caravan", map=write(tmp_path, text))


def test_map_errors_name_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, broken('". 4 . M . . .",', '". 4 . M . .",'))
    with pytest.raises(cc.OptionError) as caught:
        cc.load("caravan", map=path)
    assert path in str(caught.value)
