# The packed npm package in fresh Vite (build and dev server), VitePress, Docusaurus, webpack 5 and esbuild projects, each
# page checked in Chromium (tests/bundlers/bundlers.test.mjs); the bundlers come from each fixture's lockfile
# (scripts/install-deps.sh test). The Sphinx extension's sample projects (reStructuredText, MyST Markdown), a
# Material for MkDocs site, built with Debian's sphinx-build and mkdocs, and a Jupyter Notebook.
find_program(TYPELATTICE_NODE node REQUIRED)
add_test(NAME browser_bundlers
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/../js/run-logged.sh ${CMAKE_BINARY_DIR}/tests/js-logs/bundlers.log
                 ${TYPELATTICE_NODE} --test ${CMAKE_CURRENT_LIST_DIR}/bundlers.test.mjs)
# Beside the other tests (each fixture packs into its own temporary folder and serves on a free port); a high COST
# starts it early on a fresh clone, so that `ctest -j` does not end on it with a core idle.
set_tests_properties(browser_bundlers PROPERTIES LABELS "js;browser" TIMEOUT 600 COST 600)
add_test(NAME browser_sphinx
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/../js/run-logged.sh ${CMAKE_BINARY_DIR}/tests/js-logs/sphinx.log
                 ${TYPELATTICE_NODE} --test ${CMAKE_CURRENT_LIST_DIR}/sphinx.test.mjs)
set_tests_properties(browser_sphinx PROPERTIES LABELS "js;browser" TIMEOUT 300)
# The directive's code option and the CLI read codes by one grammar (docs-integrations/tests/test_code_grammar.py),
# with Debian's Python, whose Sphinx the directive imports.
find_program(TYPELATTICE_SYSTEM_PYTHON python3 PATHS /usr/bin NO_DEFAULT_PATH)
if(TYPELATTICE_SYSTEM_PYTHON)
  add_test(NAME sphinx_code_grammar
           COMMAND ${TYPELATTICE_SYSTEM_PYTHON} ${PROJECT_SOURCE_DIR}/docs-integrations/tests/test_code_grammar.py)
  set_tests_properties(sphinx_code_grammar PROPERTIES LABELS "unit" ENVIRONMENT
                       "TYPELATTICE_CLI=$<TARGET_FILE:typelattice>;PYTHONDONTWRITEBYTECODE=1")
endif()
# sphinx_typelattice as a wheel (Debian's pip, setuptools, wheel; offline) in a fresh venv, building the sample.
add_test(NAME browser_sphinx_wheel
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/../js/run-logged.sh ${CMAKE_BINARY_DIR}/tests/js-logs/sphinx_wheel.log
                 ${TYPELATTICE_NODE} --test ${CMAKE_CURRENT_LIST_DIR}/sphinx-wheel.test.mjs)
set_tests_properties(browser_sphinx_wheel PROPERTIES LABELS "js;browser" TIMEOUT 300)
# The extension under MyST Markdown (Debian's python3-myst-parser): every option written unquoted, sphinx-build -W.
add_test(NAME browser_sphinx_myst
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/../js/run-logged.sh ${CMAKE_BINARY_DIR}/tests/js-logs/sphinx_myst.log
                 ${TYPELATTICE_NODE} --test ${CMAKE_CURRENT_LIST_DIR}/sphinx-myst.test.mjs)
set_tests_properties(browser_sphinx_myst PROPERTIES LABELS "js;browser" TIMEOUT 300)
# Material for MkDocs (Debian's mkdocs, mkdocs-material) with the packed package's dist/, mkdocs build --strict.
add_test(NAME browser_mkdocs
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/../js/run-logged.sh ${CMAKE_BINARY_DIR}/tests/js-logs/mkdocs.log
                 ${TYPELATTICE_NODE} --test ${CMAKE_CURRENT_LIST_DIR}/mkdocs.test.mjs)
set_tests_properties(browser_mkdocs PROPERTIES LABELS "js;browser" TIMEOUT 300)
# A Jupyter Notebook (Debian's jupyter-notebook) on a temporary folder: a cell displays the element loaded from the
# server's /files/ route, run with the kernel in Chromium.
add_test(NAME browser_jupyter
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/../js/run-logged.sh ${CMAKE_BINARY_DIR}/tests/js-logs/jupyter.log
                 ${TYPELATTICE_NODE} --test ${CMAKE_CURRENT_LIST_DIR}/jupyter.test.mjs)
set_tests_properties(browser_jupyter PROPERTIES LABELS "js;browser" TIMEOUT 300)
