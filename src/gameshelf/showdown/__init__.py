"""showdown: rules engine (pure: no I/O)."""
