"""The gates (``turns.Gate``): a few a turn of the event loop, other work in between."""

from __future__ import annotations

import asyncio
import functools
import itertools

from camelcade.server.turns import Gate


def _longest_run(order: list[str], prefix: str) -> int:
    return max((len(list(run)) for key, run in itertools.groupby(order, lambda x: x[0])
                if key == prefix), default=0)


def test_a_crowd_passes_a_few_a_turn_with_other_work_between() -> None:
    async def main() -> list[str]:
        gate = Gate(per_turn=3)
        order: list[str] = []

        async def spectator(index: int) -> None:
            await gate.turn()
            order.append(f"s{index}")

        async def seat() -> None:  # other work: one step every turn of the loop
            for step in range(12):
                order.append(f"p{step}")
                await asyncio.sleep(0)

        await asyncio.gather(*(spectator(i) for i in range(20)), seat())
        return order

    order = asyncio.run(main())
    assert sorted(x for x in order if x[0] == "s") == sorted(f"s{i}" for i in range(20))
    assert _longest_run(order, "s") <= 3  # never more than a turn's worth in a row
    assert [x for x in order if x[0] == "s"] == [f"s{i}" for i in range(20)]  # in order


def test_a_sender_that_gave_up_waiting_takes_no_turn() -> None:
    async def main() -> list[int]:
        gate = Gate(per_turn=1)
        passed: list[int] = []

        async def spectator(index: int) -> None:
            await gate.turn()
            passed.append(index)

        tasks = [asyncio.create_task(spectator(i)) for i in range(4)]
        await asyncio.sleep(0)  # every one is waiting
        tasks[1].cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        return passed

    assert asyncio.run(main()) == [0, 2, 3]


# -- callbacks: the hand-shakes' gate (wsprotocol.py) ---------------------------------


def test_hand_shakes_pass_a_few_a_turn_in_order_with_other_work_between() -> None:
    """200 spectators reconnecting at once had uvicorn run 200 hand-shakes in one turn
    of the loop (40-60 ms under the attack benchmark); now a few pass a turn."""
    async def main() -> list[str]:
        gate = Gate(per_turn=3)
        order: list[str] = []

        async def seat() -> None:
            for step in range(10):
                order.append(f"p{step}")
                await asyncio.sleep(0)

        other = asyncio.create_task(seat())
        for index in range(20):  # all arriving in the same turn
            gate.run(functools.partial(order.append, f"h{index}"))
        await other
        await asyncio.sleep(0)
        return order

    order = asyncio.run(main())
    assert order[:3] == ["h0", "h1", "h2"]  # the turn's share runs at once
    assert [x for x in order if x[0] == "h"] == [f"h{i}" for i in range(20)]
    assert _longest_run(order, "h") <= 3


def test_a_broken_hand_shake_does_not_stop_the_ones_after_it() -> None:
    async def main() -> list[int]:
        gate = Gate(per_turn=1)
        ran: list[int] = []

        def broken() -> None:
            raise RuntimeError("a client's garbage")

        gate.run(lambda: ran.append(0))
        gate.run(broken)
        gate.run(lambda: ran.append(2))
        for _ in range(4):
            await asyncio.sleep(0)
        return ran

    assert asyncio.run(main()) == [0, 2]
