# Browser tests of the playground (index.html), <type-lattice> and scripts/serve.py, in Debian's Chromium via
# playwright-core. They need the wasm module (cmake --preset wasm && cmake --build --preset wasm) and
# tests/js/node_modules (scripts/install-deps.sh test); without them they fail, naming what is missing.
find_program(TYPELATTICE_NODE node)
if(TYPELATTICE_NODE)
  # Two shares of the files (run.mjs --shard), each one file at a time in one Chromium, each under the 600 s hang
  # guard on a loaded machine. The largest COST starts them first on a fresh clone, so that `ctest -j` does not end
  # on them with a core idle.
  foreach(shard IN ITEMS 1 2)
    add_test(NAME browser_playground_${shard}
             COMMAND ${TYPELATTICE_NODE} ${CMAKE_CURRENT_LIST_DIR}/run.mjs --shard ${shard}/2
             WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    set_tests_properties(browser_playground_${shard} PROPERTIES LABELS browser TIMEOUT 600 COST 1000)
  endforeach()
endif()
