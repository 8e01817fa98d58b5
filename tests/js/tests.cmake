# JS tests of the wasm module (web/dist, built by the `wasm` preset; scripts/test.sh builds it first, so a missing
# build fails these tests): node's test runner per file, the CSP page in Chromium, and the TypeScript typings.
find_program(TYPELATTICE_NODE node REQUIRED)
set(TYPELATTICE_JS_DIR ${CMAKE_CURRENT_LIST_DIR})
set(TYPELATTICE_JS_LOGS ${CMAKE_BINARY_DIR}/tests/js-logs)
set(TYPELATTICE_JS_ENV
  "TYPELATTICE_SOURCE_DIR=${PROJECT_SOURCE_DIR}" "TYPELATTICE_CLI=$<TARGET_FILE:typelattice>")

file(GLOB TYPELATTICE_JS_MODULE_TESTS CONFIGURE_DEPENDS ${TYPELATTICE_JS_DIR}/module/*.test.mjs)
foreach(test_file IN LISTS TYPELATTICE_JS_MODULE_TESTS)
  get_filename_component(test_name ${test_file} NAME_WE)
  add_test(NAME js_module_${test_name}
           COMMAND ${TYPELATTICE_JS_DIR}/run-logged.sh ${TYPELATTICE_JS_LOGS}/module_${test_name}.log
                   ${TYPELATTICE_NODE} --test ${test_file})
  set_tests_properties(js_module_${test_name} PROPERTIES LABELS js ENVIRONMENT "${TYPELATTICE_JS_ENV}" TIMEOUT 600)
  # COST: ctest starts the longest first on a fresh clone (see tests/CMakeLists.txt); these take the longest.
  if(test_name MATCHES "^(heap|blocks|playground_hash_fuzz)$")
    set_tests_properties(js_module_${test_name} PROPERTIES COST 200)
  else()
    set_tests_properties(js_module_${test_name} PROPERTIES COST 20)
  endif()
endforeach()

add_test(NAME js_browser_csp
         COMMAND ${TYPELATTICE_JS_DIR}/run-logged.sh ${TYPELATTICE_JS_LOGS}/browser_csp.log
                 ${TYPELATTICE_NODE} --test ${TYPELATTICE_JS_DIR}/browser-module/csp.test.mjs)
set_tests_properties(js_browser_csp PROPERTIES LABELS "js;browser" ENVIRONMENT "${TYPELATTICE_JS_ENV}"
                     TIMEOUT 300)

add_test(NAME js_typings
         COMMAND ${TYPELATTICE_JS_DIR}/run-logged.sh ${TYPELATTICE_JS_LOGS}/typings.log
                 ${TYPELATTICE_NODE} ${TYPELATTICE_JS_DIR}/types/check-types.mjs)
set_tests_properties(js_typings PROPERTIES LABELS js TIMEOUT 300)

# What each kind of page downloads, gzipped (scripts/page-size.mjs): over a budget fails; and the table the docs
# quote is within 0.5 KB of it.
add_test(NAME wasm_size_budget COMMAND ${TYPELATTICE_NODE} ${PROJECT_SOURCE_DIR}/scripts/page-size.mjs)
set_tests_properties(wasm_size_budget PROPERTIES LABELS js)
add_test(NAME js_size_docs
         COMMAND ${TYPELATTICE_JS_DIR}/run-logged.sh ${TYPELATTICE_JS_LOGS}/size_docs.log
                 ${TYPELATTICE_NODE} --test ${TYPELATTICE_JS_DIR}/size/docs.test.mjs)
set_tests_properties(js_size_docs PROPERTIES LABELS js)

# The npm package: `npm pack` contents, every entry point in node, SSR import of the element, a failed load.
add_test(NAME js_package
         COMMAND ${TYPELATTICE_JS_DIR}/run-logged.sh ${TYPELATTICE_JS_LOGS}/package.log
                 ${TYPELATTICE_NODE} --test ${TYPELATTICE_JS_DIR}/package/package.test.mjs)
set_tests_properties(js_package PROPERTIES LABELS js TIMEOUT 300)

# In Chromium: the module and the element loaded from another origin with CORS, and a failed .wasm load whose
# error names the URL and status, then a retry that works; the single-file build.
add_test(NAME js_browser_loading
         COMMAND ${TYPELATTICE_JS_DIR}/run-logged.sh ${TYPELATTICE_JS_LOGS}/browser_loading.log
                 ${TYPELATTICE_NODE} --test ${TYPELATTICE_JS_DIR}/browser-module/loading.test.mjs)
set_tests_properties(js_browser_loading PROPERTIES LABELS "js;browser" TIMEOUT 300)

# In Chromium: a lattice embed fetches only the promotion part, a bits embed only the formats part, the whole
# API the whole module (the pages scripts/page-size.mjs measures, each fetching exactly the files it counts).
add_test(NAME js_browser_parts
         COMMAND ${TYPELATTICE_JS_DIR}/run-logged.sh ${TYPELATTICE_JS_LOGS}/browser_parts.log
                 ${TYPELATTICE_NODE} --test ${TYPELATTICE_JS_DIR}/browser-module/parts.test.mjs)
set_tests_properties(js_browser_parts PROPERTIES LABELS "js;browser" TIMEOUT 300)

# In Chromium: <type-lattice loading>: by default a figure far down the page fetches its part and draws only once
# scrolled near; loading="eager" (or no IntersectionObserver) at once.
add_test(NAME js_browser_lazy
         COMMAND ${TYPELATTICE_JS_DIR}/run-logged.sh ${TYPELATTICE_JS_LOGS}/browser_lazy.log
                 ${TYPELATTICE_NODE} --test ${TYPELATTICE_JS_DIR}/browser-module/lazy.test.mjs)
set_tests_properties(js_browser_lazy PROPERTIES LABELS "js;browser" TIMEOUT 300)

# In Chromium: <type-lattice theme>: auto follows each docs toolchain's dark toggle (Docusaurus, pydata-sphinx-theme,
# Material for MkDocs, VitePress), the colour behind the element, then prefers-color-scheme; --tl-* and ::part restyle.
add_test(NAME js_browser_theme
         COMMAND ${TYPELATTICE_JS_DIR}/run-logged.sh ${TYPELATTICE_JS_LOGS}/browser_theme.log
                 ${TYPELATTICE_NODE} --test ${TYPELATTICE_JS_DIR}/browser-module/theme.test.mjs)
set_tests_properties(js_browser_theme PROPERTIES LABELS "js;browser" TIMEOUT 300)

# In Chromium: typelattice/widget's render({ model, el }) (anywidget's contract) mounts the element from a model,
# follows its change events and lets go on cleanup.
add_test(NAME js_browser_widget
         COMMAND ${TYPELATTICE_JS_DIR}/run-logged.sh ${TYPELATTICE_JS_LOGS}/browser_widget.log
                 ${TYPELATTICE_NODE} --test ${TYPELATTICE_JS_DIR}/browser-module/widget.test.mjs)
set_tests_properties(js_browser_widget PROPERTIES LABELS "js;browser" TIMEOUT 300)
