"""``python -m riichi``: the same command line as ``riichi``."""

import sys

from riichi.cli import main

if __name__ == "__main__":  # importing the module (docs tools, test collectors) runs nothing
    sys.exit(main())
