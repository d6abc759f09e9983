"""``make app``: serve this repository with Voila and print the landing page URL.

Port from ``--port`` or ``$PORT`` (default 8866). Voila runs in this very process, so stopping
this process (Ctrl-C, or SIGTERM to its id) stops the server.
"""

import sys
from pathlib import Path

from precog.cli import main

ROOT = Path(__file__).resolve().parent.parent

if __name__ == "__main__":
    sys.exit(main(["app", "--root", str(ROOT), *sys.argv[1:]]))
