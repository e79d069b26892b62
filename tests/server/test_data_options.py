"""Nothing a client sends names a file: a data option (Caravan's ``map``) is chosen by name
from the maps the game ships and those the host installs (``camelcade.core.data``).

Each case here was a finding of the outside review: the server read ``/etc/passwd`` and
quoted its parse error, told which paths exist, created a match from a TOML file
elsewhere on disk, and grew to 24 GB reading ``/dev/zero``.
"""

from __future__ import annotations

import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from camelcade.core.data import install_data_folder
from camelcade.core.errors import OptionError
from camelcade.server.app import create_app
from tests.games.caravan.test_map import GOOD_MAP
from tests.server.conftest import sqlite_settings
from tests.server.support import Api, ServerThread


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    """A server whose host installed one map of its own, ``mirror``."""
    data = tmp_path_factory.mktemp("data")
    (data / "caravan" / "map").mkdir(parents=True)
    (data / "caravan" / "map" / "mirror.toml").write_text(GOOD_MAP, encoding="utf-8")
    settings = sqlite_settings(tmp_path_factory.mktemp("db"), data_folder=str(data))
    running = ServerThread(settings).start()
    yield running
    running.stop()
    install_data_folder(None)


def _refused(api: Api, map_value: Any) -> str:
    body = {"game": "caravan", "options": {"players": 2, "map": map_value}}
    before = api.http.get("/api/matches").json()["matches"]
    response = api.http.post("/api/matches", json=body)
    assert response.status_code == 422, response.text
    assert api.error(response) == "game/bad_options"
    assert api.http.get("/api/matches").json()["matches"] == before  # nothing was created
    return str(response.json()["error"]["message"])


@pytest.mark.parametrize("path", ["/etc/passwd", "/etc/hostname", "/proc/self/environ"])
def test_a_system_file_is_an_unknown_map_name_and_is_not_read(api: Api, path: str) -> None:
    message = _refused(api, path)
    assert f"caravan has no map '{path}'" in message
    assert "the names allowed are: standard, mirror." in message
    assert "only at the local command line" in message
    for leak in ("TOML", "line 1", "root", "Expected", "column"):
        assert leak not in message


def test_a_missing_and_an_existing_path_get_the_same_answer(api: Api, tmp_path: Path) -> None:
    """The answer no longer tells which files exist."""
    short = Path(tempfile.mkdtemp(prefix="m", dir="/tmp"))  # whole in the quoted 80 chars
    there, missing = short / "map.toml", short / "gon.toml"
    there.write_text("x = 1\n", encoding="utf-8")
    said = [_refused(api, str(p)).replace(str(p), "PATH") for p in (there, missing)]
    assert said[0] == said[1]
    assert "No such file" not in said[1]


def test_a_valid_map_file_elsewhere_on_disk_creates_no_match(api: Api, tmp_path: Path) -> None:
    path = tmp_path / "valid.toml"
    path.write_text(GOOD_MAP, encoding="utf-8")
    assert "has no map" in _refused(api, str(path))


def test_dev_zero_is_refused_at_once_and_the_server_does_not_grow(
    api: Api, server: ServerThread
) -> None:
    import psutil

    before = psutil.Process().memory_info().rss
    assert "has no map '/dev/zero'" in _refused(api, "/dev/zero")
    assert psutil.Process().memory_info().rss - before < 50 * 2**20
    assert api.http.get("/api/games").status_code == 200  # still serving


@pytest.mark.parametrize("value", ["../caravan/maps/standard", "standard.toml", "~/map.toml",
                                   "C:\\\\maps\\\\x.toml", "a" * 5000, 7, None, ["standard"]])
def test_other_names_are_refused_with_the_list(api: Api, value: Any) -> None:
    message = _refused(api, value)
    assert "standard" in message


def test_the_hosts_map_is_chosen_by_name(api: Api) -> None:
    created = api.create("caravan", players=2, options={"players": 2, "map": "mirror"})
    assert created["match"]["options"]["map"] == "mirror"


def test_the_lobby_offers_the_map_names(api: Api) -> None:
    for address in ("/api/games", "/api/web/games"):
        response = api.http.get(address)
        assert response.status_code == 200
        found = response.json()
        games = {g["id"]: g for g in (found["games"] if isinstance(found, dict) else found)}
        option = next(o for o in games["caravan"]["options"] if o["name"] == "map")
        assert option["values"] == ["standard", "mirror"]


def test_the_server_answers_while_a_fifo_sits_where_a_path_would_point(
    api: Api, tmp_path: Path
) -> None:
    """A pipe would block a reader for ever: the name is refused without opening it."""
    import os

    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    done = threading.Event()

    def ask() -> None:
        _refused(api, str(fifo))
        done.set()

    threading.Thread(target=ask, daemon=True).start()
    assert done.wait(10)


def test_a_bad_host_map_stops_the_start_naming_the_file(tmp_path: Path) -> None:
    folder = tmp_path / "data" / "caravan" / "map"
    folder.mkdir(parents=True)
    (folder / "broken.toml").write_text(GOOD_MAP.replace("[cities]", ""), encoding="utf-8")
    with pytest.raises(OptionError, match=r"caravan map 'broken'"):
        create_app(sqlite_settings(tmp_path, data_folder=str(tmp_path / "data")))
    install_data_folder(None)


@pytest.mark.parametrize("place", ["caravn/map/x.toml", "caravan/maps/x.toml", "notes.txt"])
def test_a_misplaced_file_in_the_data_folder_is_named(tmp_path: Path, place: str) -> None:
    path = tmp_path / "data" / place
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(GOOD_MAP, encoding="utf-8")
    with pytest.raises(OptionError, match=r"which is no game's data; it may hold the folders "
                                          r".*caravan/map"):
        install_data_folder(tmp_path / "data")
    install_data_folder(None)


def test_a_host_map_may_not_take_a_shipped_name(tmp_path: Path) -> None:
    folder = tmp_path / "caravan" / "map"
    folder.mkdir(parents=True)
    (folder / "standard.toml").write_text(GOOD_MAP, encoding="utf-8")
    with pytest.raises(OptionError, match="there is already a map called 'standard'"):
        install_data_folder(tmp_path)
    install_data_folder(None)


@pytest.mark.parametrize("lang", ["../../../etc/passwd", "..%2F..%2Fserver", "de/../../x", "\x00"])
def test_a_rules_pages_language_names_no_file(api: Api, lang: str) -> None:
    """The audit's other file readers: a rules page's ``lang`` is only ever one of the
    languages spoken (else the page's own), never part of a path."""
    response = api.http.get("/rules/caravan", params={"lang": lang})
    assert response.status_code == 200
    assert 'lang="en"' in response.text
    assert "root:" not in response.text


@pytest.mark.parametrize("address", ["/i18n/..%2F..%2Fsettings.json", "/rules-images/..%2Fx.png",
                                     "/games/caravan/maps/standard.toml",
                                     "/games/caravan/..%2F..%2Fserver%2Fsettings.py"])
def test_file_serving_addresses_refuse_anything_outside_their_folders(
    api: Api, address: str
) -> None:
    response = api.http.get(address)
    assert response.status_code == 404
