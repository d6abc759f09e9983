"""Print the Binder link of this checkout: its git remote, its branch, the app's landing page.

    python scripts/binder_link.py [--remote NAME|URL] [--ref BRANCH]

The link opens the same ``precog app`` as ``make app`` (binder/postBuild runs it behind
Binder's Jupyter server). A GitHub or GitLab remote gets Binder's short form; any other git
address its ``git`` form. Exit status 2 when the checkout has no such remote.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

from precog.commands.tool_parser import ToolParser

REPO = Path(__file__).resolve().parent.parent
BINDER = "https://mybinder.org/v2"
LANDING = "precog/voila/render/notebooks/index.ipynb"
HOSTED = re.compile(r"(?:https?://|ssh://git@|git@)(github\.com|gitlab\.com)[:/]"
                    r"([A-Za-z0-9_.-]+)/([A-Za-z0-9_.-]+?)(?:\.git)?/?")


def binder_link(remote_url: str, ref: str) -> str:
    """The Binder link for ``remote_url`` at ``ref``.

    >>> binder_link("git@github.com:someone/precog.git", "main")
    'https://mybinder.org/v2/gh/someone/precog/main?urlpath=precog%2Fvoila%2Frender%2Fnotebooks%2Findex.ipynb'
    """
    path = "?urlpath=" + quote(LANDING, safe="")
    hosted = HOSTED.fullmatch(remote_url.strip())
    if hosted:
        site, owner, name = hosted.groups()
        where = f"gh/{owner}/{name}" if site == "github.com" else f"gl/{owner}%2F{name}"
        return f"{BINDER}/{where}/{quote(ref, safe='')}{path}"
    return f"{BINDER}/git/{quote(remote_url.strip(), safe='')}/{quote(ref, safe='')}{path}"


def git(*args: str) -> str | None:
    done = subprocess.run(["git", "-C", str(REPO), *args], capture_output=True, text=True)
    return done.stdout.strip() if done.returncode == 0 and done.stdout.strip() else None


def main(argv: list[str] | None = None) -> int:
    parser = ToolParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--remote", default="origin",
                        help="a git remote's name or address (default: origin)")
    parser.add_argument("--ref", default=None,
                        help="branch, tag or commit (default: the checkout's branch)")
    args = parser.parse_args(argv)
    url = args.remote if "/" in args.remote or ":" in args.remote else git(
        "remote", "get-url", args.remote)
    if url is None:
        print(f"binder_link: this checkout has no git remote {args.remote!r}; publish it, then "
              "run again (or pass --remote URL)", file=sys.stderr)
        return 2
    ref = args.ref or git("rev-parse", "--abbrev-ref", "HEAD") or "HEAD"
    print(binder_link(url, "HEAD" if ref == "HEAD" else ref))
    return 0


if __name__ == "__main__":
    sys.exit(main())
