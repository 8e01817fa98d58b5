# `typelattice analyze` on files the test writes (safetensors byte by byte, .npy with NumPy), against NumPy and
# PyTorch (Debian's python3-numpy and python3-torch, installed by scripts/install-deps.sh test; named explicitly so
# that another python3 on the PATH is not picked up).
find_program(TYPELATTICE_DEBIAN_PYTHON python3 PATHS /usr/bin NO_DEFAULT_PATH)
if(TYPELATTICE_DEBIAN_PYTHON)
  add_test(NAME analyze_cli_against_numpy
           COMMAND ${TYPELATTICE_DEBIAN_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/analyze_cli_test.py $<TARGET_FILE:typelattice>)
  set_tests_properties(analyze_cli_against_numpy PROPERTIES LABELS unit TIMEOUT 300)
  add_test(NAME analyze_codec_targets_against_numpy
           COMMAND ${TYPELATTICE_DEBIAN_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/analyze_codec_targets_test.py
                   $<TARGET_FILE:typelattice>)
  set_tests_properties(analyze_codec_targets_against_numpy PROPERTIES LABELS unit TIMEOUT 300)
  add_test(NAME analyze_block_sqnr_against_numpy
           COMMAND ${TYPELATTICE_DEBIAN_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/analyze_block_sqnr_test.py
                   $<TARGET_FILE:typelattice>)
  set_tests_properties(analyze_block_sqnr_against_numpy PROPERTIES LABELS unit TIMEOUT 300)
endif()
# .npz (NumPy's own archives, zip64, and bad zips written from the spec) and raw arrays (--raw), with NumPy.
if(TYPELATTICE_DEBIAN_PYTHON)
  add_test(NAME analyze_npz_raw
           COMMAND ${TYPELATTICE_DEBIAN_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/analyze_npz_raw_test.py $<TARGET_FILE:typelattice>)
  set_tests_properties(analyze_npz_raw PROPERTIES LABELS unit TIMEOUT 300)
endif()
# A sparse file past 2 GiB, analyzed whole within the promised peak memory (getrusage's ru_maxrss for its children).
if(TYPELATTICE_DEBIAN_PYTHON)
  add_test(NAME analyze_large_file_memory
           COMMAND ${TYPELATTICE_DEBIAN_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/analyze_memory_test.py $<TARGET_FILE:typelattice>)
  set_tests_properties(analyze_large_file_memory PROPERTIES LABELS unit TIMEOUT 300)
endif()
# Trained weights from npm (@vladmandic/face-api's face recognition network, installed into
# tests/tensors/real-weights by scripts/install-deps.sh test), against NumPy and PyTorch.
if(TYPELATTICE_DEBIAN_PYTHON)
  add_test(NAME analyze_real_weights
           COMMAND ${TYPELATTICE_DEBIAN_PYTHON} ${CMAKE_CURRENT_LIST_DIR}/analyze_real_weights_test.py
                   $<TARGET_FILE:typelattice>)
  set_tests_properties(analyze_real_weights PROPERTIES LABELS unit TIMEOUT 300)
endif()
