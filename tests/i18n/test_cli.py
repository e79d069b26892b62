"""The terminal in another language: ``--lang``, its help, its prompt's command words and
its rules documents (pseudo-translated: ``«de» ...``)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from camelcade.cli.main import app, main
from camelcade.core import rules_docs
from tests.i18n.support import pseudo_catalogues

GAME = "a-dos-de-chameau"
WORDS = {"de": {"help": "hilfe", "quit": "ende", "legal": "zulässig"}}


def play(*extra: str, input: str, env: dict[str, str] | None = None) -> str:
    with pseudo_catalogues(words=WORDS):
        result = CliRunner().invoke(app, [*extra, "play", GAME, "--players", "2", "--seed",
                                          "3", "--plain"], input=input, env=env)
    assert result.exit_code == 0, result.output
    return result.output


def test_a_game_is_played_in_german_with_german_command_words() -> None:
    output = play("--lang", "de", input="hilfe\nzulässig\nende\n")
    assert "«de» Commands:" in output and "«de» hilfe: show this help." in output
    assert "«de» Legal actions:" in output  # typed "zulässig" was the command legal
    assert "«de» Your move, " in output


def test_the_variable_chooses_when_no_flag_does_and_the_flag_beats_it() -> None:
    assert "«fr» Commands:" in play(input="help\nquit\n", env={"CAMELCADE_LANG": "fr"})
    assert "«da» Commands:" in play("--lang", "da", input="help\nquit\n",
                                    env={"CAMELCADE_LANG": "fr", "LANG": "de_DE.UTF-8"})
    english = play(input="help\nquit\n", env={"CAMELCADE_LANG": "", "LANGUAGE": "",
                                              "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C"})
    assert "Commands:" in english and "«" not in english.split("Commands:")[1][:40]


def test_an_unknown_language_is_a_clear_error() -> None:
    result = CliRunner().invoke(app, ["--lang", "xx", "list"])
    assert result.exit_code == 2
    assert "--lang 'xx' is not a language camelcade speaks" in result.output
    assert "fr (Français)" in result.output


def test_the_help_is_shown_in_the_chosen_language(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "argv", ["camelcade", "--lang=fr", "rules", "--help"])
    with pseudo_catalogues(), pytest.raises(SystemExit) as stopped:
        main()
    assert stopped.value.code == 0
    shown = " ".join(capsys.readouterr().out.split())
    assert "«fr» Show a game's rules for players (--developer: with the action notation)." in shown
    assert "«fr» A game id, as 'camelcade list' shows." in shown


def test_rules_are_read_in_the_language_and_else_in_english(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rules_docs, "doc_dirs", lambda: [tmp_path])
    (tmp_path / f"{GAME}.md").write_text("# Rules\n\nRace to the oasis.\n", encoding="utf-8")
    (tmp_path / "fr").mkdir()
    (tmp_path / "fr" / f"{GAME}.md").write_text("# Règles\n\nCourez à l'oasis.\n",
                                                encoding="utf-8")
    runner = CliRunner()
    french = runner.invoke(app, ["--lang", "fr", "rules", GAME, "--plain", "--developer"])
    assert french.exit_code == 0 and "Courez à l'oasis." in french.output
    german = runner.invoke(app, ["--lang", "de", "rules", GAME, "--plain", "--developer"])
    assert german.exit_code == 0 and "Race to the oasis." in german.output
    assert rules_docs.rules_languages(GAME, ["en", "de", "fr", "da"], first="fr") == ["fr", "en"]
    assert rules_docs.rules_languages(GAME, ["en", "de", "fr", "da"]) == ["en", "fr"]


def test_lang_may_come_after_the_command_as_make_play_puts_it() -> None:
    from camelcade.cli.language import lang_first

    assert lang_first(["play", "kamelen", "--lang", "de", "--plain"]) == [
        "--lang", "de", "play", "kamelen", "--plain"]
    assert lang_first(["play", "--lang=fr"]) == ["--lang=fr", "play"]
    assert lang_first(["play", "--", "--lang", "de"]) == ["play", "--", "--lang", "de"]
    assert lang_first(["--lang", "da", "list"]) == ["--lang", "da", "list"]


def test_make_play_with_lang_in_its_args_plays_in_that_language() -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", "from camelcade.cli.main import main; main()", "play",
         "kamelen", "--plain", "--seed", "1", "--lang", "de"],
        input="beenden\n", capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-1000:]
    assert "Du bist" in done.stdout or "Du spielst" in done.stdout, done.stdout[:500]
