# A minimal Sphinx project writing its pages in MyST Markdown (built by tests/bundlers/sphinx-myst.test.mjs).
import os
import sys

sys.path.insert(0, os.path.abspath("../.."))

project = "typelattice MyST sample"
extensions = ["myst_parser", "sphinx_typelattice"]
# The repository's build output: the source folder carries no dist files (the installed wheel does).
typelattice_dist = os.environ.get("TYPELATTICE_DIST", "../../../web/dist")
html_theme = "alabaster"
# No sidebar: alabaster's search box is an inline script, which the test's strict Content-Security-Policy blocks.
html_sidebars = {"**": []}
# The other sample's icon: without one the browser's request for /favicon.ico fails.
html_favicon = "../sample/favicon.svg"
