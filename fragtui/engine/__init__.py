"""The rules engine: pure Python, no Textual and no Rich (a test proves it)."""
