"""Seat names (issue 13, finding 3): printable text only, and the terminal escapes anyway.

A name with ESC, CR and LF once cleared the screen of ``camelcade online lobby`` and
printed a fake "Your turn." for the screen-reader users the client is written for.
"""

from __future__ import annotations

import re
import unicodedata

import pytest
from typer.testing import CliRunner

from camelcade.cli import online
from camelcade.cli.main import app
from tests.server.support import Api, ServerThread

ATTACK = "\u001b[2J\u2026\nYour turn."
MAX_NAME_CHARS = 32


@pytest.mark.parametrize(("name", "names_the_character"), [
    (ATTACK, "U+001B (escape)"),  # the name from the issue
    ("Ann\rBob", "U+000D (carriage return)"),
    ("Ann\tBob", "U+0009"),
    ("Ann\u202eboB", "U+202E (right-to-left override)"),
    ("Ann\u200bBob", "U+200B (zero width space)"),
    ("Ann\u2028Bob", "U+2028 (line separator)"),
    ("Ann\u00a0Bob", "U+00A0 (no-break space)"),
    ("Ann\ue000", "U+E000"),
])
def test_names_with_control_format_or_invisible_characters_are_refused(
    name: str, names_the_character: str
) -> None:
    from camelcade.server.names import check_name

    with pytest.raises(ValueError, match="no control characters") as refused:
        check_name(name)
    assert names_the_character in str(refused.value)


def test_names_are_nfc_trimmed_and_at_most_32_characters() -> None:
    from camelcade.server.names import check_name

    decomposed = "Jose\u0301"
    assert check_name(decomposed) == "Jos\u00e9" == unicodedata.normalize("NFC", decomposed)
    assert check_name("  Ann Lee ") == "Ann Lee"
    assert check_name("渡辺 🐪") == "渡辺 🐪"
    assert check_name("x" * MAX_NAME_CHARS) == "x" * MAX_NAME_CHARS
    with pytest.raises(ValueError, match=r"^This name is 33 characters long; a name can have "
                                         r"at most 32\.$"):
        check_name("x" * 33)
    with pytest.raises(ValueError, match="empty"):
        check_name("   ")


FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467"
"""👨‍👩‍👧: five code points (three people joined by two zero-width joiners), one character."""
SCOTLAND = "\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F"
NAMES_IN_SCRIPTS = [
    FAMILY, FAMILY + " Ann", SCOTLAND, "नमस्ते दुनिया", "مهدی\u200cزاده", "Ελένη Παπαδοπούλου",
    "Сергей", "김민준", "ধ্রুব", "ஸ்ரீநிவாசன்", "שרה", "ምኒልክ", "🇩🇰 Søren", "Zoë Ångström",
]


@pytest.mark.parametrize("name", NAMES_IN_SCRIPTS)
def test_names_in_any_script_and_joined_emoji_are_allowed(name: str) -> None:
    from camelcade.server.names import check_name

    assert check_name(name) == unicodedata.normalize("NFC", name)


def test_length_is_counted_in_user_perceived_characters() -> None:
    """32 families (160 code points) are 32 characters; a 33rd is refused, as are 33
    Devanagari clusters of two code points each; one Devanagari word is 3, not 6."""
    from camelcade.server.names import characters, check_name

    assert len(FAMILY) == 5 and characters(FAMILY) == [FAMILY]
    assert len(characters("नमस्ते")) == 3
    assert check_name(FAMILY * 32) == FAMILY * 32
    assert check_name(SCOTLAND * 32) == SCOTLAND * 32
    for long in (FAMILY * 33, "नि" * 33, "x" * 40):
        with pytest.raises(ValueError, match="characters long; a name can have at most 32"):
            check_name(long)
    with pytest.raises(ValueError, match="too many marks"):  # Zalgo: 1 character, 301 points
        check_name("a" + "\u0301\u0302\u0303" * 100)


@pytest.mark.parametrize(("name", "names_the_character"), [
    ("\u200dAnn", "U+200D (zero width joiner)"),  # a joiner that joins nothing
    ("Ann\U000E0067\U000E0067", "U+E0067"),  # tag characters hiding text after a letter
    ("\U000E0067", "U+E0067"),
])
def test_joiners_and_tags_only_inside_a_character(name: str, names_the_character: str) -> None:
    from camelcade.server.names import check_name

    with pytest.raises(ValueError, match=re.escape(names_the_character)):
        check_name(name)


def test_seat_names_of_any_script_play_and_a_long_one_is_refused_in_players_words(
    api: Api
) -> None:
    """Created and joined with 👨‍👩‍👧 and Devanagari; 33 families are refused without
    a field path ("Invalid request: body.name: ..."), in German when the page is."""
    created = api.http.post("/api/matches", json={
        "game": "kamelen", "seats": [{"kind": "open"}, {"kind": "open"}],
        "join": {"seat": 0, "name": FAMILY}})
    assert created.status_code == 201, created.text
    match_id = created.json()["match"]["id"]
    api.join(match_id, 1, "नमस्ते " + FAMILY * 20)
    seats = api.match(match_id)["seats"]
    assert [s["name"] for s in seats] == [FAMILY, "नमस्ते " + FAMILY * 20]
    assert api.match(match_id)["status"] == "open"
    other = api.create("kamelen")["match"]["id"]
    for lang, said in (("en", "This name is 33 characters long; a name can have at most 32."),
                       ("de", "Dieser Name ist 33 Zeichen lang")):
        refused = api.http.post(f"/api/matches/{other}/seats/0?lang={lang}",
                                json={"name": FAMILY * 33})
        assert api.error(refused) == "message/malformed"
        message = refused.json()["error"]["message"]
        assert message.startswith(said) and "body" not in message and "Invalid" not in message



def test_the_server_refuses_such_names_on_create_and_join_and_stores_nfc(api: Api) -> None:
    created = api.http.post("/api/matches", json={
        "game": "kamelen", "seats": [{"kind": "open", "name": ATTACK}, {}]})
    assert api.error(created) == "message/malformed"
    message = created.json()["error"]["message"]
    assert "name" in message and "no control characters" in message
    match_id = api.create("kamelen")["match"]["id"]
    joined = api.http.post(f"/api/matches/{match_id}/seats/0", json={"name": ATTACK})
    assert api.error(joined) == "message/malformed"
    assert not api.match(match_id)["seats"][0]["taken"]
    api.join(match_id, 0, "Jose\u0301")
    assert api.match(match_id)["seats"][0]["name"] == "Jos\u00e9"


def test_the_terminal_shows_control_characters_as_escapes() -> None:
    shown, lobby_lines = online.shown, online.lobby_lines
    assert shown(ATTACK) == "\\x1b[2J\u2026\\nYour turn."
    assert shown("a\u202eb") == "a\\u202eb"
    assert shown("Board:\nrow 1\x07", multiline=True) == "Board:\nrow 1\\x07"
    lines = lobby_lines([{"id": "m1", "game": "kamelen", "status": "open", "seats": [
        {"seat": 0, "kind": "human", "name": ATTACK, "taken": True},
        {"seat": 1, "kind": "open", "name": None, "taken": False}]}])
    assert lines == ["m1  kamelen  open  seats: 0 \\x1b[2J\u2026\\nYour turn., 1 open"]


def test_a_session_never_prints_a_raw_control_character() -> None:
    said: list[str] = []
    session = online.OnlineSession("ws://unused", None, say=said.append, ask=input)
    session.seat = 1
    seats = [{"seat": 0, "kind": "human", "name": ATTACK, "taken": True, "connected": True}]
    session._presence(seats)
    session._presence([{**seats[0], "connected": False}])
    session._handle({"type": "error", "code": "action/illegal",
                     "message": "no action 'x\u001b[2J'"}, socket=None)
    assert said == ["\\x1b[2J\u2026\\nYour turn. left.",
                    "Refused: no action 'x\\x1b[2J' (action/illegal)"]
    assert not any("\u001b" in line or "\r" in line for line in said)


def test_online_lobby_escapes_a_name_stored_before_the_rule(server: ServerThread,
                                                            api: Api) -> None:
    match_id = api.create("kamelen")["match"]["id"]
    with server.app.state.services.store.engine.begin() as conn:
        conn.exec_driver_sql("UPDATE seats SET name = ?, kind = 'human', token_hash = 'x' "
                             "WHERE match_id = ? AND seat = 0", (ATTACK, match_id))
    result = CliRunner().invoke(app, ["online", "lobby", "--server", server.base])
    assert result.exit_code == 0, result.output
    line = next(line for line in result.output.splitlines() if line.startswith(match_id))
    assert "0 \\x1b[2J\u2026\\nYour turn." in line
    assert "\u001b" not in result.output and "\nYour turn." not in result.output
