"""Where the shipped maps and cards are, installed or in a checkout.

A wheel carries `maps/` and `cards/` inside the package as `fragtui/data/maps` and
`fragtui/data/cards` (see pyproject.toml); a source checkout or an editable install reads the
top-level folders directly. Everything that loads shipped content goes through `data_dir`.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


def data_dir(kind: str) -> Path:
    """The folder of shipped `kind` files (`"maps"` or `"cards"`)."""
    installed = _PACKAGE / "data" / kind
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / kind
