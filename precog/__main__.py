"""``python -m precog``: the same command line as ``precog``."""

import sys

from precog.cli import main

if __name__ == "__main__":  # importing the module (a docs or package walk) runs nothing
    sys.exit(main())
