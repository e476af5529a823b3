"""`python -m bot`: the same as the `parlour` command (with no arguments: `parlour run`)."""

import sys

from bot.cli import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["run"]))
