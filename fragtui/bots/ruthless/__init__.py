"""The heuristic computer player for Ruthless (`RuthlessBot`): see bot.py, and docs/bots.md "Ruthless"."""

from __future__ import annotations

from fragtui.bots.ruthless.bot import RuthlessBot

__all__ = ["RuthlessBot"]
