# A minimal Sphinx project using sphinx_typelattice (built by tests/bundlers/sphinx.test.mjs).
import os
import sys

sys.path.insert(0, os.path.abspath("../.."))

project = "typelattice Sphinx sample"
extensions = ["sphinx_typelattice"]
# The repository's build output: the source folder carries no dist files (the installed wheel does).
typelattice_dist = os.environ.get("TYPELATTICE_DIST", "../../../web/dist")
html_theme = "alabaster"
# No sidebar: alabaster's search box is an inline script, which the test's strict Content-Security-Policy blocks.
html_sidebars = {"**": []}
html_favicon = "favicon.svg"
