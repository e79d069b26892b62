"""Every ``/api/`` answer is ``Cache-Control: no-store``: a reload of the lobby showed a
list the browser had kept (the outside review's stale lobby), so no answer is kept."""

from __future__ import annotations

from tests.server.support import Api


def test_api_answers_are_never_stored(api: Api) -> None:
    created = api.create()
    match_id = created["match"]["id"]
    for address in ("/api/matches", "/api/games", f"/api/matches/{match_id}",
                    "/api/web/games", "/api/matches/nope", "/api/nothing-here"):
        response = api.http.get(address)
        assert response.headers.get("cache-control") == "no-store", address
    refused = api.http.post("/api/matches", json={"game": "nope"})
    assert refused.status_code >= 400
    assert refused.headers.get("cache-control") == "no-store"


def test_pages_and_scripts_keep_their_own_revalidation(api: Api) -> None:
    for address in ("/", "/static/js/lobby.js"):
        response = api.http.get(address)
        assert response.status_code == 200
        assert response.headers.get("cache-control") != "no-store", address
