# Browser tests of the playground (index.html), <type-lattice> and scripts/serve.py, in Debian's Chromium via
# playwright-core. They need the wasm module (cmake --preset wasm && cmake --build --preset wasm) and
# tests/js/node_modules (scripts/install-deps.sh test); without them they fail, naming what is missing.
find_program(TYPELATTICE_NODE node)
if(TYPELATTICE_NODE)
  add_test(NAME browser_playground
           COMMAND ${TYPELATTICE_NODE} ${CMAKE_CURRENT_LIST_DIR}/run.mjs
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  # Not serial: its files run one at a time (run.mjs), one Chromium, beside ctest's other tests on the other core.
  # The largest COST starts it first on a fresh clone, so that `ctest -j` does not end on it with a core idle.
  set_tests_properties(browser_playground PROPERTIES LABELS browser TIMEOUT 600 COST 1000)
endif()
