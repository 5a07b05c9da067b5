"""Content: reads map and card files into the engine's own models, with clear errors."""
