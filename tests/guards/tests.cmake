# The layout rules (no source file in core/, app/, web/ over 500 lines; front ends include only typelattice/...),
# checked on the source tree. Label unit: they are quick and every change can break them.
find_program(TYPELATTICE_PYTHON python3)
if(TYPELATTICE_PYTHON)
  add_test(NAME layout_guards COMMAND ${TYPELATTICE_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_layout.py ${PROJECT_SOURCE_DIR})
  set_tests_properties(layout_guards PROPERTIES LABELS unit TIMEOUT 60)
endif()
# The app's view keys in README.md and docs/ agree with the tabs app/gui/shell.cpp draws.
if(TYPELATTICE_PYTHON)
  add_test(NAME app_keys_in_docs COMMAND ${TYPELATTICE_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_app_keys.py ${PROJECT_SOURCE_DIR})
  set_tests_properties(app_keys_in_docs PROPERTIES LABELS unit TIMEOUT 60)
endif()
