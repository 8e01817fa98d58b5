# ctest label `conformance`: the `numpy` and `numpy-2021` systems' tables against Debian's NumPy (python3-numpy, installed by
# scripts/install-deps.sh test) running np.promote_types, and the `torch` system's against Debian's PyTorch 1.13
# (python3-torch) running torch.promote_types, cell by cell. Debian's python3 is named explicitly so
# that another python3 on the PATH (without NumPy, or with another NumPy) is not picked up.
find_program(TYPELATTICE_DEBIAN_PYTHON python3 PATHS /usr/bin NO_DEFAULT_PATH)
if(TYPELATTICE_DEBIAN_PYTHON)
  add_test(NAME numpy_promote_types_conformance
           COMMAND ${TYPELATTICE_DEBIAN_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/numpy_promote_types.py $<TARGET_FILE:typelattice>)
  set_tests_properties(numpy_promote_types_conformance PROPERTIES LABELS conformance TIMEOUT 120)
  # The `torch` system (PyTorch 2.x) against Debian's PyTorch 1.13 (python3-torch) on the dtypes both have.
  add_test(NAME torch_promote_types_conformance
           COMMAND ${TYPELATTICE_DEBIAN_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/torch_promote_types.py $<TARGET_FILE:typelattice>)
  set_tests_properties(torch_promote_types_conformance PROPERTIES LABELS conformance TIMEOUT 120)
  # The `mlx` system against MLX's own test_dtype_promotion, which asserts MLX's sums equal NumPy's through mx.array.
  add_test(NAME mlx_numpy_promotion_conformance
           COMMAND ${TYPELATTICE_DEBIAN_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/mlx_numpy_promotion.py $<TARGET_FILE:typelattice>)
  set_tests_properties(mlx_numpy_promotion_conformance PROPERTIES LABELS conformance TIMEOUT 120)
  # The `c` system against GCC and Clang: _Generic over a + b for every pair of its types.
  add_test(NAME c_usual_conversions_conformance
           COMMAND ${TYPELATTICE_DEBIAN_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/c_usual_conversions.py $<TARGET_FILE:typelattice>)
  set_tests_properties(c_usual_conversions_conformance PROPERTIES LABELS conformance TIMEOUT 120)
  # The `cpp` system against g++ and clang++: decltype(a + b) for every pair each compiler can write.
  add_test(NAME cpp_arith_conversions_conformance
           COMMAND ${TYPELATTICE_DEBIAN_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/cpp_arith_conversions.py $<TARGET_FILE:typelattice>)
  set_tests_properties(cpp_arith_conversions_conformance PROPERTIES LABELS conformance TIMEOUT 120)
endif()
# The `tfjs` and `jax-js` systems against the npm packages (tests/conformance/js-frameworks, installed by
# scripts/install-deps.sh test): every cell, and Compare's JS values, asked of the real library in node.
find_program(TYPELATTICE_NODE node REQUIRED)
add_test(NAME js_frameworks_conformance COMMAND ${TYPELATTICE_NODE} --test ${CMAKE_CURRENT_LIST_DIR}/js_frameworks.test.mjs)
set_tests_properties(js_frameworks_conformance PROPERTIES LABELS conformance TIMEOUT 120
  ENVIRONMENT "TYPELATTICE_CLI=$<TARGET_FILE:typelattice>")

# Conformance (ctest label `conformance`): one corpus through the CLI, the JS module and the native app, which
# must answer alike. Needs the wasm module (web/dist) and, for the app, a display: xvfb-run provides one.
if(NOT TARGET typelattice-app)
  return()
endif()
find_program(TYPELATTICE_XVFB_RUN xvfb-run)
if(NOT TYPELATTICE_XVFB_RUN)
  message(STATUS "xvfb-run not found: skipping the conformance corpus")
  return()
endif()
add_test(NAME conformance_corpus
         COMMAND ${TYPELATTICE_XVFB_RUN} -a -s "-screen 0 1280x800x24"
                 ${TYPELATTICE_NODE} --test ${CMAKE_CURRENT_LIST_DIR}/conformance.test.mjs)
set_tests_properties(conformance_corpus PROPERTIES LABELS conformance TIMEOUT 900 RESOURCE_LOCK xvfb COST 600
  ENVIRONMENT "TYPELATTICE_SOURCE_DIR=${PROJECT_SOURCE_DIR};TYPELATTICE_CLI=$<TARGET_FILE:typelattice>;TYPELATTICE_APP=$<TARGET_FILE:typelattice-app>")
