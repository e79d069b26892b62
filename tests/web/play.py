"""How a test person plays in the browser: wait for their turn, act three ways, read."""

from __future__ import annotations

import random
from typing import Any

TURN_OR_END = ("() => /^Your turn|^Finished/.test("
               "document.querySelector('#status')?.textContent ?? '')")
PAINTED = ("n => window.__ccLatency.length > n || "
           "document.querySelector('#pass')?.hidden === false")
"""After a move: the page repainted, or (hot-seat) it shows the pass screen."""
ANSWERED = ("([sid, refusals]) => window.__ccStateId > sid || "
            "(window.__ccRefusals || 0) > refusals || "
            "document.querySelector('#pass')?.hidden === false")
"""After a move: a newer position is shown, the move was refused, or the pass screen."""


def create_match(page: Any, game: str, seats: list[str], options: dict[str, Any] | None = None,
                 name: str | None = None, timer: int | None = None) -> str:
    """Create a match in the lobby with the mouse; returns its id (page on the match if no
    seat is open, else still on the lobby with the share link shown)."""
    page.goto("/")
    page.get_by_label("Game", exact=True).select_option(game)
    players = page.get_by_label("Players", exact=True)
    players.fill(str(len(seats)))
    players.dispatch_event("change")
    if options:
        page.get_by_text("More options", exact=True).click()
    for key, value in (options or {}).items():
        field = page.locator(f"#opt-{key}")
        if isinstance(value, bool):
            field.set_checked(value)
        else:
            field.fill(str(value))
    for index, choice in enumerate(seats):
        page.get_by_label(f"Player {index + 1}", exact=True).select_option(choice)
    if name:
        page.get_by_label("Your name").fill(name)
    if timer:
        page.get_by_label("Turn clock").select_option(str(timer))
    page.get_by_role("button", name="Create the match").click()
    if "open" in seats:
        page.locator("#share-link").wait_for()
        return str(page.locator("#share-link").inner_text().rsplit("/", 1)[1])
    page.wait_for_url("**/match/*")
    return str(page.url.rsplit("/", 1)[1])


def my_turn(page: Any, timeout: float = 30_000) -> bool:
    """Wait until it is this page's turn (True) or the match is over (False)."""
    page.wait_for_function(TURN_OR_END, timeout=timeout)
    return bool(page.locator("#status").inner_text().startswith("Your turn"))


def painted(page: Any) -> int:
    return int(page.evaluate("() => window.__ccLatency.length"))


def open_moves(page: Any) -> None:
    """Unfold the list of every legal move (folded by default under the board)."""
    if not page.evaluate("() => document.querySelector('#act-fold')?.open ?? true"):
        page.locator("#act-fold > summary").click()


def choose_from_list(page: Any, rng: random.Random, last: bool = False) -> str:
    """Press one legal move's button in the action list: a random one (seeded), or the
    last one listed (``last``)."""
    shown = page.evaluate("() => [window.__ccStateId, window.__ccRefusals || 0]")
    open_moves(page)
    buttons = page.locator("#act .cc-moves button")
    count = buttons.count()
    assert count > 0, f"my turn, but no legal move listed: {page.locator('#status').inner_text()}"
    button = buttons.nth(count - 1 if last else rng.randrange(count))
    text = str(button.inner_text())
    button.click()
    page.wait_for_function(ANSWERED, arg=shown)
    return text


def play_to_end_from_list(page: Any, rng: random.Random, max_turns: int = 5000,
                          random_turns: int | None = None) -> int:
    """Play every turn from the list until the end; after ``random_turns`` random choices
    the person takes the last move listed (in Caravan: pass, so the match ends sooner)."""
    turns = 0
    while my_turn(page):
        choose_from_list(page, rng, last=random_turns is not None and turns >= random_turns)
        turns += 1
        assert turns < max_turns, "the match did not end"
    return turns


def toy_after_one_move(page: Any, target: int, seed: int) -> random.Random:
    """A toy match against the easy bot, one move played, my turn again: the middle of a
    game, for tests that interrupt one. Returns the person's random source."""
    create_match(page, "toy", ["me", "bot:@easy"], options={"target": target})
    rng = random.Random(seed)
    assert my_turn(page)
    choose_from_list(page, rng)
    assert my_turn(page)
    return rng
