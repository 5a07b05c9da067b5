"""Saves and replays: a game is its configuration, seed and actions, written so nothing is lost."""
