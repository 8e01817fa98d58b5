# ctest label `conformance`: the `numpy` system's table against Debian's NumPy (python3-numpy, installed by
# scripts/install-deps.sh test) running np.promote_types, cell by cell. Debian's python3 is named explicitly so
# that another python3 on the PATH (without NumPy, or with another NumPy) is not picked up.
find_program(TYPELATTICE_DEBIAN_PYTHON python3 PATHS /usr/bin NO_DEFAULT_PATH)
if(TYPELATTICE_DEBIAN_PYTHON)
  add_test(NAME numpy_promote_types_conformance
           COMMAND ${TYPELATTICE_DEBIAN_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/numpy_promote_types.py $<TARGET_FILE:typelattice>)
  set_tests_properties(numpy_promote_types_conformance PROPERTIES LABELS conformance TIMEOUT 120)
endif()
