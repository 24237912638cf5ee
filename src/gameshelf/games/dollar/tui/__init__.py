"""The One Dollar Pinball screens of the terminal app."""
