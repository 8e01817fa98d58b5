# The layout rules (no source file in core/, app/, web/ over 500 lines; front ends include only typelattice/...),
# checked on the source tree. Label unit: they are quick and every change can break them.
find_program(TYPELATTICE_PYTHON python3)
if(TYPELATTICE_PYTHON)
  add_test(NAME layout_guards COMMAND ${TYPELATTICE_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/check_layout.py ${PROJECT_SOURCE_DIR})
  set_tests_properties(layout_guards PROPERTIES LABELS unit TIMEOUT 60)
endif()
