"""The Textual interface: screens and widgets over the engine; no rules inside."""
