"""The screens of Ruthless, the Western skirmish game (issue 19) (its front end is registered in
`fragtui/systems/ruthless.py`)."""
