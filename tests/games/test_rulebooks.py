"""The players' rulebooks (``rules/<lang>.md`` in each game's folder): all four languages,
the sections a player needs, pictures that draw, and the numbers they state equal to the
engine's, so a rule change that forgets its rulebooks fails here."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from camelcade.core.registry import game_class, game_ids
from camelcade.core.rule_pictures import PICTURE, Picture, parts, picture_svg, position
from camelcade.core.rules_docs import find_rulebook, rulebook_in
from camelcade.core.words import language
from camelcade.games.a_dos_de_chameau import spec as ados
from camelcade.games.camel_drive import spec as drive
from camelcade.games.camel_up import spec as up
from camelcade.games.caravan import spec as caravan
from camelcade.games.kamelen import spec as kamelen

LANGUAGES = ("en", "de", "fr", "da")
GAMES = ("a-dos-de-chameau", "camel-drive", "camel-up", "caravan", "kamelen")


def default(game_id: str, name: str) -> Any:
    """The default of one of the game's options, as the engine declares it."""
    return next(o.default for o in game_class(game_id).option_specs if o.name == name)


def flat(text: str) -> str:
    """The rulebook with its line breaks as spaces: a phrase may wrap."""
    return re.sub(r"\s+", " ", text)


def test_the_five_games_are_the_ones_checked() -> None:
    assert set(GAMES) <= set(game_ids())


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_game_has_a_short_rulebook_in_each_language(game_id: str, lang: str) -> None:
    text = rulebook_in(game_id, lang)
    assert text is not None, f"{game_id} has no rules/{lang}.md"
    assert 2_500 <= len(text) <= 6_000, len(text)
    assert text.startswith(f"# {game_class(game_id).title}")
    assert text.count("\n## ") >= 4  # setup, a turn, scoring and the end, options
    assert "<" not in text  # Markdown only: no raw HTML to pass through
    pictures = [part for part in parts(text) if isinstance(part, Picture)]
    assert pictures and pictures[0].recipe == "setup"
    assert len(pictures) == len(re.findall(r"\]\(board:", text))  # every marker is valid


def test_camel_up_shows_a_stack_too() -> None:
    for lang in LANGUAGES:
        text = rulebook_in("camel-up", lang) or ""
        recipes = [part.recipe for part in parts(text) if isinstance(part, Picture)]
        assert len(recipes) == 2, lang
    stacked = position("camel-up", "setup:3").describe(None)
    assert re.search(r"Space \d+: \w+, then \w+, then", stacked)  # three or more high


@pytest.mark.parametrize("game_id", GAMES)
def test_every_picture_is_drawn_by_the_games_board_named_in_its_language(game_id: str
                                                                         ) -> None:
    for lang in LANGUAGES:
        for part in parts(rulebook_in(game_id, lang) or ""):
            if isinstance(part, Picture):
                with language(lang):
                    svg = picture_svg(game_id, part)
                assert svg is not None and svg.startswith("<svg")
                named = part.words.replace("&", "&amp;").replace('"', "&quot;")
                assert f'role="img" aria-label="{named}"' in svg
                assert "<title>" in svg and "data-cell=" in svg


def test_a_picture_line_is_found_only_on_a_line_of_its_own() -> None:
    text = "Text ![inline](board:setup) here.\n\n![alone](board:play:2:5)\n"
    found = [part for part in parts(text) if isinstance(part, Picture)]
    assert found == [Picture("alone", "play:2:5")]
    assert PICTURE.search("![x](board:../../etc)") is None


def test_a_missing_language_falls_back_to_english(monkeypatch: pytest.MonkeyPatch) -> None:
    from camelcade.core import rules_docs

    real = rules_docs.rulebook_in
    monkeypatch.setattr(rules_docs, "rulebook_in",
                        lambda game, lang: None if lang == "da" else real(game, lang))
    found = find_rulebook("kamelen", "da")
    assert found is not None and found.lang == "en" and found.fallback
    german = find_rulebook("kamelen", "de")
    assert german is not None and german.lang == "de" and not german.fallback
    assert rulebook_in("kamelen", "../en") is None  # a language is a code, never a path


# The numbers a rulebook states, each with the engine's value: (value, phrase per
# language with {} where the number goes). The phrase must appear in every language.
Number = tuple[Callable[[], Any], dict[str, str]]

NUMBERS: dict[str, list[Number]] = {
    "camel-up": [
        (lambda: up.LAST_SPACE, {"en": "loop of {} spaces", "de": "Runde aus {} Feldern",
                                 "fr": "boucle de {} cases", "da": "runde på {} felter"}),
        (lambda: up.STARTING_COINS, {"en": "starts with {} coins", "de": "beginnen mit {} Münzen",
                                     "fr": "commence avec {} pièces",
                                     "da": "starter med {} mønter"}),
        (lambda: up.EDITIONS[default("camel-up", "edition")].leg_tickets,
         {"en": "worth {0[0]}, then {0[1]}, {0[2]}, {0[3]}",
          "de": "erst {0[0]} wert, dann {0[1]}, {0[2]}, {0[3]}",
          "fr": "vaut {0[0]}, puis {0[1]}, {0[2]}, {0[3]}",
          "da": "værd {0[0]}, så {0[1]}, {0[2]}, {0[3]}"}),
        (lambda: up.START_SPACES, {"en": "space {0[0]}, {0[1]} or {0[2]}, on top",
                                   "de": "Feld {0[0]}, {0[1]} oder {0[2]}, oben",
                                   "fr": "case {0[0]}, {0[1]} ou {0[2]}, au-dessus",
                                   "da": "felt {0[0]}, {0[1]} eller {0[2]}, oven"}),
        (lambda: sorted(up.CRAZY_START.values()),
         {"en": "space {0[0]}, {0[1]} or {0[2]}.", "de": "Feld {0[0]}, {0[1]} oder {0[2]}.",
          "fr": "case {0[0]}, {0[1]} ou {0[2]}.", "da": "felt {0[0]}, {0[1]} eller {0[2]}."}),
        (lambda: up.OVERALL_PAYS[0], {"en": "first right card pays {}",
                                      "de": "erste richtige Karte bringt {}",
                                      "fr": "première carte juste rapporte {}",
                                      "da": "første rigtige kort giver {}"}),
        (lambda: game_class("camel-up").max_players, {"en": "3 to {} players",
                                                      "de": "3 bis {} Spieler",
                                                      "fr": "3 à {} joueurs",
                                                      "da": "3 til {} spillere"}),
    ],
    "camel-drive": [
        (lambda: default("camel-drive", "track_length"),
         {"en": "fields 1 to {}", "de": "Felder 1 bis {}", "fr": "cases 1 à {}",
          "da": "felterne 1 til {}"}),
        (lambda: drive.DECK_SIZE, {"en": "{} call cards", "de": "{} Zurufkarten",
                                   "fr": "{} cartes d'appel", "da": "{} råbekort"}),
        (lambda: default("camel-drive", "interjections"),
         {"en": "{} interjection cards", "de": "{} Zwischenrufkarten", "fr": "{} cartes de cri",
          "da": "{} mellemråbskort"}),
        (lambda: default("camel-drive", "target_score"),
         {"en": "has {} points", "de": "{} Punkte oder mehr", "fr": "a {} points ou plus",
          "da": "{} point eller mere"}),
        (lambda: drive.BET_PAYOUT, {"en": "pay {0[0]} if alone, {0[1]} each if two, {0[2]} each",
                                    "de": "bringen {0[0]}, wenn einer allein steht, je {0[1]} "
                                          "bei zweien, je {0[2]}",
                                    "fr": "rapportent {0[0]} s'il est seul, {0[1]} chacun s'ils "
                                          "sont deux, {0[2]} chacun",
                                    "da": "giver {0[0]}, hvis den står alene, {0[1]} hver, hvis "
                                          "de er to, og {0[2]} hver"}),
    ],
    "caravan": [
        (lambda: caravan.SIZE, {"en": "{0} by {0} squares", "de": "{0} mal {0} Feldern",
                                "fr": "{0} sur {0} cases", "da": "{0} gange {0} felter"}),
        (lambda: default("caravan", "camels"), {"en": "takes {} camels", "de": "nimmt {} Kamele",
                                                "fr": "prend {} chameaux",
                                                "da": "tager {} kameler"}),
        (lambda: caravan.MAX_ACTIONS, {"en": "every turn after that {}",
                                       "de": "jeder weitere {}", "fr": "chaque tour suivant {}",
                                       "da": "hver tur derefter {}"}),
        (lambda: max(caravan.VALUE), {"en": "rare ({} points each)",
                                      "de": "selten (je {} Punkte)",
                                      "fr": "rares ({} points chacune)",
                                      "da": "sjældne ({} point hver)"}),
        (lambda: min(caravan.VALUE), {"en": "common ({} points each)",
                                      "de": "gewöhnlich (je {} Punkte)",
                                      "fr": "communes ({} points chacune)",
                                      "da": "almindelige ({} point hver)"}),
        (lambda: caravan.REFILL_AFTER, {"en": "As soon as {} goods", "de": "Sobald seit dem "
                                        "letzten Auffüllen {} Waren", "fr": "Dès que {} "
                                        "marchandises", "da": "samlet {} varer"}),
        (lambda: default("caravan", "no_progress_rounds"),
         {"en": "after {} full rounds", "de": "nach {} ganzen Runden",
          "fr": "après {} tours de table", "da": "efter {} hele runder"}),
    ],
    "a-dos-de-chameau": [
        (lambda: ados.TRACK_END, {"en": "path has {} spaces", "de": "Weg hat {} Felder",
                                  "fr": "parcours compte {} cases", "da": "Vejen har {} felter"}),
        (lambda: (ados.OASIS_FIRST, ados.TRACK_END),
         {"en": "spaces {0[0]} to {0[1]}, are the oasis", "de": "Felder {0[0]} bis {0[1]}",
          "fr": "cases {0[0]} à {0[1]}", "da": "felt {0[0]} til {0[1]}"}),
        (lambda: default("a-dos-de-chameau", "oasis_cards"),
         {"en": "({0[0]}, {0[1]}, {0[2]}, {0[3]}, {0[4]}, {0[5]} and {0[6]} palms)",
          "de": "({0[0]}, {0[1]}, {0[2]}, {0[3]}, {0[4]}, {0[5]} und {0[6]} Palmen)",
          "fr": "({0[0]}, {0[1]}, {0[2]}, {0[3]}, {0[4]}, {0[5]} et {0[6]} palmiers)",
          "da": "({0[0]}, {0[1]}, {0[2]}, {0[3]}, {0[4]}, {0[5]} og {0[6]} palmer)"}),
        (lambda: " | ".join(map(str, default("a-dos-de-chameau", "oasis_points"))),
         dict.fromkeys(LANGUAGES, "| {} |")),
        (lambda: " | ".join(map(str, range(ados.OASIS_FIRST, ados.TRACK_END + 1))),
         dict.fromkeys(LANGUAGES, "| {} |")),
    ],
    "kamelen": [
        (lambda: kamelen.BOARDS[default("kamelen", "board")],
         {"en": "11 files (a to k) and {} ranks", "de": "11 Linien (a bis k) und {} Reihen",
          "fr": "11 colonnes (a à k) et {} rangées", "da": "11 linjer (a til k) og {} rækker"}),
        (lambda: (kamelen.CAMELS_PER_SIDE, kamelen.DROMEDARIES_PER_SIDE),
         {"en": "{0[0]} camels and {0[1]} dromedaries", "de": "{0[0]} Kamele und {0[1]} Dromedare",
          "fr": "{0[0]} chameaux et {0[1]} dromadaires",
          "da": "{0[0]} kameler og {0[1]} dromedarer"}),
        (lambda: len(kamelen.ROCKS[default("kamelen", "board")]),
         {"en": "{} rocks", "de": "{} Felsen", "fr": "{} rochers", "da": "{} klipper"}),
        (lambda: default("kamelen", "no_capture_limit"),
         {"en": "after {} moves", "de": "nach {} Zügen", "fr": "après {} coups",
          "da": "efter {} træk"}),
        (lambda: int(kamelen.CONQUEST_POINTS), {"en": "**double**: {} points",
                                                "de": "**doppelt**: {} Punkte",
                                                "fr": "**double** : {} points",
                                                "da": "**dobbelt**: {} point"}),
    ],
}


@pytest.mark.parametrize("game_id", GAMES)
def test_the_numbers_a_rulebook_states_are_the_engines(game_id: str) -> None:
    for value_of, phrases in NUMBERS[game_id]:
        value = value_of()
        for lang in LANGUAGES:
            text = flat(rulebook_in(game_id, lang) or "")
            phrase = phrases[lang].format(value)
            assert phrase in text, f"{game_id} rules/{lang}.md should say {phrase!r}"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_terminal_prints_each_rulebook_as_plain_words(game_id: str) -> None:
    from typer.testing import CliRunner

    from camelcade.cli.main import app

    runner = CliRunner()
    for lang in LANGUAGES:
        result = runner.invoke(app, ["rules", game_id, "--plain", "--lang", lang])
        assert result.exit_code == 0, result.output
        lines = result.output.splitlines()
        text = rulebook_in(game_id, lang) or ""
        assert lines[0] == text.splitlines()[0].lstrip("# ") + ":"  # the title, no '#'
        words = next(part.words for part in parts(text) if isinstance(part, Picture))
        assert f"{words}:" in lines  # a picture is its words, then the position in words
        assert not any(line.startswith(("#", "|", "![")) for line in lines)
        assert "**" not in result.output and "](board:" not in result.output
    developer = runner.invoke(app, ["rules", game_id, "--plain", "--developer"])
    assert developer.exit_code == 0 and "otation" in developer.output
