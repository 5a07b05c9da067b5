"""The screens of Ruthless, the Western skirmish game (issue 19)."""
