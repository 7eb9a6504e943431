"""``python -m riichi``: the same command line as ``riichi``."""

import sys

from riichi.cli import main

sys.exit(main())
