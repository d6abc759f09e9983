"""``python -m precog``: the same command line as ``precog``."""

import sys

from precog.cli import main

sys.exit(main())
