"""``/learn/<game>`` and its two calls: the course as the page draws it (no answers in
it), the verdict on a move in the page's language, refusals that name what is allowed,
and the lobby's and the rules page's links."""

from __future__ import annotations

from camelcade.core.learn import course
from tests.server.support import Api


def test_the_course_gives_each_lesson_its_position_and_moves_but_not_the_answer(
        api: Api) -> None:
    response = api.http.get("/api/web/learn/kamelen")
    assert response.status_code == 200, response.text
    data = response.json()
    lessons = data["lessons"]
    assert [lesson["id"] for lesson in lessons] == [
        lesson.id for lesson in course("kamelen").lessons]
    first = lessons[0]
    assert first["number"] == 1 and first["count"] == len(lessons) and first["seat"] == 0
    assert first["board"]["rows"] and first["description"]
    assert {"e2-f5", "e2-d5"} <= {move["action"] for move in first["legal"]}
    assert all(move["description"] for move in first["legal"])
    assert "moves" not in first and "right" not in first
    assert data["first_game"]["level"] == "easy" and data["first_game"]["advisor"]


def test_a_verdict_in_the_page_s_language(api: Api) -> None:
    right = api.http.post("/api/web/learn/kamelen/camel-leap", json={"move": "e2-f5"})
    assert right.status_code == 200 and right.json()["kind"] == "right"
    weaker = api.http.post("/api/web/learn/kamelen/1?lang=de", json={"move": "e2-d5"})
    assert weaker.json()["kind"] == "weaker"
    assert weaker.json()["text"].startswith("e2-d5 ist erlaubt, erreicht aber das Ziel nicht.")
    illegal = api.http.post("/api/web/learn/camel-drive/bet", json={"move": "draw"})
    assert illegal.json()["kind"] == "illegal" and "bet yellow" in illegal.json()["text"]


def test_refusals_name_what_is_allowed(api: Api) -> None:
    unknown = api.http.post("/api/web/learn/kamelen/nope", json={"move": "e2-f5"})
    assert unknown.status_code == 404 and "camel-leap" in unknown.json()["error"]["message"]
    none = api.http.get("/api/web/learn/a-dos-de-chameau")
    assert none.status_code == 404 and "kamelen" in none.json()["error"]["message"]
    nothing = api.http.post("/api/web/learn/kamelen/1", json={"move": " "})
    assert nothing.status_code == 422
    assert "characters" in nothing.json()["error"]["message"]


def test_the_page_the_lobby_and_the_rules_link(api: Api) -> None:
    page = api.http.get("/learn/camel-drive?lang=fr")
    assert page.status_code == 200 and 'src="/static/js/learn.js"' in page.text
    assert "<h1 id=\"learn-title\">Apprendre à jouer</h1>" in page.text
    assert api.http.get("/learn/a-dos-de-chameau").status_code == 404
    games = {g["id"]: g for g in api.http.get("/api/web/games").json()}
    assert games["kamelen"]["learn"] == "/learn/kamelen"
    assert games["caravan"]["learn"] == "/learn/caravan"
    assert games["a-dos-de-chameau"]["learn"] is None
    rules = api.http.get("/rules/kamelen").text
    assert '<a href="/learn/kamelen">Learn to play Kamelen</a>' in rules
