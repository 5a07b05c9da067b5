"""What Textual keeps after a screen or a session has gone, and how a server lets it go.

Locally an app runs once and its process ends with it, so nothing Textual holds for a process's
lifetime matters. A server runs app after app in one process, and a session browses screen after
screen; two of Textual's habits then kept what should have gone, for good (issue 31: RSS grew
~1.8 MB per visit to the map browser, and was never given back):

- **Caches on methods.** `StylesCache.get_inner_outer` is an `lru_cache` on a method: its keys
  hold `self`, in one cache the whole process shares, so every widget's styles cache (with the
  lines it rendered) stayed there, up to 1024 of them, after its app had ended. The function never
  reads `self` (two background styles from two colours): here it is cached on the colours alone.
  (The input parser's cache is the same habit; the driver parses with a parser without it,
  `driver.SessionParser`.)
- **Watchers of closed widgets.** A widget watching another's reactive (`self.watch(...)`,
  `data_bind`) is kept in the watched object's list until the watched value *changes*. The app's
  title never changes and a screen's footer never changes its `compact`: every `Header` of every
  screen opened, and every key of every footer redrawn, stayed (each with its screen's widgets)
  for as long as the session lasted. Here a new watcher first drops those of closed widgets, so
  the list holds the live ones and at most one redraw's worth more.

Imported by `fragtui.serve.app`: only a served process changes Textual so.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

import textual.dom
from textual._styles_cache import StylesCache
from textual.message_pump import MessagePump

__all__ = ["forget_closed_watchers"]

_inner_outer = lru_cache(1024)(StylesCache.get_inner_outer.__wrapped__)


def _get_inner_outer(cache: StylesCache, base_background: object, background: object) -> Any:
    """`StylesCache.get_inner_outer`, cached without the styles cache it was asked on."""
    return _inner_outer(None, base_background, background)


def forget_closed_watchers(watched: object, attribute: str | None = None) -> None:
    """Drop from `watched`'s watchers (of `attribute`, or of all) those of widgets that have closed:
    what Textual's `Reactive._check_watchers` does, but only when the value changes."""
    watchers: dict[str, list[tuple[MessagePump, object]]] = getattr(watched, "__watchers", {})
    for name, listed in watchers.items():
        if attribute is None or name == attribute:
            listed[:] = [(node, callback) for node, callback in listed if not (node._closing or node._closed)]


_textual_watch: Callable[..., None] = textual.dom._watch  # type: ignore[attr-defined]


def _watch(node: Any, obj: Any, attribute_name: str, callback: Any, *, init: bool = True) -> None:
    """Textual's `_watch`, after the closed widgets' watchers of the same value are forgotten."""
    forget_closed_watchers(obj, attribute_name)
    _textual_watch(node, obj, attribute_name, callback, init=init)


StylesCache.get_inner_outer = _get_inner_outer  # type: ignore[method-assign,assignment]
textual.dom._watch = _watch  # type: ignore[attr-defined]  # DOMNode.watch and data_bind look it up there
