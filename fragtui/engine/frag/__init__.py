"""The rules of the base game of Frag (seed 001), one module per part of the game."""
