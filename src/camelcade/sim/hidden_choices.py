"""Every hidden choice in the lab's records, described by its game for the choice model.

The fitting of :mod:`camelcade.bots.choices` needs the states the records pass through;
replaying records is the lab's business (a game, and the bots, sit below it), so this
small piece lives here.
"""

from __future__ import annotations

from collections.abc import Iterable

from camelcade.bots.choices import Describe, Moment
from camelcade.records import Record, replay


def moments_in(records: Iterable[Record], describe: Describe) -> list[tuple[int, Moment]]:
    """Every hidden choice in ``records``, with the index of the record it came from
    (so records, not moments, are split between fitting and testing)."""
    found: list[tuple[int, Moment]] = []
    for index, record in enumerate(records):
        state = replay(record, upto=0)
        for text in record.actions:
            action = state.parse_action(text)
            if not state.is_chance():
                moment = describe(state, action)
                if moment is not None:
                    found.append((index, moment))
            state.apply(action)
    return found
