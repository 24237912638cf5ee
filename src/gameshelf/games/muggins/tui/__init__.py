"""The Muggins screens of the terminal app."""
