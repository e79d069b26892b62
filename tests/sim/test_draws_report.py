"""The lab's report tells draws as draws (issue: results told right): Kamelen games drawn
by the no-capture clock are counted as draws, in every language, in ``report.md`` and at
the end of ``camelcade simulate``."""

from __future__ import annotations

from pathlib import Path

import pytest

from camelcade.core.registry import load
from camelcade.core.words import language
from camelcade.sim.entrants import parse_entrants
from camelcade.sim.lab import run_tournament
from camelcade.sim.plan import Tournament
from camelcade.sim.report import write_report

DRAWS = {
    "en": ("Draws (every seat level at the top): 4 of 4;", "| Draws |"),
    "de": ("Unentschieden (alle gleichauf an der Spitze): 4 von 4;", "| Remis |"),
    "fr": ("Parties nulles (tous à égalité en tête) : 4 sur 4 ;", "| Nulles |"),
    "da": ("Uafgjorte (alle lige i toppen): 4 af 4;", "| Uafgjorte |"),
}


@pytest.fixture(scope="module")
def drawn(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Four Kamelen games that the no-capture clock draws after four plies."""
    path = tmp_path_factory.mktemp("lab") / "drawn.jsonl"
    game = load("kamelen", no_capture_limit=4)
    tournament = Tournament(game.id, game.options,
                            tuple(parse_entrants(["random", "first"], game.id)), seed=3)
    run_tournament(tournament, 4, path)
    return path


@pytest.mark.parametrize("code", ["en", "de", "fr", "da"])
def test_the_report_counts_the_draws(drawn: Path, tmp_path: Path, code: str) -> None:
    sentence, column = DRAWS[code]
    with language(code):
        write_report([drawn], tmp_path, sprt_elo1=None, draw=False)
    markdown = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert sentence in markdown, markdown[:800]
    assert column in markdown
    rows = [[cell.strip() for cell in line.strip("|").split("|")]
            for line in markdown.splitlines() if line.startswith("| random |")]
    standings = next(cells for cells in rows if len(cells) == 9)
    assert standings[3] == "4"  # the Draws column: every game random played
