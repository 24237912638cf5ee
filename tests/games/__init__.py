"""Games that live only under tests/: each a folder shaped as a real game's."""
