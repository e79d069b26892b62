"""Match ids are typed at the command line, so none begins with a dash."""

from __future__ import annotations

import pytest

from camelcade.server import manager


def test_a_match_id_never_begins_with_a_dash(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = iter(["-leadingdash0000", "--twodashes00000", "plainid000000000"])
    monkeypatch.setattr(manager.secrets, "token_urlsafe", lambda size: next(drawn))
    assert manager.new_match_id() == "plainid000000000"


def test_match_ids_are_sixteen_url_safe_characters() -> None:
    ids = {manager.new_match_id() for _ in range(2000)}
    assert len(ids) == 2000
    assert all(len(i) == 16 and not i.startswith("-") for i in ids)
    assert set("".join(ids)) <= set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
