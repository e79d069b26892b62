"""``camelcade list``, ``rules``, ``--version`` and the rules-document lookup."""

from __future__ import annotations

from pathlib import Path

import pytest

import camelcade as cc
from camelcade.cli import rules
from camelcade.core import rules_docs
from tests.cli.conftest import GAME, Run, assert_plain, write_doc


def test_version(run: Run) -> None:
    result = run("--version")
    assert result.exit_code == 0
    assert result.output.strip() == f"camelcade {cc.__version__}"


def test_list_names_games_with_player_range_and_bots(run: Run) -> None:
    result = run("list", "--plain")
    assert result.exit_code == 0
    assert_plain(result.output)
    assert f"{GAME}: title A dos de Chameau, players 2 to 4, default players 4." in result.output
    bots_line = next(line for line in result.output.splitlines() if line.startswith("Bots:"))
    assert all(name in bots_line for name in cc.bots.names())


def test_list_rich_draws_a_table(run: Run) -> None:
    result = run("list")
    assert result.exit_code == 0
    assert GAME in result.output and "A dos de Chameau" in result.output
    assert "2 to 4" in result.output


@pytest.fixture
def docs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Rules documents are looked up in ``tmp_path`` only."""
    monkeypatch.setattr(rules_docs, "doc_dirs", lambda: [tmp_path])
    return tmp_path


def test_rules_prints_the_document_as_plain_text(run: Run, docs: Path) -> None:
    write_doc(docs, GAME)
    result = run("rules", GAME, "--plain", "--developer")
    assert result.exit_code == 0, result.output
    assert_plain(result.output)
    lines = result.output.splitlines()
    assert "A dos de Chameau — rules:" in lines  # heading without its '#'
    assert "Race your three camels to the oasis." in lines  # no ** or ` read aloud
    assert "oasis card; oasis3 12; moves your camel." in lines  # a table row as a sentence
    assert "HABA's Karawane; see Decisions and HABA (https://haba.de)." in lines
    assert not any(line.startswith(("#", "|")) for line in lines)


def test_rules_rich_renders_markdown(run: Run, docs: Path) -> None:
    write_doc(docs, GAME)
    result = run("rules", GAME, "--developer")
    assert result.exit_code == 0, result.output
    assert "Race your three camels" in result.output
    assert "oasis3 12" in result.output


def test_rules_missing_document_is_a_clear_error(run: Run, docs: Path) -> None:
    result = run("rules", GAME, "--developer")
    assert result.exit_code == 2
    assert "rules of 'a-dos-de-chameau' are not installed" in result.output
    assert str(docs / f"{GAME}.md") in result.output
    assert "Traceback" not in result.output


def test_rules_unknown_game_lists_the_games(run: Run) -> None:
    result = run("rules", "camel-chess")
    assert result.exit_code == 2
    assert "no game 'camel-chess'" in result.output and GAME in result.output


def test_find_rules_doc_prefers_the_first_folder(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = tmp_path / "packaged", tmp_path / "repo"
    first.mkdir()
    second.mkdir()
    write_doc(second, GAME)
    monkeypatch.setattr(rules_docs, "doc_dirs", lambda: [first, second])
    assert rules_docs.find_rules_doc(GAME) == second / f"{GAME}.md"
    write_doc(first, GAME)
    assert rules_docs.find_rules_doc(GAME) == first / f"{GAME}.md"
    assert rules_docs.find_rules_doc("no-such-game") is None


def test_doc_dirs_include_the_repository_docs() -> None:
    repo_docs = Path(__file__).resolve().parents[2] / "docs" / "games"
    assert repo_docs in rules_docs.doc_dirs()


def test_notation_section_stops_at_the_next_heading_of_its_level(tmp_path: Path) -> None:
    text = write_doc(tmp_path, GAME).read_text(encoding="utf-8")
    section = rules.notation_section(text)
    assert section is not None
    assert section.startswith("### Notation")
    assert "`storm`" in section and "Decisions" not in section
    assert rules.notation_section("# Title\n\nNo notation here.\n") is None


def test_the_shipped_rules_document_has_the_notation(run: Run) -> None:
    path = rules_docs.find_rules_doc(GAME)
    if path is None:
        pytest.skip("docs/games/a-dos-de-chameau.md is not in this checkout")
    result = run("rules", GAME, "--plain", "--developer")
    assert result.exit_code == 0
    assert_plain(result.output)
    section = rules.notation_section(path.read_text(encoding="utf-8"))
    assert section is not None and "oasis3 12" in section
    assert "oasis3 12" in result.output and "discard mirage3" in result.output
