"""`python -m fragtui`: the same as the `fragtui` command."""

from fragtui.cli import main

raise SystemExit(main())
