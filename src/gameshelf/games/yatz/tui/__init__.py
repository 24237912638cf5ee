"""The Yatz screens of the terminal app."""
