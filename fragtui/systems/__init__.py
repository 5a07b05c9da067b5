"""Each rule system's front end, registered in a module of its own (`fragtui.front_end.BUILTIN_FRONT_ENDS`): what
it shows and plays with, named and not imported, so the headless commands and the bots may look it up without
loading the interface."""
