"""The kinds of events Real-Time Frag tells, under one name: it adds none of its own.

They are the kernel's common kinds and two of Frag's. Its turn (`turn.py`) names them as `EventKind.X`, as it did
when one enum held every system's kinds (issue 32); this namespace keeps those names, each the registered kind
itself, until the turn names `CommonEventKind` and `FragEventKind` as the other systems do.
"""

from __future__ import annotations

from typing import Final

from fragtui.engine.events import CommonEventKind
from fragtui.engine.frag.events import FragEventKind

__all__ = ["RealTimeEventKinds"]


class RealTimeEventKinds:
    """Every kind of event Real-Time Frag's turn tells."""

    ATTACKED: Final = CommonEventKind.ATTACKED
    INITIATIVE: Final = CommonEventKind.INITIATIVE
    MOVED: Final = CommonEventKind.MOVED
    PASSED: Final = CommonEventKind.PASSED
    TURN_BEGAN: Final = CommonEventKind.TURN_BEGAN
    TURN_ENDED: Final = CommonEventKind.TURN_ENDED
    MOVEMENT_ROLLED: Final = FragEventKind.MOVEMENT_ROLLED
    RESPAWNED: Final = FragEventKind.RESPAWNED
