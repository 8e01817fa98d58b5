# The SIMD cast kernels: core/kernels/isa_kernels.cpp compiled once per instruction set, each with that ISA's
# flags and TYPELATTICE_KERNEL_ISA_<NAME> (the same scheme as Highway's foreach_target, by hand). Natively the
# CPU is checked at run time (core/kernels/dispatch.cpp); in wasm SIMD128 is a build-time choice, so a wasm
# build passes -msimd128 (or not) in COMPILE_OPTIONS and the x86 flags are never used.
set(TYPELATTICE_KERNEL_SOURCE ${CMAKE_CURRENT_LIST_DIR}/../core/kernels/isa_kernels.cpp)
get_filename_component(TYPELATTICE_KERNEL_SOURCE ${TYPELATTICE_KERNEL_SOURCE} ABSOLUTE)

# typelattice_add_kernels(<library> [COMPILE_OPTIONS options...] [LINK_LIBRARIES libraries...])
# Adds one object library per ISA to <library>, compiled with <library>'s include directories.
function(typelattice_add_kernels library)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "COMPILE_OPTIONS;LINK_LIBRARIES")
  set(x86 FALSE)
  if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|i[3-6]86)$" AND NOT EMSCRIPTEN)
    set(x86 TRUE)
  endif()
  foreach(isa IN ITEMS scalar sse41 avx2 avx512 wasm_simd128)
    set(flags)
    if(x86 AND isa STREQUAL "sse41")
      set(flags -msse4.1)
    elseif(x86 AND isa STREQUAL "avx2")
      set(flags -mavx2)
    elseif(x86 AND isa STREQUAL "avx512")
      set(flags -mavx512f -mavx512bw -mavx512vl)
    endif()
    string(TOUPPER ${isa} define)
    set(objects ${library}_kernels_${isa})
    add_library(${objects} OBJECT EXCLUDE_FROM_ALL ${TYPELATTICE_KERNEL_SOURCE})  # built when <library> is
    target_include_directories(${objects} PRIVATE $<TARGET_PROPERTY:${library},INCLUDE_DIRECTORIES>)
    target_compile_definitions(${objects} PRIVATE TYPELATTICE_KERNEL_ISA_${define})
    target_compile_options(${objects} PRIVATE ${arg_COMPILE_OPTIONS} ${flags})
    if(arg_LINK_LIBRARIES)
      target_link_libraries(${objects} PRIVATE ${arg_LINK_LIBRARIES})
    endif()
    target_sources(${library} PRIVATE $<TARGET_OBJECTS:${objects}>)
  endforeach()
endfunction()
