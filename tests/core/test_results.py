"""A result told right (issue: results told right): a draw is a draw, a shared first place is
a shared first place, never "Winners: A and B", in every language (``core.results``)."""

from __future__ import annotations

import pytest

from camelcade.core.results import (
    Outcome,
    outcome,
    place_word,
    ranking_from,
    result_sentence,
    standings_sentence,
)
from camelcade.core.words import language
from camelcade.records import Record

NAMES = ["South", "North", "East"]


def test_a_ranking_is_a_win_a_shared_first_place_or_a_draw() -> None:
    assert outcome([[1], [0]]) is Outcome.WIN
    assert outcome([[0, 1]]) is Outcome.DRAW
    assert outcome([[0, 1, 2]]) is Outcome.DRAW
    assert outcome([[0, 2], [1]]) is Outcome.SHARED_FIRST
    assert outcome([[2], [0, 1]]) is Outcome.WIN  # a tie further down is no shared first
    assert ranking_from([0, 1], 2) == [[0, 1]] and ranking_from([2], 3) == [[2], [0, 1]]
    assert ranking_from([], 3) == []


DRAWN = {
    "en": ("The game is a draw: 0.5 points each.", "Draw between South and North.", "draw"),
    "de": ("Das Spiel endet unentschieden: je 0.5 Punkte.",
           "Unentschieden zwischen South und North.", "unentschieden"),
    "fr": ("La partie est nulle : 0.5 points chacun.", "Partie nulle entre South et North.",
           "nulle"),
    "da": ("Spillet er uafgjort: 0.5 point hver.", "Uafgjort mellem South og North.",
           "uafgjort"),
}
SHARED = {
    "en": ("You and East share first place with 7 points.",
           "Shared first place: South and East. Then North.", "shared first"),
    "de": ("Du und East teilt euch den ersten Platz mit 7 Punkten.",
           "Geteilter erster Platz: South und East. Dann North.", "geteilter erster Platz"),
    "fr": ("Vous et East vous partagez la première place avec 7 points.",
           "Première place partagée : South et East. Puis North.",
           "première place partagée"),
    "da": ("Du og East deler førstepladsen med 7 point.",
           "Delt førsteplads: South og East. Så North.", "delt førsteplads"),
}


@pytest.mark.parametrize("code", ["en", "de", "fr", "da"])
def test_a_draw_is_told_as_a_draw_in_every_language(code: str) -> None:
    sentence, standings, word = DRAWN[code]
    with language(code):
        assert result_sentence(NAMES[:2], [[0, 1]], [0.5, 0.5], you=0) == sentence
        assert standings_sentence(NAMES[:2], [[0, 1]]) == standings
        assert place_word(0, [[0, 1]]) == place_word(1, [[0, 1]]) == word


@pytest.mark.parametrize("code", ["en", "de", "fr", "da"])
def test_a_shared_first_place_is_told_as_such_in_every_language(code: str) -> None:
    """Two seats of three level on top: neither "Winners: A and B" nor a draw."""
    sentence, standings, word = SHARED[code]
    ranking = [[0, 2], [1]]
    with language(code):
        assert result_sentence(NAMES, ranking, [7, 1, 7], you=0) == sentence
        assert standings_sentence(NAMES, ranking) == standings
        assert place_word(2, ranking) == word and place_word(1, ranking) == ""
        assert DRAWN[code][2] not in result_sentence(NAMES, ranking, [7, 1, 7])


def test_a_single_winner_is_still_the_winner() -> None:
    assert result_sentence(NAMES, [[1], [0, 2]], [3, 9, 3]) == "North wins with 9 points."
    assert standings_sentence(NAMES, [[1], [0, 2]]) == "Winner: North. Then South and East."
    assert place_word(1, [[1], [0, 2]]) == "winner"


def test_a_record_says_how_the_game_came_out() -> None:
    drawn = Record(game="kamelen", options={}, players=["a", "b"], actions=[],
                   returns=[0.5, 0.5], winners=[0, 1], ranking=[[0, 1]])
    assert drawn.outcome is Outcome.DRAW and drawn.to_json()["outcome"] == "draw"
    shared = Record(game="caravan", options={}, players=["a", "b", "c"], actions=[],
                    returns=[3.0, 3.0, 1.0], winners=[0, 1])  # an older record: no ranking
    assert shared.to_json()["outcome"] == "shared_first"
    assert Record.from_json(drawn.to_json()).outcome is Outcome.DRAW
    unfinished = Record(game="kamelen", options={}, players=["a", "b"], actions=[])
    assert unfinished.outcome is None and "outcome" not in unfinished.to_json()
