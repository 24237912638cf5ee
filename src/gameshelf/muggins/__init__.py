"""muggins: rules engine (pure: no I/O)."""
