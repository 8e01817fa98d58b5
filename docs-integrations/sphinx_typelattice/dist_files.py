"""What a page needs from typelattice's dist/: the element (and its lattice views, loaded on demand), the module it imports, and each part's builds' glue and
.wasm (the element fetches only the part its view shows; it never loads the whole module, typelattice-core*).

A module of its own, without imports, so that setup.py can read it without Sphinx.
"""

DIST_FILES = (
    "type-lattice.mjs",
    "type-lattice-lattice.mjs",
    "typelattice.mjs",
    "typelattice-promotion.mjs",
    "typelattice-promotion.wasm",
    "typelattice-promotion-simd.mjs",
    "typelattice-promotion-simd.wasm",
    "typelattice-formats.mjs",
    "typelattice-formats.wasm",
    "typelattice-formats-simd.mjs",
    "typelattice-formats-simd.wasm",
)
