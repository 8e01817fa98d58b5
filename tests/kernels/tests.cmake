# The cast and block kernels compiled to wasm (with and without SIMD128, tests/kernels/wasm) and swept under
# node against the scalar encoder and the block reference: ctest label `exhaustive`, thinned by
# TYPELATTICE_STRIDE like the native sweep. Emscripten
# builds them as an external project into <build>/wasm-kernels, on demand (the first test below), so a plain
# native build never needs Emscripten. tests/bench/wasm_bench.mjs uses the same build.
option(TYPELATTICE_WASM_KERNEL_TESTS "Sweep the wasm cast kernels under node (needs Emscripten)" ON)
set(TYPELATTICE_EMSCRIPTEN_TOOLCHAIN /usr/share/emscripten/cmake/Modules/Platform/Emscripten.cmake)
find_program(TYPELATTICE_NODE node)
if(TYPELATTICE_WASM_KERNEL_TESTS AND TYPELATTICE_NODE AND EXISTS ${TYPELATTICE_EMSCRIPTEN_TOOLCHAIN}
   AND NOT TYPELATTICE_SANITIZE AND NOT TYPELATTICE_BUILD_FUZZ)
  include(ExternalProject)
  set(wasm_kernels_dir ${CMAKE_BINARY_DIR}/wasm-kernels)
  set(with_node_path ${CMAKE_COMMAND} -E env NODE_PATH=/usr/share/nodejs)  # acorn for Emscripten 3.1.6
  ExternalProject_Add(typelattice_wasm_kernels
    SOURCE_DIR ${CMAKE_CURRENT_LIST_DIR}/wasm
    BINARY_DIR ${wasm_kernels_dir}
    CONFIGURE_COMMAND ${with_node_path} ${CMAKE_COMMAND} -S <SOURCE_DIR> -B <BINARY_DIR> -G Ninja
                      -DCMAKE_TOOLCHAIN_FILE=${TYPELATTICE_EMSCRIPTEN_TOOLCHAIN} -DCMAKE_BUILD_TYPE=Release
                      -DCMAKE_UNITY_BUILD=${CMAKE_UNITY_BUILD}
    BUILD_COMMAND ${with_node_path} ${CMAKE_COMMAND} --build <BINARY_DIR> -j 2
    INSTALL_COMMAND ""
    BUILD_ALWAYS ON
    EXCLUDE_FROM_ALL ON
    STEP_TARGETS configure)
  # The sweeps alone, for ctest: the benchmarks' four wasm programs (typelattice_wasm_kernels builds them too)
  # are a fifth of the external build's compile and link time.
  set(wasm_sweeps cast_sweep_simd128 cast_sweep_scalar block_sweep_simd128 block_sweep_scalar)
  add_custom_target(typelattice_wasm_kernel_sweeps
    COMMAND ${with_node_path} ${CMAKE_COMMAND} --build ${wasm_kernels_dir} -j 2 --target ${wasm_sweeps}
    DEPENDS typelattice_wasm_kernels-configure
    USES_TERMINAL)
  add_test(NAME wasm_kernels_build
           COMMAND ${CMAKE_COMMAND} --build ${CMAKE_BINARY_DIR} --target typelattice_wasm_kernel_sweeps)
  set_tests_properties(wasm_kernels_build PROPERTIES LABELS exhaustive FIXTURES_SETUP wasm_kernels TIMEOUT 1800
                       COST 400)
  foreach(variant IN ITEMS simd128 scalar)
    foreach(sweep IN ITEMS cast block)
      add_test(NAME wasm_${sweep}_sweep_${variant} COMMAND ${TYPELATTICE_NODE} ${wasm_kernels_dir}/${sweep}_sweep_${variant}.js)
      set_tests_properties(wasm_${sweep}_sweep_${variant} PROPERTIES LABELS exhaustive FIXTURES_REQUIRED wasm_kernels
                           TIMEOUT 7200 COST 100)
    endforeach()
  endforeach()
endif()
