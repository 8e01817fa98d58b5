# NF4's table against its construction from normal quantiles (Python's statistics.NormalDist, no other package) and
# FP4's against its listed values over 12, as the CLI decodes them. Label unit: quick.
find_program(TYPELATTICE_PYTHON python3)
if(TYPELATTICE_PYTHON)
  add_test(NAME nf4_normal_quantiles COMMAND ${TYPELATTICE_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/nf4_normal_quantiles.py
                                             $<TARGET_FILE:typelattice>)
  set_tests_properties(nf4_normal_quantiles PROPERTIES LABELS unit TIMEOUT 60)
endif()
