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


def test_every_new_match_row_is_open_at_step_zero_with_its_own_id_and_seed() -> None:
    """Created matches and rematches both take their row from ``open_match_row``."""
    rows = [manager.open_match_row("toy", {"target": 12}, now=5.0, creator="c", bot_only=False,
                                   auto_start=True, turn_seconds=None, on_timeout="bot",
                                   timeout_bot="random", rematch_of="old")
            for _ in range(50)]
    assert len({row.id for row in rows}) == len({row.seed for row in rows}) == 50
    row = rows[0]
    assert (row.status, row.state_id, row.created_at, row.updated_at) == ("open", 0, 5.0, 5.0)
    assert (row.rematch_of, row.host_hash, row.rematch_id, row.result) == ("old", None, None, None)
