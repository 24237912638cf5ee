"""``python -m gameshelf``: the same as the ``gameshelf`` command."""

from gameshelf.cli import main

if __name__ == "__main__":
    main()
