"""The create form, seats and replays in players' words (issue 26, items 4, 5 and 8).

The form showed the code's option names (``oasis_cards [1,1,2,2,3,3,4]``), rule-decision
codes ("AD1") and JSON fields; it now offers each game's named ways to play from its
rulebook, and the other options under "More options", each as its own control within its
bounds, in the page's language. Camel Up's players were "Seat 0"; a first join heard "Back
in the match; 7 things happened while you were away"; the replay list showed raw ids.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import pytest

from tests.server.support import Api, Client, ServerProcess, past
from tests.web.play import my_turn
from tests.web.support import audit, open_lobby

pytestmark = pytest.mark.browser

CODE = re.compile(r"\b[A-Z]{2}\d+\b|\w+_\w+|[\[\]{}]")
"""What the form must never show: a rule-decision code ("CU4"), an option name of the code
(``no_progress_rounds``) or JSON (``[1,1,2]``, ``{...}``)."""


def more_options(page: Any) -> None:
    page.get_by_text("More options", exact=True).click()


def test_the_create_form_offers_rulebook_presets_and_bounded_controls(new_page: Any) -> None:
    page = new_page()
    open_lobby(page)
    for game in page.locator("#create-game option").evaluate_all("(os) => os.map((o) => o.value)"):
        page.get_by_label("Game", exact=True).select_option(game)
        if page.locator("#more-options").count():
            more_options(page)
        shown = page.locator("#create-options").inner_text()
        assert not CODE.search(shown), (game, CODE.search(shown))
    page.get_by_label("Game", exact=True).select_option("caravan")
    preset = page.get_by_label("Way to play", exact=True)
    assert preset.locator("option").all_inner_texts() == [
        "Standard", "Introductory game: six camels", "Full game: 48 goods"]
    help_text = page.locator("#create-preset-help")
    assert help_text.inner_text() == (
        "Five camels each; with 2 or 3 players the short game of 32 goods.")
    preset.select_option(label="Introductory game: six camels")
    assert help_text.inner_text() == "Every player starts with six camels instead of five."
    more_options(page)
    camels = page.get_by_label("Camels per player", exact=True)
    assert camels.input_value() == "6"
    assert camels.evaluate("(el) => [el.type, el.min, el.max]") == ["number", "5", "6"]
    assert page.get_by_label("Short game", exact=True).locator("option").all_inner_texts() == [
        "Short with 2 or 3 players, full with 4", "Short game: 32 goods", "Full game: 48 goods"]
    audit(page, "the create form with More options open (Caravan)")
    # A number outside its bounds is refused in the form, with the player's label.
    camels.fill("9")
    page.get_by_label("Player 2", exact=True).select_option("bot:@easy")
    page.get_by_role("button", name="Create the match").click()
    assert page.locator("#create-error").inner_text() == (
        "Camels per player must be a whole number from 5 to 6.")
    assert page.evaluate("document.activeElement.id") == "opt-camels"
    camels.fill("6")
    page.get_by_role("button", name="Create the match").click()
    page.wait_for_url("**/match/*")
    match_id = page.url.rsplit("/", 1)[1]
    assert page.request.get(f"/api/matches/{match_id}").json()["options"]["camels"] == 6


def test_the_seven_oasis_cards_are_seven_small_steppers(new_page: Any) -> None:
    page = new_page()
    open_lobby(page)
    page.get_by_label("Game", exact=True).select_option("a-dos-de-chameau")
    more_options(page)
    group = page.get_by_role("group", name="Palms on the oasis cards")
    steppers = [group.get_by_label(f"Oasis card {n}", exact=True) for n in range(1, 8)]
    assert [s.input_value() for s in steppers] == ["1", "1", "2", "2", "3", "3", "4"]
    assert {s.evaluate("(el) => el.min + '-' + el.max") for s in steppers} == {"1-4"}
    steppers[6].focus()
    page.keyboard.press("ArrowUp")  # already at its top: the stepper stays within bounds
    assert steppers[6].input_value() == "4"
    leader = page.get_by_label("The caravan leader joins", exact=True)
    assert leader.locator("option").all_inner_texts() == [
        "The leading camel outside the oasis", "The leading camel, even in the oasis"]
    audit(page, "the seven oasis steppers")


def test_a_german_page_shows_the_form_and_bot_levels_in_german(new_page: Any) -> None:
    page = new_page(locale="de-DE")
    open_lobby(page)
    page.locator("#create-game").select_option("caravan")
    assert page.get_by_label("Spielweise", exact=True).locator("option").all_inner_texts() == [
        "Standard", "Einführungsspiel: sechs Kamele", "Volles Spiel: 48 Waren"]
    page.get_by_text("Weitere Optionen", exact=True).click()
    assert page.get_by_label("Kamele pro Person", exact=True).is_visible()
    seat = page.get_by_label("Spieler 2", exact=True)
    levels = " ".join(seat.locator("option").all_inner_texts())
    assert "leicht" in levels and "schwer" in levels and "easy" not in levels
    audit(page, "the German create form")


def test_a_first_join_is_not_a_return_and_camel_up_calls_players_by_name(
        new_page: Any) -> None:
    page = new_page()
    open_lobby(page)
    created = page.request.post("/api/matches", data={
        "game": "camel-up", "options": {"players": 3}, "auto_start": True,
        "seats": [{"kind": "bot", "bot": "@easy"}, {"kind": "bot", "bot": "@easy"},
                  {"kind": "open"}]}).json()
    page.goto(f"/match/{created['match']['id']}")
    page.get_by_label("Your name").fill("Ben")
    join = page.get_by_role("button", name="Play as Player 3")
    join.click()
    assert my_turn(page)
    said = page.locator("#said li").all_inner_texts()
    assert said and not any("Back in the match" in text for text in said), said
    assert any(text.startswith("Player 1 ") for text in said), said
    assert page.locator("#match-title").inner_text() == "Camel Up: you are Ben"
    assert page.locator("#status").inner_text() == "Your turn, Ben."
    # As a screen reader reads each panel: its name, then what it is (once), then the
    # seat's facts (a list of terms: coins first).
    seats = page.locator("#seats li").all_text_contents()
    assert seats[0].startswith("Player 1: bot level easy" + "coins3"), seats
    assert seats[2].startswith("Ben: connected, you, to move" + "coins3"), seats
    assert all(text.count("Player 1") <= 1 for text in seats), seats
    assert not any("Seat" in text for text in seats), seats


def _ann_moves(ann: Client) -> None:
    state = ann.wait_state(lambda m: bool(m["legal_actions"]))
    ann.act(state["legal_actions"][0]["action"])
    ann.wait_state(past(state["state_id"]))


def _ben_joins_ann(new_page: Any, server: ServerProcess,
                   routes: dict[str, Callable[[Client], Callable[[Any], None]]]) -> list[str]:
    """Ann (seat 1, over the API) and a bot wait for Ben, who takes seat 2 in the page,
    with ``routes`` (made for Ann's client) holding the page's requests on the way. What
    the page said once it is Ben's turn."""
    api = Api(server.base)
    created = api.create("camel-up", players=3, auto_start=True, seats=[
        {"kind": "open"}, {"kind": "open"}, {"kind": "bot", "bot": "@easy"}])
    match_id = created["match"]["id"]
    ann = Client(server.ws_base, match_id, api.join(match_id, 0, "Ann"))
    page = new_page()
    for pattern, make in routes.items():
        page.route(pattern, make(ann))
    page.goto(f"/match/{match_id}")
    page.get_by_label("Your name").fill("Ben")
    page.get_by_role("button", name="Play as Player 2").click()
    assert my_turn(page)
    ann.close()
    page.wait_for_function("() => [...document.querySelectorAll('#said li')]"
                           ".some((li) => li.textContent.startsWith('Your turn, Ben.'))")
    return list(page.locator("#said li").all_inner_texts())


JOIN = "**/api/matches/*/seats/*"
TABLE = "**/api/web/matches/*"


def test_a_move_made_while_a_seat_is_taken_is_told_as_news_not_as_a_return(
        new_page: Any, web_server: ServerProcess) -> None:
    """Regression (CI, 2026-12-06): on a slow machine the watching page saw the match
    start, and the first player moved before the page's own seat connected; the page then
    said "Back in the match" to a person who had never been in it. Here that order is
    forced: the join's answer waits until the page has seen the start, and the first
    player moves while the page fetches its seat's table."""
    joined: list[bool] = []

    def slow_join(ann: Client) -> Callable[[Any], None]:
        def handle(route: Any) -> None:
            answer = route.fetch()
            ann.wait_state(lambda m: m["status"] == "running")
            time.sleep(1.0)  # the watching socket gets the start meanwhile
            joined.append(True)
            route.fulfill(response=answer)
        return handle

    def move_meanwhile(ann: Client) -> Callable[[Any], None]:
        def handle(route: Any) -> None:
            if len(joined) == 1:
                joined.append(True)
                _ann_moves(ann)
            route.continue_()
        return handle

    said = _ben_joins_ann(new_page, web_server, {JOIN: slow_join, TABLE: move_meanwhile})
    assert len(joined) == 2, "the first player did not move while the seat connected"
    assert not any("Back in the match" in text for text in said), said
    # the moves since the watching page's last position, not the match from its start
    assert any(text.startswith("Ann takes") for text in said), said


def test_a_seat_taken_on_its_turn_hears_your_turn(
        new_page: Any, web_server: ServerProcess) -> None:
    """The watching page had seen the position the seat was taken in (the first player
    moved before the join was answered): no move came after, and the page, which had
    said "Player 2 to move" to the watcher, said nothing more: the new player never heard
    it was their turn (found in the review of 2026-12-07)."""

    def move_first(ann: Client) -> Callable[[Any], None]:
        def handle(route: Any) -> None:
            answer = route.fetch()
            _ann_moves(ann)
            time.sleep(1.0)  # the watching socket gets the move meanwhile
            route.fulfill(response=answer)
        return handle

    said = _ben_joins_ann(new_page, web_server, {JOIN: move_first})
    assert said[-1].startswith("Your turn, Ben."), said


def test_the_replay_list_tells_title_players_date_and_result(new_page: Any) -> None:
    page = new_page()
    open_lobby(page)
    created = page.request.post("/api/matches", data={
        "game": "toy", "options": {"players": 2}, "auto_start": True,
        "seats": [{"kind": "bot", "bot": "@easy"}, {"kind": "bot", "bot": "@easy"}]}).json()
    match_id = created["match"]["id"]
    if created["match"]["status"] == "open":  # no seat for anyone to take: the host starts it
        page.request.post(f"/api/matches/{match_id}/start",
                          headers={"Authorization": f"Bearer {created['host_token']}"})
    page.goto(f"/match/{match_id}")  # a bot-only match plays while someone watches
    deadline = time.monotonic() + 60
    while page.request.get(f"/api/matches/{match_id}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots' match did not end"
        time.sleep(0.2)
    page.goto("/replay")
    entry = page.locator("#finished li").filter(has=page.locator(f'a[href="/replay/{match_id}"]'))
    text = entry.inner_text()
    assert text.startswith("Toy: "), text
    assert "bot level easy" in text and "@easy" not in text and "toy," not in text, text
    assert re.search(r"Ended \w{3} \d{1,2}, \d{4}", text), text
    assert re.search(r"(Winner: |Shared first place: |Draw between )", text), text
    audit(page, "the replay list")


NO_MOVE = """async () => {
  const { CellPicker } = await import("/static/js/actions.js");
  const said = [];
  const picker = new CellPicker({ onPlay() {}, onOffer() {}, onMarks() {},
    say: (text) => said.push(text), cellText: () => "Space 5: Red, then Orange." });
  picker.update([{ action: "tile 7 cheer", cells: ["space-7"] }]);
  picker.pick("space-5");
  return said;
}"""


def test_a_refused_cell_is_told_with_one_full_stop(new_page: Any) -> None:
    """A cell's text ends its own sentence: "No move with Space 5: Red, then Orange.." had
    two stops."""
    page = new_page()
    open_lobby(page)
    assert page.evaluate(NO_MOVE) == ["No move with Space 5: Red, then Orange."]
