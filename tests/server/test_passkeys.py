"""Passkeys (WebAuthn) on SQLite and PostgreSQL, answered by a software authenticator: an
EC P-256 key made here, whose attestation ("none") and assertions are built by hand in this
test only (the server leaves all checking to py_webauthn)."""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import struct
import time
from collections.abc import Iterator
from typing import Any

import cbor2
import pytest
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from sqlalchemy import create_engine, select, update

from camelcade.server.accounts.passkeys import relying_party
from camelcade.server.models import passkey_challenges, passkeys, profiles
from camelcade.server.settings import Settings
from tests.server.support import ServerThread
from tests.server.test_accounts import Browser, Mail, _error, _rows

UP, UV, AT = 0x01, 0x04, 0x40
"""The authenticator data's flags: user present, user verified, attested credential."""
REFUSED = "This passkey did not sign you in; try again, or sign in with an e-mail link."


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class SoftKey:
    """A passkey on a software authenticator: one credential, its key and its counter."""

    def __init__(self, rp_id: str = "localhost") -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.credential_id = secrets.token_bytes(32)
        self.rp_id = rp_id
        self.count = 0
        self.user_handle: bytes | None = None

    def _auth_data(self, flags: int, rp_id: str | None, extra: bytes = b"") -> bytes:
        rp_hash = hashlib.sha256((rp_id or self.rp_id).encode()).digest()
        return rp_hash + bytes([flags]) + struct.pack(">I", self.count) + extra

    @staticmethod
    def _client_data(kind: str, challenge: str, origin: str) -> bytes:
        return json.dumps({"type": kind, "challenge": challenge, "origin": origin,
                           "crossOrigin": False}).encode()

    def create(self, options: dict[str, Any], origin: str) -> dict[str, Any]:
        """What ``navigator.credentials.create()`` gives, as JSON: attestation "none"."""
        numbers = self.key.public_key().public_numbers()
        cose = cbor2.dumps({1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"),
                            -3: numbers.y.to_bytes(32, "big")})
        attested = (bytes(16) + struct.pack(">H", len(self.credential_id))
                    + self.credential_id + cose)
        self.user_handle = unb64(options["user"]["id"])
        auth_data = self._auth_data(UP | UV | AT, options["rp"]["id"], attested)
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
        client = self._client_data("webauthn.create", options["challenge"], origin)
        return {"id": b64(self.credential_id), "rawId": b64(self.credential_id),
                "type": "public-key", "clientExtensionResults": {},
                "response": {"clientDataJSON": b64(client),
                             "attestationObject": b64(attestation),
                             "transports": ["internal"]}}

    def get(self, options: dict[str, Any], origin: str, rp_id: str | None = None,
            count: int | None = None) -> dict[str, Any]:
        """What ``navigator.credentials.get()`` gives, as JSON, the counter raised (or set
        to ``count``)."""
        self.count = self.count + 1 if count is None else count
        auth_data = self._auth_data(UP | UV, rp_id or options["rpId"])
        client = self._client_data("webauthn.get", options["challenge"], origin)
        signature = self.key.sign(auth_data + hashlib.sha256(client).digest(),
                                  ec.ECDSA(hashes.SHA256()))
        return {"id": b64(self.credential_id), "rawId": b64(self.credential_id),
                "type": "public-key", "clientExtensionResults": {},
                "response": {"clientDataJSON": b64(client), "authenticatorData": b64(auth_data),
                             "signature": b64(signature),
                             "userHandle": b64(self.user_handle or b"")}}


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    if request.param == "postgresql":
        return str(request.getfixturevalue("postgres_url"))
    return f"sqlite:///{tmp_path / 'camelcade.db'}"


@pytest.fixture
def mail() -> Iterator[Mail]:
    served = Mail()
    yield served
    served.controller.stop()


@pytest.fixture
def server(db_url: str, mail: Mail) -> Iterator[ServerThread]:
    from tests.server.conftest import FAST_CLIENTS

    settings = Settings(database_url=db_url).with_changes(
        **FAST_CLIENTS, smtp_host="127.0.0.1", smtp_port=mail.port)
    running = ServerThread(settings).start()
    yield running
    running.stop()


@pytest.fixture
def origin(server: ServerThread) -> str:
    """Browsers refuse an IP address as an RP ID: on this computer the party is localhost."""
    return f"http://localhost:{server.port}"


@pytest.fixture
def browsers(server: ServerThread) -> Iterator[list[Browser]]:
    made = [Browser(server) for _ in range(3)]
    yield made
    for browser in made:
        browser.close()


def _kept(browser: Browser, mail: Mail, address: str = "ada@example.org") -> dict[str, Any]:
    """Keep the browser's guest profile with ``address`` (the mailed link), as a person does."""
    browser.me()
    assert browser.post("/api/me/link", {"email": address}).status_code == 200
    _, token = mail.link(0)
    signed = browser.post("/api/me/signin", {"token": token})
    assert signed.status_code == 200, signed.text
    return browser.me()


def _register(browser: Browser, key: SoftKey, origin: str, name: str = "My phone"
              ) -> dict[str, Any]:
    options = browser.post("/api/me/passkeys/options")
    assert options.status_code == 200, options.text
    made = browser.post("/api/me/passkeys", {"name": name,
                                             "credential": key.create(options.json(), origin)})
    assert made.status_code == 201, made.text
    found: dict[str, Any] = made.json()
    return found


def _sign_in_options(browser: Browser) -> dict[str, Any]:
    browser.me()
    asked = browser.post("/api/me/passkeys/signin/options")
    assert asked.status_code == 200, asked.text
    options: dict[str, Any] = asked.json()
    assert options["rpId"] == "localhost" and options.get("allowCredentials", []) == []
    return options


def test_the_relying_party_is_the_public_address_else_localhost() -> None:
    base = Settings(database_url="sqlite://")
    public = relying_party(base.with_changes(public_url="https://Games.example.org:8443/x"))
    assert public is not None
    assert (public.id, public.origin) == ("games.example.org", "https://games.example.org:8443")
    local = relying_party(base.with_changes(host="127.0.0.1", port=8123))
    assert local is not None and (local.id, local.origin) == ("localhost", "http://localhost:8123")
    assert relying_party(base.with_changes(host="0.0.0.0")) is None


def test_a_kept_profile_adds_a_passkey_and_another_browser_signs_in_with_it(
        server: ServerThread, browsers: list[Browser], mail: Mail, origin: str,
        db_url: str) -> None:
    ada, other, _ = browsers
    kept = _kept(ada, mail)
    profile = kept["profile"]
    assert kept["passkeys"] == "localhost"  # the page knows where passkeys work
    match_id = ada.join_new_match()
    key = SoftKey()
    made = _register(ada, key, origin)
    assert made["name"] == "My phone" and made["used_at"] is None
    assert made["transports"] == ["internal"]
    listed = ada.http.get("/api/me/passkeys").json()["passkeys"]
    assert [p["id"] for p in listed] == [made["id"]]
    stored = _rows(db_url, passkeys)
    assert len(stored) == 1 and stored[0].credential_id == b64(key.credential_id)
    assert stored[0].profile_id == profile["id"] and stored[0].sign_count == 0
    assert _rows(db_url, passkey_challenges) == []  # the challenge was used up
    # Another browser, a guest of its own, signs in with the passkey: the same profile.
    guest_id = other.me()["profile"]["id"]
    options = _sign_in_options(other)
    signed = other.post("/api/me/passkeys/signin", {"credential": key.get(options, origin)})
    assert signed.status_code == 200, signed.text
    assert signed.json()["profile"]["id"] == profile["id"]
    assert "set-cookie" in signed.headers
    assert other.me()["profile"]["email"] == "ada@example.org"
    mine = other.http.get("/api/me/matches").json()["matches"]
    assert [(m["match_id"], m["seat"]) for m in mine] == [(match_id, 0)]
    assert guest_id not in {row.id for row in _rows(db_url, profiles)}  # merged, as by link
    used = ada.http.get("/api/me/passkeys").json()["passkeys"][0]
    assert used["used_at"] is not None
    assert _rows(db_url, passkeys)[0].sign_count == 1


def test_a_guest_may_not_add_a_passkey(server: ServerThread, browsers: list[Browser]) -> None:
    guest = browsers[0]
    guest.me()
    message = _error(guest.post("/api/me/passkeys/options"), 422, "action/illegal")
    assert "e-mail address first" in message
    german = _error(guest.post("/api/me/passkeys/options?lang=de"), 422, "action/illegal")
    assert german != message and "E-Mail" in german


def test_a_sign_count_that_goes_back_is_refused(
        server: ServerThread, browsers: list[Browser], mail: Mail, origin: str,
        db_url: str) -> None:
    ada, other, _ = browsers
    _kept(ada, mail)
    key = SoftKey()
    _register(ada, key, origin)
    options = _sign_in_options(other)
    assert other.post("/api/me/passkeys/signin",
                      {"credential": key.get(options, origin, count=5)}).status_code == 200
    third = browsers[2]
    options = _sign_in_options(third)
    cloned = key.get(options, origin, count=3)  # a cloned authenticator, behind the count
    answer = third.post("/api/me/passkeys/signin", {"credential": cloned})
    assert _error(answer, 400, "auth/bad_link") == REFUSED
    assert third.me()["profile"]["kept"] is False
    assert _rows(db_url, passkeys)[0].sign_count == 5


def test_a_challenge_is_used_once(
        server: ServerThread, browsers: list[Browser], mail: Mail, origin: str) -> None:
    ada, other, _ = browsers
    _kept(ada, mail)
    key = SoftKey()
    _register(ada, key, origin)
    options = _sign_in_options(other)
    first = key.get(options, origin)
    assert other.post("/api/me/passkeys/signin", {"credential": first}).status_code == 200
    other.me()
    again = key.get(options, origin)  # a fresh signature, a higher count, the old challenge
    assert _error(other.post("/api/me/passkeys/signin", {"credential": again}), 400,
                  "auth/bad_link") == REFUSED
    # A registration's challenge does not sign in, nor a challenge another session asked for.
    third = browsers[2]
    third.me()
    stolen = key.get(_sign_in_options(ada), origin)
    assert _error(third.post("/api/me/passkeys/signin", {"credential": stolen}), 400,
                  "auth/bad_link") == REFUSED


def test_an_expired_challenge_is_refused(
        server: ServerThread, browsers: list[Browser], mail: Mail, origin: str,
        db_url: str) -> None:
    ada, other, _ = browsers
    _kept(ada, mail)
    key = SoftKey()
    _register(ada, key, origin)
    options = _sign_in_options(other)
    engine = create_engine(db_url)
    with engine.begin() as conn:
        conn.execute(update(passkey_challenges).values(expires_at=time.time() - 1))
    engine.dispose()
    assert _error(other.post("/api/me/passkeys/signin",
                             {"credential": key.get(options, origin)}), 400,
                  "auth/bad_link") == REFUSED


def test_another_origin_or_relying_party_is_refused(
        server: ServerThread, browsers: list[Browser], mail: Mail, origin: str) -> None:
    ada, other, _ = browsers
    _kept(ada, mail)
    key = SoftKey()
    _register(ada, key, origin)
    for wrong in ({"origin": "https://evil.example"}, {"origin": f"{origin}.evil.example"},
                  {"origin": origin, "rp_id": "evil.example"}):
        options = _sign_in_options(other)
        answer = key.get(options, wrong["origin"], rp_id=wrong.get("rp_id"))
        assert _error(other.post("/api/me/passkeys/signin", {"credential": answer}), 400,
                      "auth/bad_link") == REFUSED, wrong
    assert other.me()["profile"]["kept"] is False
    # Registration checks the origin too.
    options = ada.post("/api/me/passkeys/options").json()
    made = ada.post("/api/me/passkeys", {"name": "Evil", "credential": SoftKey().create(
        options, "https://evil.example")})
    assert "could not be added" in _error(made, 422, "message/malformed")
    assert len(ada.http.get("/api/me/passkeys").json()["passkeys"]) == 1


def test_an_unknown_credential_gets_the_same_answer_as_any_failed_sign_in(
        server: ServerThread, browsers: list[Browser], mail: Mail, origin: str) -> None:
    ada, other, _ = browsers
    _kept(ada, mail)
    _register(ada, SoftKey(), origin)
    stranger = SoftKey()
    stranger.user_handle = bytes(16)
    answer = stranger.get(_sign_in_options(other), origin)
    unknown = other.post("/api/me/passkeys/signin", {"credential": answer})
    assert unknown.status_code == 400
    forged = other.post("/api/me/passkeys/signin", {"credential": {"id": "x"}})
    assert unknown.json() == forged.json() == {
        "error": {**unknown.json()["error"], "code": "auth/bad_link", "message": REFUSED}}


def test_passkey_writes_without_the_csrf_token_are_refused(
        server: ServerThread, browsers: list[Browser], mail: Mail, origin: str) -> None:
    ada, other, _ = browsers
    _kept(ada, mail)
    key = SoftKey()
    made = _register(ada, key, origin)
    for path in ("/api/me/passkeys/options", "/api/me/passkeys/signin/options"):
        _error(ada.http.post(path), 403, "auth/csrf")
    _error(ada.http.delete(f"/api/me/passkeys/{made['id']}"), 403, "auth/csrf")
    _error(ada.post("/api/me/passkeys/options", Origin="https://evil.example"), 403,
           "auth/csrf")
    options = _sign_in_options(other)
    bare = other.http.post("/api/me/passkeys/signin",
                           json={"credential": key.get(options, origin)})
    _error(bare, 403, "auth/csrf")
    assert other.me()["profile"]["kept"] is False
    assert len(ada.http.get("/api/me/passkeys").json()["passkeys"]) == 1


def test_passkey_sign_ins_share_the_sign_in_limits(
        server: ServerThread, browsers: list[Browser]) -> None:
    browser = browsers[0]
    browser.me()
    statuses = []
    for _ in range(30):
        statuses.append(browser.post("/api/me/passkeys/signin",
                                     {"credential": {"id": "x"}}).status_code)
    assert statuses[0] == 400 and statuses[-1] == 429 and set(statuses) == {400, 429}


def test_removing_a_passkey_and_deleting_the_profile(
        server: ServerThread, browsers: list[Browser], mail: Mail, origin: str,
        db_url: str) -> None:
    ada, other, _ = browsers
    _kept(ada, mail)
    phone, laptop = SoftKey(), SoftKey()
    first = _register(ada, phone, origin, "Phone")
    second = _register(ada, laptop, origin, "Laptop")
    data = json.loads(ada.http.get("/api/me/data").text)
    assert [(k["id"], k["name"]) for k in data["passkeys"]] == [
        (first["id"], "Phone"), (second["id"], "Laptop")]
    assert "public_key" not in json.dumps(data)
    # The same device once only.
    options = ada.post("/api/me/passkeys/options").json()
    assert unb64(options["excludeCredentials"][0]["id"]) == phone.credential_id
    again = ada.post("/api/me/passkeys", {"name": "Phone 2",
                                          "credential": phone.create(options, origin)})
    _error(again, 422, "action/illegal")
    left = ada.http.delete(f"/api/me/passkeys/{first['id']}",
                           headers={"X-CSRF-Token": ada.csrf})
    assert left.status_code == 200, left.text
    assert [p["name"] for p in left.json()["passkeys"]] == ["Laptop"]
    _error(ada.http.delete(f"/api/me/passkeys/{first['id']}",
                           headers={"X-CSRF-Token": ada.csrf}), 404, "player/not_found")
    # A removed passkey signs nobody in.
    options = _sign_in_options(other)
    assert _error(other.post("/api/me/passkeys/signin",
                             {"credential": phone.get(options, origin)}), 400,
                  "auth/bad_link") == REFUSED
    # Another profile cannot remove Ada's.
    other.me()
    _error(other.http.delete(f"/api/me/passkeys/{second['id']}",
                             headers={"X-CSRF-Token": other.csrf}), 404, "player/not_found")
    assert ada.http.request("DELETE", "/api/me",
                            headers={"X-CSRF-Token": ada.csrf}).status_code == 200
    assert _rows(db_url, passkeys) == []
    engine = create_engine(db_url)
    with engine.connect() as conn:
        assert conn.execute(select(passkey_challenges)).all() == []
    engine.dispose()


def test_a_session_asking_again_and_again_keeps_a_few_challenges(
        server: ServerThread, browsers: list[Browser], mail: Mail, origin: str,
        db_url: str) -> None:
    ada = browsers[0]
    _kept(ada, mail)
    key = SoftKey()
    first = ada.post("/api/me/passkeys/options").json()
    for _ in range(12):
        assert ada.post("/api/me/passkeys/options").status_code == 200
        assert ada.post("/api/me/passkeys/signin/options").status_code == 200
    rows = _rows(db_url, passkey_challenges)
    assert sorted(row.purpose for row in rows) == ["register"] * 4 + ["signin"] * 4
    made = ada.post("/api/me/passkeys", {"name": "Old", "credential": key.create(first, origin)})
    assert "could not be added" in _error(made, 422, "message/malformed")  # its challenge went
