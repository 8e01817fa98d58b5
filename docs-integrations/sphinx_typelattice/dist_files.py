"""What a page needs from typelattice's dist/: the element, the module it imports, and each build's glue and .wasm.

A module of its own, without imports, so that setup.py can read it without Sphinx.
"""

DIST_FILES = (
    "type-lattice.mjs",
    "typelattice.mjs",
    "typelattice-core.mjs",
    "typelattice-core.wasm",
    "typelattice-core-simd.mjs",
    "typelattice-core-simd.wasm",
)
