"""The bot lab's written words in another language: the report (markdown and HTML), the
ladder and the balance sweep, read with the real catalogues.

English is found with the playthrough's detection (``english_in``) and with the lab's own
English words, none of which is a word of German, French or Danish; bot labels, game ids
and option names stay as typed, so they are left out (they are notation).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from camelcade.core.registry import load
from camelcade.core.words import language
from camelcade.sim.balance import run_balance
from camelcade.sim.entrants import parse_entrants
from camelcade.sim.lab import run_tournament
from camelcade.sim.ladder import run_ladder
from camelcade.sim.plan import Tournament
from camelcade.sim.report import write_report
from tests.i18n.test_refusals import english_in

LANGUAGES = ["de", "fr", "da"]
LAB_ENGLISH = re.compile(
    r"\b(games?|arrangements?|ratings?|standings|wins|win rate|head to head|pairing|"
    r"length|mean|blocks|stronger|accepted|running|against|ahead|tournaments?|duplicate|"
    r"decisions|changes|setting|advantage|share|actions per|draws|ladder|figures|"
    r"trace|bounds)\b", re.IGNORECASE)
"""The lab's English words (none a German, French or Danish word: German keeps "Seed", says
"Matrix", Danish "Histogram", so those are not here)."""
NOT_WORDS = re.compile(r"`[^`]*`|\b[\w-]+=[\w,.-]+|\b(?:random|first|kamelen|head-to-head|"
                       r"round-robin|keyed|logistic)\b|\S+\.(?:md|html|json|jsonl|png)\b")
"""Bot labels, game ids, option settings, the format and model names, file names."""


def english(text: str) -> list[str]:
    """The English a reader of another language meets in the lab's ``text``."""
    words = NOT_WORDS.sub(" ", text)
    return english_in(words) + LAB_ENGLISH.findall(words)


def visible(page: str) -> str:
    """An HTML page's text and alt texts, tags and embedded pictures cut out."""
    alts = " ".join(re.findall(r'alt="([^"]*)"', page))
    return re.sub(r"<[^>]+>", " ", re.sub(r"<style>.*?</style>", " ", page)) + " " + alts


@pytest.fixture
def plot_words(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every title, axis label, annotation and legend entry the plots draw."""
    from matplotlib.axes import Axes

    said: list[str] = []
    for name in ("set_title", "set_xlabel", "set_ylabel", "annotate"):
        original = getattr(Axes, name)

        def recording(self: Axes, text: str, *args: Any, _original: Any = original,
                      **kwargs: Any) -> Any:
            said.append(str(text))
            return _original(self, text, *args, **kwargs)

        monkeypatch.setattr(Axes, name, recording)
    original_legend = Axes.legend

    def legend(self: Axes, *args: Any, **kwargs: Any) -> Any:
        said.extend(str(label) for label in self.get_legend_handles_labels()[1])
        return original_legend(self, *args, **kwargs)

    monkeypatch.setattr(Axes, "legend", legend)
    yield said


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Eight Kamelen games of random against first (four seeds, both seatings)."""
    path = tmp_path_factory.mktemp("lab") / "lab.jsonl"
    game = load("kamelen")
    tournament = Tournament(game.id, game.options,
                            tuple(parse_entrants(["random", "first"], game.id)), seed=3)
    run_tournament(tournament, 8, path)
    return path


def test_the_lab_texts_are_english_to_start_with(results: Path, tmp_path: Path) -> None:
    """The detection finds the English report's words (else the tests below prove nothing)."""
    write_report([results], tmp_path, sprt_elo1=50, draw=False)
    text = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert len(english(text)) > 30
    assert '<html lang="en">' in (tmp_path / "report.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_report_has_no_english(results: Path, tmp_path: Path, code: str,
                                   plot_words: list[str]) -> None:
    with language(code):
        written = write_report([results], tmp_path, sprt_elo1=50, draw=True)
    markdown = (tmp_path / "report.md").read_text(encoding="utf-8")
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "SPRT" in markdown and "LLR" in markdown  # every section is there
    assert markdown.count("![") == 5  # ratings, matrix, seats, lengths, SPRT trace
    assert not english(markdown), english(markdown)
    assert not english(written.markdown)
    assert f'<html lang="{code}">' in page
    assert not english(visible(page)), english(visible(page))
    assert len(plot_words) > 10
    assert not english(" ; ".join(plot_words)), plot_words


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_ladder_has_no_english(tmp_path: Path, code: str) -> None:
    with language(code):
        run_ladder(["kamelen"], games=2, seed=1, out=tmp_path,
                   bots={"kamelen": ["random", "first"]})
    text = (tmp_path / "ladder.md").read_text(encoding="utf-8")
    assert "`random`" in text and "Elo" in text
    assert not english(text), english(text)


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_balance_sweep_has_no_english(tmp_path: Path, code: str,
                                          plot_words: list[str]) -> None:
    with language(code):
        run_balance("kamelen", ["third_step=outward,any"], bots="random,first", base={},
                    games=2, seed=2, out=tmp_path, draw=True)
    markdown = (tmp_path / "balance.md").read_text(encoding="utf-8")
    page = (tmp_path / "balance.html").read_text(encoding="utf-8")
    assert markdown.count("![") == 3  # seats, length, lead changes
    assert not english(markdown), english(markdown)
    assert f'<html lang="{code}">' in page
    assert not english(visible(page)), english(visible(page))
    assert len(plot_words) > 6
    assert not english(" ; ".join(plot_words)), plot_words
