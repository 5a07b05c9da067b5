"""The kinds of events Ruthless tells beyond the kernel's common ones (`CommonEventKind`); the `kind` of their JSON."""

from __future__ import annotations

from fragtui.engine.events import EventKind, register_event_kinds

__all__ = ["RuthlessEventKind"]


@register_event_kinds
class RuthlessEventKind(EventKind):
    """Ruthless's events: nerve, knock-outs, kills and skedaddles."""

    NERVE = "Nerve"
    """Ruthless (R-TOUGH-01, R-COUR-01): a model kept or lost his nerve, or got his courage up."""
    KNOCKED_OUT = "KnockedOut"
    """Ruthless (R-HIT-01, R-UNC-01): a model was knocked unconscious, or came round."""
    KILLED = "Killed"
    """Ruthless (R-HIT-02): a model or a horse was killed."""
    SKEDADDLED = "Skedaddled"
    """Ruthless (R-SKED-01): a posse skedaddled (or was wiped out) and the scenario ends."""
