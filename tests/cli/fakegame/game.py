"""A dos de Chameau under another id, so the CLI finds this package's companion modules."""

from __future__ import annotations

from typing import ClassVar

from camelcade.games.a_dos_de_chameau.game import ADosDeChameau

FAKE_ID = "fake-camels"


class FakeCamels(ADosDeChameau):
    id: ClassVar[str] = FAKE_ID
    title: ClassVar[str] = "Fake Camels"
