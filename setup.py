"""The build's one addition to pyproject.toml: the app's pages go into the wheel.

The app's notebooks (``notebooks/``) and the lessons (``tutorials/``) live at the top of the
repository, where ``make app``, nbval and the browser tests use them; the wheel carries a copy
under ``precog/app_pages/`` (the same two folders), which an installed ``precog app`` serves
(:func:`precog.serve.app_root`). An editable install needs no copy: it serves the checkout.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

PAGE_FOLDERS = ("notebooks", "tutorials")
TARGET = Path("precog") / "app_pages"


class BuildWithPages(build_py):
    """setuptools' build_py, then the pages copied into the built package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        for folder in PAGE_FOLDERS:
            for source in sorted(Path(folder).glob("*.ipynb")):
                target = Path(self.build_lib) / TARGET / source
                self.mkpath(str(target.parent))
                self.copy_file(str(source), str(target))


setup(cmdclass={"build_py": BuildWithPages})
