"""Copies typelattice's dist files into the package when the wheel is built (the metadata is in pyproject.toml).

They come from $TYPELATTICE_DIST, or else the repository's web/dist (the wasm build writes it).
"""

import os
import runpy
import shutil

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))
DIST_FILES = runpy.run_path(os.path.join(HERE, "sphinx_typelattice", "dist_files.py"))["DIST_FILES"]


class build_py_with_dist(build_py):
    def run(self):
        super().run()
        source = os.environ.get("TYPELATTICE_DIST") or os.path.join(HERE, os.pardir, "web", "dist")
        missing = [name for name in DIST_FILES if not os.path.isfile(os.path.join(source, name))]
        if missing:
            raise SystemExit(f"sphinx-typelattice: {os.path.abspath(source)} lacks {', '.join(missing)} "
                             "(build the wasm preset, or set TYPELATTICE_DIST to the npm package's dist/)")
        target = os.path.join(self.build_lib, "sphinx_typelattice", "dist")
        os.makedirs(target, exist_ok=True)
        for name in DIST_FILES:
            shutil.copyfile(os.path.join(source, name), os.path.join(target, name))


setup(cmdclass={"build_py": build_py_with_dist})
