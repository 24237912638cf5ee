"""The Pinball Showdown screens of the terminal app."""
