"""yatz: rules engine (pure: no I/O)."""
