"""dollar: rules engine (pure: no I/O)."""
