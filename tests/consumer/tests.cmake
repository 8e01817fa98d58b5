# The installed core used by another project (tests/consumer): find_package(typelattice), typelattice::core.
# Not in the sanitizer build: its installed core carries ASan/UBSan calls a plain consumer does not link; the
# native build runs it.
if(NOT TYPELATTICE_SANITIZE)
  add_test(NAME consumer_find_package
           COMMAND ${CMAKE_COMMAND} -DBUILD_DIR=${PROJECT_BINARY_DIR} -DSOURCE_DIR=${CMAKE_CURRENT_LIST_DIR}
                   -DWORK_DIR=${PROJECT_BINARY_DIR}/consumer-test -DGENERATOR=${CMAKE_GENERATOR}
                   -P ${CMAKE_CURRENT_LIST_DIR}/run_consumer.cmake)
  set_tests_properties(consumer_find_package PROPERTIES LABELS unit TIMEOUT 600)
endif()
