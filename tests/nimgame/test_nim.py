"""Nim is plugged in as an outside package is — an entry point of a distribution on the
path — from a copy of this folder, and gets everything with no edit outside the folder:
``list``, ``play`` in both terminal modes, ``simulate``, the web lobby and a match on the
server with the generic board, its own translations, and the conformance checks."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

import camelcade as cc
from camelcade.core import registry
from camelcade.core.conformance import check_game, check_plugin
from camelcade.core.words import domains, language, translate
from camelcade.i18n import build, check
from tests.installed import install_metadata

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of this folder installed as the package ``nimgame``: its catalogues compiled
    (as a package's build would), its entry point declared in its metadata."""
    site = tmp_path_factory.mktemp("site")
    shutil.copytree(HERE, site / "nimgame",
                    ignore=shutil.ignore_patterns("__pycache__", "test_*.py"))
    build.compile_domain(build.Domain("nim", site / "nimgame" / "locale"),
                         build.declared_languages(ROOT))
    return install_metadata(site, "camelcade-nim", {"nim": "nimgame.plugin:PLUGIN"})


@pytest.fixture
def nim(site: Path) -> Iterator[str]:
    """Nim installed in this process for one test: on the path, the entry points read again."""
    sys.path.insert(0, str(site))
    registry.refresh()
    try:
        yield "nim"
    finally:
        registry.unregister("nim")
        sys.path.remove(str(site))


def camelcade(site: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    path = [str(site), str(ROOT / "src"), os.environ.get("PYTHONPATH", "")]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, path)),
           "CAMELCADE_PLUGINS": "", "COLUMNS": "100"}
    return subprocess.run([sys.executable, "-m", "camelcade.cli.main", *args], input=stdin,
                          capture_output=True, text=True, env=env, timeout=120, cwd=site)


def test_a_fresh_process_lists_plays_both_ways_and_simulates_nim(site: Path) -> None:
    listed = camelcade(site, "list")
    assert listed.returncode == 0, listed.stderr
    assert "nim" in listed.stdout.split() and "Nim" in listed.stdout
    plain = camelcade(site, "play", "nim", "--plain", "--seed", "1", "--bots", "random",
                      stdin="take 1\n" * 15)
    assert plain.returncode == 0, plain.stderr
    assert "15 stones are left. Player 1 takes next." in plain.stdout
    assert "took the last stone and wins." in plain.stdout
    rich = camelcade(site, "play", "nim", "--seed", "1", "--bots", "random",
                     "--option", "stones=5", stdin="take 1\n" * 5)
    assert rich.returncode == 0, rich.stderr
    assert "5 stones are left." in rich.stdout and "took the last stone" in rich.stdout
    simulated = camelcade(site, "simulate", "nim", "--games", "6", "--bots", "random,mcts",
                          "--workers", "1", "--out", str(site / "nim.jsonl"))
    assert simulated.returncode == 0, simulated.stderr
    assert "mcts" in simulated.stdout


def test_nim_speaks_its_own_translations_in_a_fresh_process(site: Path) -> None:
    german = camelcade(site, "--lang", "de", "play", "nim", "--plain", "--seed", "1",
                       "--bots", "random", stdin="take 9\ntake 1\n" * 8)
    assert german.returncode == 0, german.stderr
    assert "15 Steine sind übrig. Spieler 1 nimmt als Nächstes." in german.stdout
    assert "Gib take und einen bis drei Steine ein, etwa take 2." in german.stdout
    listed = camelcade(site, "--lang", "fr", "list")
    assert listed.returncode == 0 and "Nim" in listed.stdout


def test_nim_passes_the_conformance_checks(nim: str) -> None:
    for players in (2, 3, 4):
        report = check_game(nim, players=players, games=8)
        assert report.games == 8 and report.open_fields == set()
    assert "locale" in check_plugin(nim)


def test_nim_s_domain_is_spoken_once_registered_and_forgotten_after(nim: str) -> None:
    manifest = registry.plugin(nim)
    assert domains()["nim"] == manifest.locale_folder()
    state = cc.load(nim, stones=5).new_state()
    with language("fr"):
        assert state.describe(0) == "5 pierres restent. À Joueur 1 de prendre."
    with language("da"):
        assert translate(manifest.summary).startswith("Tag en til tre sten")
    registry.unregister(nim)
    assert "nim" not in domains()
    with language("da"):
        assert state.describe(0) == "5 stones are left. Spiller 1 takes next."
    registry.register(manifest)


def test_the_lobby_lists_nim_with_the_generic_board_and_a_match_is_played(
    nim: str, tmp_path: Path
) -> None:
    from tests.server.conftest import sqlite_settings
    from tests.server.support import Api, Client, ServerThread, play_until_finished

    server = ServerThread(sqlite_settings(tmp_path)).start()
    try:
        api = Api(server.base)
        lobby = {game["id"]: game for game in api.http.get("/api/web/games").json()}
        assert lobby[nim]["title"] == "Nim"
        assert lobby[nim]["assets"] == {"board": None, "stylesheet": None,
                                        "picture": "/static/img/game.svg"}  # the generic board
        german = api.http.get("/api/web/games", headers={"Accept-Language": "de"}).json()
        summary = next(game["summary"] for game in german if game["id"] == nim)
        assert summary == "Nimm einen bis drei Steine von einem Haufen; wer den letzten " \
                          "nimmt, gewinnt."
        created = api.create(game=nim, players=2, auto_start=True,
                             seats=[{"kind": "open"}, {"kind": "bot", "bot": "random"}])
        match_id = created["match"]["id"]
        person = Client(server.ws_base, match_id, api.join(match_id, 0, "Ann"))
        play_until_finished([person], seed=3)
        assert person.state is not None and person.state["status"] == "finished"
        page = api.http.get(f"/api/web/matches/{match_id}").json()
        assert page["game"]["id"] == nim and page["game"]["assets"]["board"] is None
        person.close()
        api.http.close()
    finally:
        server.stop()


def test_the_template_has_every_message_nim_marks_and_every_language_translates_it() -> None:
    marked = {message for _, _, message, _, _ in extract_from_dir(
        str(HERE), [("**.py", "python")], keywords=build.KEYWORDS)}
    with (HERE / "locale" / "nim.pot").open("rb") as template:
        ids = {message.id for message in read_po(template) if message.id}
    assert ids == marked and len(ids) == 8
    for code in ("de", "fr", "da"):
        catalog = check.read_catalogue(HERE / "locale" / code / "LC_MESSAGES" / "nim.po", code)
        assert {message.id for message in catalog if message.id} == ids
        assert check.untranslated(catalog) == [] and check.placeholder_problems(catalog) == []


def test_nim_is_small_and_carries_its_rules() -> None:
    """The smallest game: its rules in few lines and few methods, the rest defaults."""
    source = (HERE / "game.py").read_text(encoding="utf-8")
    methods = [node for node in ast.walk(ast.parse(source))
               if isinstance(node, ast.FunctionDef)]
    assert len(methods) <= 10 and len(source.splitlines()) <= 75
    assert (HERE / "rules" / "en.md").read_text(encoding="utf-8").startswith("# Nim")
