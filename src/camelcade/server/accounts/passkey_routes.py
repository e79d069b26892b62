"""``/api/me/passkeys``: adding, listing and removing passkeys, and signing in with one.

Every call is a write of this browser's session (the cookie and the page's CSRF token),
the sign-in's too: a challenge is bound to the session that asked for it, and a guest's
page always has one. Signing in with a passkey goes the way a password does
(``db.sign_in``: the browser's guest merged in, a new session, the old one ended), and
every refusal of a sign-in is one sentence, whatever failed — an unknown credential, a
forged or replayed answer, another site's origin, a counter that went back — so nobody
learns which credentials exist. Sign-ins share the limits of the other sign-ins.
"""

from __future__ import annotations

import time
from typing import Any

from fastapi import APIRouter, FastAPI, Request, Response
from pydantic import BaseModel, ConfigDict, Field
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import (
    base64url_to_bytes,
    bytes_to_base64url,
    options_to_json_dict,
    parse_authentication_credential_json,
    parse_client_data_json,
    parse_registration_credential_json,
)
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from camelcade.core.words import t
from camelcade.server.accounts import db
from camelcade.server.accounts import passkeys as keys
from camelcade.server.accounts.routes import ERRORS, MeOut, leave, me_out
from camelcade.server.accounts.web import Me, SignedIn, Writing, accounts_of
from camelcade.server.auth import hash_token
from camelcade.server.protocol import ErrorCode, ProtocolError
from camelcade.server.routes.deps import ServicesDep
from camelcade.server.schemas import SeatName
from camelcade.server.service import Services

router = APIRouter(prefix="/api/me/passkeys", tags=["accounts"], responses=ERRORS)
MALFORMED = (WebAuthnException, ValueError, TypeError, KeyError, AttributeError)
"""What py_webauthn raises on an answer that does not check out or does not parse."""


class PasskeyOut(BaseModel):
    id: str = Field(description="names the passkey in DELETE /api/me/passkeys/{id}")
    name: str
    created_at: float = Field(description="Unix seconds")
    used_at: float | None = Field(description="its last sign-in (Unix seconds); null: never")
    transports: list[str]


class PasskeysOut(BaseModel):
    passkeys: list[PasskeyOut]


def _out(found: keys.Passkey) -> PasskeyOut:
    return PasskeyOut(id=found.id, name=found.name, created_at=found.created_at,
                      used_at=found.used_at, transports=found.transports)


def _party(services: Services) -> keys.RelyingParty:
    party = keys.relying_party(services.settings)
    if party is None:
        raise ProtocolError(ErrorCode.ACTION_ILLEGAL, t(
            "This server offers no passkeys: its operator set no public address "
            "(CAMELCADE_SERVER_PUBLIC_URL), and passkeys are made for one."))
    return party


def _kept(me: Me) -> None:
    if not me.profile.kept:
        raise ProtocolError(ErrorCode.ACTION_ILLEGAL, t(
            "Add an e-mail address first: a passkey signs in to a kept profile."))


def _engine(services: Services) -> Any:
    return services.store.engine


def _challenge_of(credential: dict[str, Any]) -> bytes:
    """The challenge the browser signed, read from its client data (JSON, not CBOR)."""
    response = credential.get("response")
    if not isinstance(response, dict):
        raise ValueError("no response")
    return parse_client_data_json(base64url_to_bytes(str(response["clientDataJSON"]))
                                  ).challenge


@router.get("", summary="This profile's passkeys (names and times, never keys)")
async def list_passkeys(services: ServicesDep, me: SignedIn) -> PasskeysOut:
    found = await services.store.read(keys.passkeys_of, _engine(services), me.profile.id)
    return PasskeysOut(passkeys=[_out(one) for one in found])


@router.post("/options", summary="Options to make a passkey for this profile")
async def registration_options(services: ServicesDep, me: Writing) -> dict[str, Any]:
    """The ``publicKey`` of ``navigator.credentials.create()``, as JSON (binary fields in
    base64url): a discoverable credential, user verification preferred, no attestation."""
    _kept(me)
    party = _party(services)
    engine = _engine(services)
    held = await services.store.read(keys.credential_ids_of, engine, me.profile.id)
    if len(held) >= keys.MAX_PASSKEYS:
        raise ProtocolError(ErrorCode.ACTION_ILLEGAL, t(
            "This profile has {count} passkeys, the most it may have; remove one first.",
            count=keys.MAX_PASSKEYS))
    challenge = await services.store.write(keys.new_challenge, engine, me.session_hash,
                                           keys.REGISTER, time.time())
    options = generate_registration_options(
        rp_id=party.id, rp_name=party.name, user_id=bytes.fromhex(me.profile.id),
        user_name=me.profile.email or me.profile.name, user_display_name=me.profile.name,
        challenge=challenge, timeout=int(keys.CHALLENGE_SECONDS * 1000) // 2,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED,
            user_verification=UserVerificationRequirement.PREFERRED),
        exclude_credentials=[PublicKeyCredentialDescriptor(id=base64url_to_bytes(one))
                             for one in held])
    return options_to_json_dict(options)


class PasskeyMade(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: SeatName = Field(description="the player's name for it (the name rules)")
    credential: dict[str, Any] = Field(
        description="what navigator.credentials.create() gave, as JSON (base64url)")


def _not_added() -> ProtocolError:
    return ProtocolError(ErrorCode.MESSAGE_MALFORMED, t(
        "This passkey could not be added: the browser's answer did not check out, or it "
        "took longer than five minutes. Try again."))


@router.post("", summary="Keep a new passkey for this profile", status_code=201)
async def add_passkey(body: PasskeyMade, services: ServicesDep, me: Writing) -> PasskeyOut:
    _kept(me)
    party = _party(services)
    engine = _engine(services)
    try:
        challenge = _challenge_of(body.credential)
    except MALFORMED:
        raise _not_added() from None
    if not await services.store.write(keys.take_challenge, engine, challenge,
                                      me.session_hash, keys.REGISTER, time.time()):
        raise _not_added()
    try:
        answer = parse_registration_credential_json(body.credential)
        verified = verify_registration_response(
            credential=answer, expected_challenge=challenge, expected_rp_id=party.id,
            expected_origin=party.origin)
        transports = [str(kind.value) for kind in answer.response.transports or []]
    except MALFORMED:
        raise _not_added() from None
    made = await services.store.write(
        keys.add, engine, me.profile.id, bytes_to_base64url(verified.credential_id),
        verified.credential_public_key, verified.sign_count, transports, body.name,
        time.time())
    if made is None:
        raise ProtocolError(ErrorCode.ACTION_ILLEGAL, t(
            "This passkey is kept already; each device's passkey is added once."))
    return _out(made)


@router.delete("/{passkey_id}", summary="Remove one of this profile's passkeys")
async def remove_passkey(passkey_id: str, services: ServicesDep, me: Writing) -> PasskeysOut:
    engine = _engine(services)
    if len(passkey_id) > 32 or not await services.store.write(
            keys.remove, engine, me.profile.id, passkey_id):
        raise ProtocolError(ErrorCode.PLAYER_NOT_FOUND, t(
            "This profile has no such passkey; reload the page to see those it has."))
    found = await services.store.read(keys.passkeys_of, engine, me.profile.id)
    return PasskeysOut(passkeys=[_out(one) for one in found])


@router.post("/signin/options", summary="Options to sign this browser in with a passkey")
async def sign_in_options(request: Request, services: ServicesDep,
                          me: Writing) -> dict[str, Any]:
    """The ``publicKey`` of ``navigator.credentials.get()``: no credentials listed (the
    authenticator offers its own, discoverable ones), so the page may ask before anyone
    typed an address (conditional UI)."""
    party = _party(services)
    challenge = await services.store.write(keys.new_challenge, _engine(services),
                                           me.session_hash, keys.SIGN_IN, time.time())
    options = generate_authentication_options(
        rp_id=party.id, challenge=challenge,
        timeout=int(keys.CHALLENGE_SECONDS * 1000) // 2,
        user_verification=UserVerificationRequirement.PREFERRED)
    return options_to_json_dict(options)


class PasskeyUsed(BaseModel):
    model_config = ConfigDict(extra="forbid")
    credential: dict[str, Any] = Field(
        description="what navigator.credentials.get() gave, as JSON (base64url)")


def _refused() -> ProtocolError:
    return ProtocolError(ErrorCode.AUTH_BAD_LINK, t(
        "This passkey did not sign you in; try again, or sign in with an e-mail link."))


async def _verified(services: Services, me: Me, body: PasskeyUsed) -> str:
    """The profile a sign-in's answer proves, or ``_refused`` whatever went wrong."""
    party = _party(services)
    engine = _engine(services)
    try:
        challenge = _challenge_of(body.credential)
        answer = parse_authentication_credential_json(body.credential)
    except MALFORMED:
        raise _refused() from None
    if not await services.store.write(keys.take_challenge, engine, challenge,
                                      me.session_hash, keys.SIGN_IN, time.time()):
        raise _refused()
    credential_id = bytes_to_base64url(answer.raw_id)
    stored = await services.store.read(keys.credential, engine, credential_id)
    if stored is None:
        raise _refused()
    handle = answer.response.user_handle
    if handle is not None and handle != bytes.fromhex(stored.profile_id):
        raise _refused()
    try:
        verified = verify_authentication_response(
            credential=answer, expected_challenge=challenge, expected_rp_id=party.id,
            expected_origin=party.origin, credential_public_key=stored.public_key,
            credential_current_sign_count=stored.sign_count)
    except MALFORMED:
        raise _refused() from None
    if not await services.store.write(keys.signed_with, engine, credential_id,
                                      stored.sign_count, verified.new_sign_count,
                                      time.time()):
        raise _refused()
    return stored.profile_id


@router.post("/signin", summary="Sign this browser in with a passkey")
async def sign_in(body: PasskeyUsed, request: Request, response: Response,
                  services: ServicesDep, me: Writing) -> MeOut:
    accounts = accounts_of(request)
    accounts.limit(request)
    profile_id = await _verified(services, me, body)
    engine = _engine(services)
    token = await services.store.write(db.sign_in, engine, profile_id, me.profile.id,
                                       time.time())
    await leave(services, me)
    accounts.set_cookie(response, token)
    profile = await services.store.read(db.profile_by_id, engine, profile_id)
    assert profile is not None
    return me_out(request, profile, hash_token(token))


def install(app: FastAPI) -> None:
    app.include_router(router)
