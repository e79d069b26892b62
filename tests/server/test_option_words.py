"""Options in players' words (issue 26, item 5): each game's presets from its rulebook and
each option's label, sentence and control, for the create form and the rules page.

The lobby showed ``oasis_cards`` with ``[1,1,2,2,3,3,4]`` in a text field and help ending
"(AD1)"; the web API now gives every option a label, a sentence and a control within its
bounds, and every game at least a "Standard" preset, all in the page's language.
"""

from __future__ import annotations

import re

import pytest

from camelcade.core.registry import game_class, game_ids
from tests.server.support import Api

RULE_CODE = re.compile(r"\b[A-Z]{2}\d+\b")


def test_every_option_has_a_players_label_sentence_and_control(api: Api) -> None:
    games = {g["id"]: g for g in api.http.get("/api/web/games").json()}
    for game_id in game_ids():
        if game_id == "toy":
            continue
        summary = games[game_id]
        assert summary["presets"][0]["name"] == "Standard", game_id
        for preset in summary["presets"]:
            game_class(game_id)(**preset["options"])  # every preset is a valid table
            assert preset["sentence"].endswith("."), preset
        for option in summary["options"]:
            assert option["label"] != option["name"] and "_" not in option["label"], option
            assert option["explain"].endswith(".") and not RULE_CODE.search(option["explain"])
            control = option["control"]
            if control["kind"] == "number":
                assert control["low"] <= option["default"] <= control["high"], option
            elif control["kind"] == "choice":
                assert option["default"] in [c["value"] for c in control["choices"]], option
                assert all(c["label"] for c in control["choices"])
            elif control["kind"] == "numbers":
                assert len(option["default"]) == control["length"] and control["item"]
            else:
                assert control["kind"] == "flag" or option["values"], option


def test_the_oasis_cards_are_seven_numbers_from_1_to_4(api: Api) -> None:
    games = {g["id"]: g for g in api.http.get("/api/web/games").json()}
    option = next(o for o in games["a-dos-de-chameau"]["options"] if o["name"] == "oasis_cards")
    assert option["label"] == "Palms on the oasis cards"
    assert {k: option["control"][k] for k in ("kind", "low", "high", "length", "item")} == {
        "kind": "numbers", "low": 1, "high": 4, "length": 7, "item": "Oasis card {number}"}


@pytest.mark.parametrize(("lang", "preset", "label", "level"), [
    ("de", "Einführungsspiel: sechs Kamele", "Kamele pro Person", "leicht"),
    ("fr", "Partie d'initiation : six chameaux", "Chameaux par joueur", "facile"),
    ("da", "Introduktionsspil: seks kameler", "Kameler pr. spiller", "let"),
])
def test_presets_labels_and_levels_come_in_the_page_language(
        api: Api, lang: str, preset: str, label: str, level: str) -> None:
    games = {g["id"]: g for g in api.http.get("/api/web/games", params={"lang": lang}).json()}
    caravan = games["caravan"]
    assert caravan["presets"][1]["name"] == preset
    assert caravan["options"][0]["label"] == label
    assert caravan["levels"][0]["label"] == level
    rules = api.http.get("/rules/caravan", params={"lang": lang}).text
    assert preset.replace("'", "&#x27;") in rules and label in rules


def test_the_rules_page_lists_the_ways_to_play_and_options_in_players_words(api: Api) -> None:
    html = api.http.get("/rules/camel-up").text
    section = html[html.index('<section aria-labelledby="ways-h"'):]
    section = section[:section.index("</section>")]
    assert "<dt>1st edition (2014)</dt>" in section and "<dt>Edition</dt>" in section
    assert "grey_die_precedence" not in section and not RULE_CODE.search(section)


def test_server_messages_about_options_use_the_games_title(api: Api) -> None:
    response = api.http.post("/api/matches", json={
        "game": "camel-drive", "options": {"players": 4, "track_length": "9"}})
    assert response.json()["error"]["message"].startswith("Camel Drive option"), response.text
