"""Tests of the Ruthless heuristic bot (fragtui/bots/ruthless)."""
