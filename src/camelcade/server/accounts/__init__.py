"""Accounts that start as a guest (issue 28, item 1).

A browser's first visit to a page makes a *guest profile* (a display name and a language)
and a session cookie: nobody fills a form to play. The guest *keeps* the profile by adding
an e-mail address, through a sign-in link e-mailed to it; the same link signs in any other
browser, which then finds every seat of the profile. A password and passkeys are optional.

* ``db``: the tables' reads and writes (blocking; run through ``Store.read``/``write``).
* ``web``: the session cookie, CSRF tokens, rate limits and the FastAPI dependencies.
* ``mail``: the sign-in mail, sent with aiosmtplib.
* ``routes``: ``/api/me/...``.
* ``passkeys``: WebAuthn's relying party, single-use challenges and stored credentials;
  ``passkey_routes``: ``/api/me/passkeys/...`` (py_webauthn checks every answer).

Seats belong to profiles (``seats.profile_id``); a signed-in browser is handed a seat token
derived from the server's key (``auth.profile_seat_token``), so the rest of the server, the
share link and hot-seat play go on with seat tokens exactly as before.
"""
