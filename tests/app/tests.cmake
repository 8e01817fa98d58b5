# Native app tests (ctest label `app`): the app runs headless under xvfb-run (software OpenGL) and
# app_check inspects its output and its screenshots, which are kept in tests/artifacts/ to look at.
if(NOT TARGET typelattice-app)
  return()
endif()
find_program(TYPELATTICE_XVFB_RUN xvfb-run)
find_package(PkgConfig REQUIRED)
pkg_check_modules(TYPELATTICE_STB REQUIRED IMPORTED_TARGET stb)

add_executable(typelattice_app_check ${CMAKE_CURRENT_LIST_DIR}/app_check.cpp)
target_link_libraries(typelattice_app_check PRIVATE PkgConfig::TYPELATTICE_STB typelattice_warnings)
add_dependencies(typelattice_app_check typelattice-app typelattice)

set(TYPELATTICE_APP_ARTIFACTS ${PROJECT_SOURCE_DIR}/tests/artifacts)
file(MAKE_DIRECTORY ${TYPELATTICE_APP_ARTIFACTS})
set(app_check $<TARGET_FILE:typelattice_app_check> )
set(app $<TARGET_FILE:typelattice-app>)

# typelattice_app_test(NAME DISPLAY|NODISPLAY MODE ARGS...): one ctest entry.
function(typelattice_app_test name display mode)
  set(command $<TARGET_FILE:typelattice_app_check> ${mode} --app $<TARGET_FILE:typelattice-app> ${ARGN})
  if(display STREQUAL DISPLAY)
    if(NOT TYPELATTICE_XVFB_RUN)
      message(STATUS "xvfb-run not found: skipping app_${name}")
      return()
    endif()
    set(command ${TYPELATTICE_XVFB_RUN} -a -s "-screen 0 1920x1200x24" ${command})
  endif()
  add_test(NAME app_${name} COMMAND ${command})
  # One Xvfb at a time: `xvfb-run -a` can race for a display number.
  set_tests_properties(app_${name} PROPERTIES LABELS app TIMEOUT 120 RESOURCE_LOCK xvfb
                       ENVIRONMENT TYPELATTICE_ARTIFACTS=${TYPELATTICE_APP_ARTIFACTS})
endfunction()

set(shots ${TYPELATTICE_APP_ARTIFACTS})
typelattice_app_test(lattice_float16_bfloat16 DISPLAY screenshot --png ${shots}/app_lattice.png --join float32
  --cli $<TARGET_FILE:typelattice> --join-is-cli-select "float16 bfloat16"
  --expect node:float16=selected --expect node:bfloat16=selected --expect node:float32=join
  --expect node:int8=plain -- --select float16,bfloat16)
typelattice_app_test(lattice_int8_uint8 DISPLAY screenshot --png ${shots}/app_lattice_int8_uint8.png --join int16
  --cli $<TARGET_FILE:typelattice> --why-is-cli-explain "int8 uint8"
  --expect node:int8=selected --expect node:uint8=selected --expect node:int16=join -- --select int8,uint8)
typelattice_app_test(lattice_hidpi DISPLAY screenshot --png ${shots}/app_lattice_hidpi.png --size 1920x1200
  --join complex64 --expect node:int8=selected --expect node:complex64=join --expect node:f*=selected
  -- --select i1,f*,c8 --scale 1.5)
typelattice_app_test(lattice_table_system DISPLAY screenshot --png ${shots}/app_lattice_numpy.png --join int16
  --expect node:int8=selected --expect node:uint8=selected --expect node:int16=join
  -- --system numpy --select int8,uint8)
typelattice_app_test(table DISPLAY screenshot --png ${shots}/app_table.png --join float32
  --expect cell:float16,bfloat16=pair --expect cell:bfloat16,float16=pair -- --view table --select float16,bfloat16)
typelattice_app_test(table_torch DISPLAY screenshot --png ${shots}/app_table_torch.png --join int16
  --expect cell:int8,uint8=pair -- --view table --system torch --compare jax --select int8,uint8)
typelattice_app_test(bits DISPLAY screenshot --png ${shots}/app_bits.png --bits 0x3a/8
  --expect code:0x3a=selected -- --view bits --format float8_e4m3fn --code 0x3a)
typelattice_app_test(bits_fp4 DISPLAY screenshot --png ${shots}/app_bits_fp4.png --bits 0xb/4
  --expect code:0xb=selected -- --view bits --format float4_e2m1fn --code 0xb)
typelattice_app_test(bits_float16 DISPLAY screenshot --png ${shots}/app_bits_float16.png --bits 0x3c00/16
  --expect code:0x3c00=selected -- --view bits --format float16 --code 0x3c00)
# float32: 32 bits in the row (1.0's exponent bits 29..23 set), the grid on the page 0x3F8000__.
typelattice_app_test(bits_float32 DISPLAY screenshot --png ${shots}/app_bits_float32.png --bits 0x3f800000/32
  --expect code:0x3f800000=selected --expect page:+=step -- --view bits --format float32 --code 0x3f800000)
typelattice_app_test(bits_float32_value_like_cli DISPLAY screenshot --png ${shots}/app_bits_float32_value.png
  --bits 0x3dcccccd/32 --cli $<TARGET_FILE:typelattice> --cli-args "cast --to float32 0.1"
  -- --view bits --format float32 --value 0.1)
typelattice_app_test(bits_value_like_cli DISPLAY screenshot --png ${shots}/app_bits_value.png
  --cli $<TARGET_FILE:typelattice> --cli-args "cast --to float8_e5m2 0.3"
  -- --view bits --format float8_e5m2 --value 0.3)
typelattice_app_test(bits_p3109 DISPLAY screenshot --png ${shots}/app_bits_p3109.png --bits 0x7e/8
  --expect code:0x7e=selected -- --view bits --format p3109_k8p3se --code 0x7e)
typelattice_app_test(bits_p3109_value_like_cli DISPLAY screenshot --png ${shots}/app_bits_p3109_value.png
  --cli $<TARGET_FILE:typelattice> --cli-args "cast --to p3109_k8p3ue -1"
  -- --view bits --format p3109_k8p3ue --value -1)
typelattice_app_test(bits_defined_value_like_cli DISPLAY screenshot --png ${shots}/app_bits_defined.png
  --cli $<TARGET_FILE:typelattice> --cli-args "cast --to e4m3:fn:bias=7 --round toward-zero 4.4"
  -- --view bits --format e4m3:fn:bias=7 --round toward-zero --value 4.4)
typelattice_app_test(bits_stochastic_like_cli DISPLAY screenshot --png ${shots}/app_bits_stochastic.png
  --cli $<TARGET_FILE:typelattice> --cli-args "cast --to float8_e4m3fn --round stochastic --seed 3 4.1"
  -- --view bits --format float8_e4m3fn --round stochastic --seed 3 --value 4.1)
typelattice_app_test(bits_e8m0_value_like_cli DISPLAY screenshot --png ${shots}/app_bits_e8m0.png
  --cli $<TARGET_FILE:typelattice> --cli-args "cast --to float8_e8m0fnu 3"
  -- --view bits --format float8_e8m0fnu --value 3)
typelattice_app_test(lattice_x64_off DISPLAY screenshot --png ${shots}/app_lattice_x64_off.png --join int32
  --expect node:uint32=selected --expect node:int32=join -- --x64 off --select uint32,int32)
typelattice_app_test(lattice_x64_on DISPLAY screenshot --png ${shots}/app_lattice_x64_on.png --join int64
  --expect node:uint32=selected --expect node:int32=selected --expect node:int64=join -- --select uint32,int32)
# The design document's stages: a lattice (final) and one that is not (ints to floats of twice the width).
typelattice_app_test(preset_final DISPLAY screenshot --png ${shots}/app_preset_final.png --join int16
  --expect node:uint8=selected --expect node:int8=selected --expect node:int16=join
  -- --preset final --select uint8,int8)
typelattice_app_test(preset_competing_bounds DISPLAY screenshot --png ${shots}/app_preset_double_width.png
  --contains "join is not unique" --contains float16 --contains int16 --cli $<TARGET_FILE:typelattice>
  --join-is-cli-select "--preset int-float-double-width uint8 int8" --expect node:uint8=selected
  --expect node:int8=selected -- --preset int-float-double-width --select uint8,int8)
typelattice_app_test(preset_weak_nodes DISPLAY screenshot --png ${shots}/app_preset_python_scalars.png --join uint8
  --expect node:u*=selected --expect node:uint8=join -- --preset python-scalars --select u*,uint8)

# Clicking: on a lattice node, a table system's type, a table cell, a bit and a code of the grid.
typelattice_app_test(click_lattice_node DISPLAY screenshot --png ${shots}/app_click_lattice.png --join int16
  --click-on node:int8 --expect node:int8=selected --expect node:int16=join -- --select uint8)
typelattice_app_test(click_lattice_deselect DISPLAY screenshot --png ${shots}/app_click_deselect.png --join float16
  --click-on node:bfloat16 --expect node:bfloat16=plain --expect node:float16=join -- --select float16,bfloat16)
typelattice_app_test(click_table_system_type DISPLAY screenshot --png ${shots}/app_click_numpy.png --join float32
  --click-on node:float16 --expect node:float16=selected --expect node:float32=join
  -- --system numpy --select int8,uint8)
typelattice_app_test(click_table_cell DISPLAY screenshot --png ${shots}/app_click_table.png --join int16
  --click-on cell:int8,uint8 --expect cell:int8,uint8=pair --expect cell:uint8,int8=pair
  -- --view table --select float16,bfloat16)
typelattice_app_test(click_bit DISPLAY screenshot --png ${shots}/app_click_bit.png --bits 0x39/8
  --click-on bit:0 --expect code:0x39=selected -- --view bits --format float8_e4m3fn --code 0x38)
typelattice_app_test(click_code DISPLAY screenshot --png ${shots}/app_click_code.png --bits 0x7e/8
  --click-on code:0x7e --expect code:0x7e=selected -- --view bits --format float8_e4m3fn --code 0x38)
# float32: the sign bit (1.0 -> -1, the CLI's code for -1), the page buttons (+ keeps the low byte, - wraps).
typelattice_app_test(click_bit_float32_sign DISPLAY screenshot --png ${shots}/app_click_bit_float32.png
  --bits 0xbf800000/32 --click-on bit:31 --cli $<TARGET_FILE:typelattice> --cli-args "cast --to float32 -1"
  -- --view bits --format float32 --code 0x3f800000)
typelattice_app_test(click_page_float32 DISPLAY screenshot --png ${shots}/app_click_page_float32.png
  --bits 0x3f8001ff/32 --click-on page:+ --expect code:0x3f8001ff=selected
  -- --view bits --format float32 --code 0x3f8000ff)
typelattice_app_test(click_page_float32_wraps DISPLAY screenshot --png ${shots}/app_click_page_float32_wraps.png
  --bits 0xffffffab/32 --click-on page:- --expect code:0xffffffab=selected
  -- --view bits --format float32 --code 0xab)
# Edges follow the core's routes: none is drawn through a node it does not join (strict mode's f* -> float64 bends
# around float32, c* -> complex128 around complex64), in every mode and in the design stages.
typelattice_app_test(routes_strict DISPLAY screenshot --png ${shots}/app_routes_strict.png --routes-clear
  --bent "f*->float64" --bent "c*->complex128" -- --mode strict)
typelattice_app_test(routes_standard DISPLAY screenshot --png ${shots}/app_routes_standard.png --routes-clear --)
typelattice_app_test(routes_stage DISPLAY screenshot --png ${shots}/app_routes_stage.png --routes-clear
  -- --preset numpy-scalar-ints)
# Keyboard shortcuts.
typelattice_app_test(key_strict DISPLAY error --png ${shots}/app_key_strict.png --cli $<TARGET_FILE:typelattice>
  --cli-args "promote float32 int32 --mode strict" --contains strict -- --select float32,int32 --press S)
typelattice_app_test(key_table_view DISPLAY screenshot --png ${shots}/app_key_table.png --join float32
  --expect cell:float16,bfloat16=pair -- --select float16,bfloat16 --press 2)
typelattice_app_test(key_escape DISPLAY screenshot --png ${shots}/app_key_escape.png --join "none (nothing selected)"
  --expect node:float16=plain -- --select float16,bfloat16 --press Escape)
typelattice_app_test(key_next_code DISPLAY screenshot --png ${shots}/app_key_next_code.png --bits 0x39/8
  --expect code:0x39=selected -- --view bits --code 0x38 --press Right)
typelattice_app_test(key_next_code_float32_page DISPLAY screenshot --png ${shots}/app_key_next_code_float32.png
  --bits 0x3f800100/32 --expect code:0x3f800100=selected -- --view bits --format float32 --code 0x3f8000ff --press Right)
typelattice_app_test(key_next_system DISPLAY screenshot --png ${shots}/app_key_next_system.png --join int64
  --expect node:bool=selected --expect node:int64=join -- --select bool,i* --press ])
typelattice_app_test(key_system_leaves_preset DISPLAY screenshot --png ${shots}/app_key_leaves_preset.png
  --contains u* --expect node:uint8=selected -- --preset python-scalars --select u*,uint8 --press ])
typelattice_app_test(strict_error DISPLAY error --png ${shots}/app_strict.png --cli $<TARGET_FILE:typelattice>
  --cli-args "promote float32 int32 --mode strict" --contains strict -- --mode strict --select float32,int32)
typelattice_app_test(strict_error_like_select DISPLAY screenshot --png ${shots}/app_strict_select.png
  --cli $<TARGET_FILE:typelattice> --join-is-cli-select "--mode strict float32 int32" -- --mode strict
  --select float32,int32)

# A user's lattice file (--lattice, the Lattice file field): joins, the check's counterexample, load errors.
set(lattices ${PROJECT_SOURCE_DIR}/tests/data)
set(cli $<TARGET_FILE:typelattice>)
typelattice_app_test(user_lattice_diamond DISPLAY screenshot --png ${shots}/app_user_diamond.png --join top
  --expect node:a=selected --expect node:b=selected --expect node:top=join --expect node:bottom=plain
  --cli ${cli} --cli-check ${lattices}/lattice_diamond.json -- --lattice ${lattices}/lattice_diamond.json --select a,b)
typelattice_app_test(user_lattice_competing DISPLAY screenshot --png ${shots}/app_user_competing.png
  --contains "join is not unique" --cli ${cli} --join-is-cli-check ${lattices}/lattice_competing.json
  --join-is-cli-select "--lattice ${lattices}/lattice_competing.json a b"
  --cli-check ${lattices}/lattice_competing.json --expect node:a=selected --expect node:b=selected
  --expect outline:c=competing --expect outline:d=competing --expect outline:a=counterexample
  --expect outline:b=counterexample -- --lattice ${lattices}/lattice_competing.json --select a,b)
typelattice_app_test(user_lattice_cycle DISPLAY screenshot --png ${shots}/app_user_cycle.png
  --join "none (nothing selected)" --cli ${cli} --cli-check ${lattices}/lattice_cycle.json
  --expect outline:a=cycle --expect outline:b=cycle --expect outline:c=cycle --expect node:d=plain
  -- --lattice ${lattices}/lattice_cycle.json)
typelattice_app_test(user_lattice_click_node DISPLAY screenshot --png ${shots}/app_user_click.png --join top
  --click-on node:b --expect node:b=selected --expect node:top=join
  -- --lattice ${lattices}/lattice_diamond.json --select a)
typelattice_app_test(user_lattice_table DISPLAY screenshot --png ${shots}/app_user_table.png --join top
  --expect cell:a,b=pair --expect cell:b,a=pair --expect cell:top,bottom=plain
  -- --lattice ${lattices}/lattice_diamond.json --select a,b --view table)
# 100 nodes are more columns than a Dear ImGui 1.86 table holds (it aborts past 64): the Table panel draws every
# row and the first 63 columns, and says so.
typelattice_app_test(user_lattice_table_too_wide DISPLAY screenshot --png ${shots}/app_user_table_wide.png --join n7
  --cli ${cli} --cli-check ${lattices}/lattice_chain_100.json --expect cell:n3,n7=pair --expect cell:n7,n3=pair
  -- --lattice ${lattices}/lattice_chain_100.json --select n3,n7 --view table)
# In the window: a path that does not open shows why (red, by the field) and keeps the graph and selection.
typelattice_app_test(user_lattice_open_fails_keeps_graph DISPLAY screenshot --png ${shots}/app_user_open_fails.png
  --join top --output-has "lattice file: cannot read" --output-has "lattice_diamond.jsonx"
  --expect node:top=join --expect node:a=selected
  -- --lattice ${lattices}/lattice_diamond.json --select a,b --click @field:lattice-file --press End --type x
  --click @button:Open)
typelattice_app_test(user_lattice_open_from_field DISPLAY screenshot --png ${shots}/app_user_open_field.png
  --join "none (nothing selected)" --cli ${cli} --cli-check ${lattices}/lattice_cycle.json
  --expect outline:c=cycle -- --lattice ${lattices}/lattice_diamond.json --select a,b --click @field:lattice-file
  --press End --press Backspace --press Backspace --press Backspace --press Backspace --press Backspace
  --press Backspace --press Backspace --press Backspace --press Backspace --press Backspace --press Backspace
  --press Backspace --type cycle.json --press Return)
typelattice_app_test(user_lattice_malformed NODISPLAY bad-input --contains lattice_malformed.json
  --contains "line 2, column 22" --cli ${cli} --cli-args "check ${lattices}/lattice_malformed.json"
  -- --headless --lattice ${lattices}/lattice_malformed.json --select a,b)
typelattice_app_test(user_lattice_missing NODISPLAY bad-input --contains "cannot read" --contains no-such-lattice.json
  --contains "No such file" --cli ${cli} --cli-args "check ${lattices}/no-such-lattice.json"
  -- --headless --lattice ${lattices}/no-such-lattice.json)
typelattice_app_test(user_lattice_directory NODISPLAY bad-input --contains "is a directory"
  -- --headless --lattice ${lattices})
typelattice_app_test(user_lattice_unknown_node NODISPLAY bad-input --contains "unknown node \"top\""
  --cli ${cli} --cli-args "check ${lattices}/lattice_unknown_node.json"
  -- --headless --lattice ${lattices}/lattice_unknown_node.json)
typelattice_app_test(user_lattice_duplicate_node NODISPLAY bad-input --contains "\"a\" is listed twice"
  --cli ${cli} --cli-args "check ${lattices}/lattice_duplicate_node.json"
  -- --headless --lattice ${lattices}/lattice_duplicate_node.json)
typelattice_app_test(usage_select_not_in_lattice NODISPLAY usage --exit 2 --contains "unknown node 'int8'"
  -- --headless --lattice ${lattices}/lattice_diamond.json --select a,int8)
typelattice_app_test(usage_lattice_and_preset NODISPLAY usage --exit 2 --contains --preset
  -- --headless --lattice ${lattices}/lattice_diamond.json --preset final)

typelattice_app_test(usage_bad_flag NODISPLAY usage --exit 2 --contains "--bogus" -- --headless --bogus)
typelattice_app_test(usage_unknown_dtype NODISPLAY usage --exit 2 --contains flaot16 --contains float16
  -- --headless --select flaot16,int8)
typelattice_app_test(usage_unknown_system NODISPLAY usage --exit 2 --contains nunpy --contains numpy
  -- --headless --system nunpy)
typelattice_app_test(usage_bad_code NODISPLAY usage --exit 2 --contains 0x100 -- --headless --code 0x100)
typelattice_app_test(usage_bad_code_float32 NODISPLAY usage --exit 2 --contains 0x100000000 --contains "float32 (32 bits)"
  -- --headless --format float32 --code 0x100000000)
typelattice_app_test(usage_bad_size NODISPLAY usage --exit 2 --contains 10x10 -- --headless --size 10x10)
typelattice_app_test(usage_missing_value NODISPLAY usage --exit 2 --contains --select -- --headless --select)
typelattice_app_test(usage_bad_key NODISPLAY usage --exit 2 --contains NoSuchKey -- --headless --press NoSuchKey)
typelattice_app_test(usage_unknown_preset NODISPLAY usage --exit 2 --contains optoin3 --contains option3
  -- --headless --preset optoin3)
typelattice_app_test(usage_select_not_in_preset NODISPLAY usage --exit 2 --contains bfloat16
  -- --headless --preset option3 --select bfloat16,int8)
typelattice_app_test(usage_help NODISPLAY usage --exit 0 --contains --screenshot -- --help)

# A damaged ini file (zoom=nan, pan_y=inf, a lattice file nested 10^5 deep, ...) is ignored value by value with a
# note, and the interactive app keeps running.
if(TYPELATTICE_XVFB_RUN)
  add_test(NAME app_bad_ini COMMAND ${CMAKE_CURRENT_LIST_DIR}/bad_ini_test.sh $<TARGET_FILE:typelattice-app>)
  set_tests_properties(app_bad_ini PROPERTIES LABELS app TIMEOUT 180 RESOURCE_LOCK xvfb)
endif()

# The bits view's cast line ("bits: 0xCODE VALUE") is what `typelattice cast --to F ... -- V` prints, with the
# same defaults (the format's ONNX Cast defaults: float16 1e6 is Inf) and options, and the same errors (exit 2).
function(typelattice_app_cast_test name display)
  typelattice_app_test(cast_${name} ${display} cast --cli ${cli} -- ${ARGN})
endfunction()
typelattice_app_cast_test(float16_overflow_is_inf DISPLAY --format float16 --value 1e6)
typelattice_app_cast_test(float16_saturate DISPLAY --format float16 --saturate --value 1e6)
typelattice_app_cast_test(e4m3fn_saturates DISPLAY --format float8_e4m3fn --value 1000)
typelattice_app_cast_test(e4m3fn_no_saturate DISPLAY --format FLOAT8E4M3FN --no-saturate --value 1000)
typelattice_app_cast_test(e5m2_negative_inf DISPLAY --format float8_e5m2 --value -inf)
typelattice_app_cast_test(e4m3fnuz_nan DISPLAY --format float8_e4m3fnuz --value nan)
typelattice_app_cast_test(e8m0_default_up DISPLAY --format float8_e8m0fnu --value 3)
typelattice_app_cast_test(e8m0_down DISPLAY --format float8_e8m0fnu --round down --value 3)
typelattice_app_cast_test(e8m0_nearest DISPLAY --format float8_e8m0fnu --round nearest --value 2.9)
typelattice_app_cast_test(bfloat16_tenth DISPLAY --format bfloat16 --value 0.1)
typelattice_app_cast_test(float32_tenth DISPLAY --format float32 --value 0.1)
typelattice_app_cast_test(fp4_negative_zero DISPLAY --format float4_e2m1fn --value -0)
typelattice_app_cast_test(fp6_no_saturate_clips DISPLAY --format float6_e3m2fn --no-saturate --value 1e300)
typelattice_app_cast_test(hex_float64 DISPLAY --format float8_e4m3fn --input hex --value 0x3ff1000000000001)
typelattice_app_cast_test(hex_float32 DISPLAY --format float8_e4m3fn --input hex --from float32 --value 0x3f880000)
typelattice_app_cast_test(decimal_as_float32 DISPLAY --format float8_e4m3fn --from float32 --value 1.0625000001)
# Typed into the Bits panel's field: the panel starts from the same defaults as the CLI (float16 1e6 is Inf).
typelattice_app_cast_test(panel_float16_overflow_is_inf DISPLAY --format float16 --click @field:cast-value
  --type 1e6 --press Return)
typelattice_app_cast_test(panel_e4m3fn_saturates DISPLAY --format float8_e4m3fn --click @field:cast-value
  --type -1000 --press Return)
# Errors: the core's text, as the CLI prints it, and exit 2.
typelattice_app_cast_test(error_bad_number NODISPLAY --format float16 --value 1.5x)
typelattice_app_cast_test(error_round_on_float16 NODISPLAY --format float16 --round down --value 3)
typelattice_app_cast_test(error_unknown_round NODISPLAY --format float8_e8m0fnu --round sideways --value 3)
typelattice_app_cast_test(error_hex_digits NODISPLAY --format float8_e4m3fn --input hex --value 0x3f80)
typelattice_app_cast_test(error_source_type NODISPLAY --format float8_e4m3fn --from float16 --value 1)
typelattice_app_cast_test(error_saturate_both NODISPLAY --format float16 --saturate --no-saturate --value 1)
typelattice_app_cast_test(error_out_of_float64 NODISPLAY --format float16 --value 1e400)

# The bits view's facts about the value cast (shortest, between, tie, stochastic rounding's share and mean) are
# the lines `typelattice layout F FLAGS -- V` prints, with every flag: srbits on both sides of where 4.1 starts
# rounding away in float8_e4m3fn (51 of 256 patterns do), other widths of srbits, a seed, a tie.
function(typelattice_app_facts_test name)
  typelattice_app_test(facts_${name} DISPLAY facts --cli $<TARGET_FILE:typelattice> -- --view bits ${ARGN})
endfunction()
foreach(srbits 0 51 204 205 255)
  typelattice_app_facts_test(e4m3fn_srbits_${srbits} --format float8_e4m3fn --round stochastic --srbits ${srbits}
    --value 4.1)
endforeach()
typelattice_app_facts_test(e5m2_srnumbits_3_srbits_6 --format float8_e5m2 --round stochastic --srnumbits 3 --srbits 6
  --value -0.3)
typelattice_app_facts_test(bfloat16_srnumbits_16_srbits --format bfloat16 --round stochastic --srnumbits 16
  --srbits 40000 --value 0.1)
typelattice_app_facts_test(e4m3fn_seed --format float8_e4m3fn --round stochastic --seed 3 --value 4.1)
typelattice_app_facts_test(e4m3fn_tie --format float8_e4m3fn --value 4.25)

# The Blocks view: its headless lines are `typelattice quantize --format text`'s on the same values (the issue's
# MXFP4 example: floor gives scale 2^0 and 7.5 saturates to 6; rceil gives 2^1 and 7.5 -> 8), and its
# screenshot shows the scale's bits where it says it drew them. (A ';' would split a CMake argument: the block
# line is matched in two parts.)
typelattice_app_test(blocks_screenshot_mxfp4 DISPLAY screenshot --png ${shots}/app_blocks.png
  --output-has "block 1: scale 0x7f 1" --output-has "mse 0.28125, sqnr 14.49 dB, max abs error 1.5, saturated 1, flushed 0"
  --output-has "  7.5 -> 0x7 6 -> 6 saturated"
  --expect scale-bit:1/7=clear --expect scale-bit:1/0=set
  -- --view blocks --format mxfp4_e2m1 --scale-mode floor --values 7.5,1,1,1,1,1,1,1)
# amax 6: the E4M3 scale is 6 / 6 = 1, code 0x38 (0 0111 000), drawn in a phone-sized window.
typelattice_app_test(blocks_screenshot_nvfp4_phone DISPLAY screenshot --png ${shots}/app_blocks_nvfp4.png --size 390x800
  --output-has "block 1: scale 0x38 1" --output-has "sqnr 19.87 dB, max abs error 0.5, saturated 0, flushed 2"
  --expect scale-bit:1/7=clear --expect scale-bit:1/6=clear --expect scale-bit:1/5=set --expect scale-bit:1/0=clear
  -- --view blocks --format nvfp4 --values=-3.5,0.25,1,2.5,6,-0.1)
function(typelattice_app_blocks_test name display)
  typelattice_app_test(blocks_like_cli_${name} ${display} blocks --cli ${cli} -- ${ARGN})
endfunction()
typelattice_app_blocks_test(mxfp4_floor DISPLAY --format mxfp4_e2m1 --scale-mode floor --values 7.5,1,1)
typelattice_app_blocks_test(mxfp4_rceil DISPLAY --format mxfp4_e2m1 --scale-mode rceil --values 7.5,1,1)
typelattice_app_blocks_test(mxfp8_two_blocks DISPLAY --format mxfp8_e4m3 --scale-mode even
  --values 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,1000,0.001,-7)
typelattice_app_blocks_test(mxint8_default DISPLAY --format mxint8 --values=-0.5,0.3,1e-9,0,-0)
typelattice_app_blocks_test(nvfp4_tensor_scale DISPLAY --format nvfp4 --tensor-scale --values 1e-3,5,-600,nan)
typelattice_app_blocks_test(error_format NODISPLAY --format mxfp4 --values 1)
typelattice_app_blocks_test(error_scale_mode NODISPLAY --format nvfp4 --scale-mode floor --values 1)
typelattice_app_blocks_test(error_value NODISPLAY --format mxfp6_e2m3 --values 1,abc)
typelattice_app_blocks_test(error_tensor_scale_mx NODISPLAY --format mxfp6_e3m2 --tensor-scale --values 1)
# The compare panel: its rows ("compare: LINE" headless) are `typelattice compare`'s lines, for dtypes and for
# Python values; a bad operand exits 2 with the CLI's message.
typelattice_app_test(compare_uint8_300 DISPLAY compare --cli $<TARGET_FILE:typelattice> --png ${shots}/app_compare.png
  -- --view compare --operands uint8,300)
typelattice_app_test(compare_dtypes DISPLAY compare --cli $<TARGET_FILE:typelattice>
  --png ${shots}/app_compare_dtypes.png -- --view compare --operands int8,uint8,float16)
typelattice_app_test(compare_values DISPLAY compare --cli $<TARGET_FILE:typelattice>
  -- --view compare --operands float32,1j,-1)
# The toolbar's strict and x64 reach the compare rows of the systems that have them, as `compare --mode --x64`.
typelattice_app_test(compare_strict_x64_off DISPLAY compare --cli $<TARGET_FILE:typelattice>
  --png ${shots}/app_compare_strict.png -- --view compare --mode strict --x64 off --operands float32,int32,uint32)
typelattice_app_test(key_compare_view DISPLAY compare --cli $<TARGET_FILE:typelattice> -- --operands int8,1.5 --press 5)
typelattice_app_test(compare_typo NODISPLAY compare --cli $<TARGET_FILE:typelattice>
  -- --view compare --operands unit8,300)
# Long input in every text field and flag: taken whole, as the CLI takes it (never cut to a buffer's size).
# The operands end in float32, which decides the answer only if the field keeps all of them: 255, 256 and 1000
# characters (int8 with Python ints of 1 and 2 characters, then float32).
foreach(length 255 256 1000)
  math(EXPR ones "(${length} - 12) / 2")
  string(REPEAT ",1" ${ones} padding)
  math(EXPR odd "${length} % 2")
  if(odd)
    math(EXPR ones "(${length} - 15) / 2")
    string(REPEAT ",1" ${ones} padding)
    string(APPEND padding ",10")
  endif()
  typelattice_app_test(compare_operands_${length}_characters NODISPLAY compare --cli ${cli}
    -- --view compare --operands int8${padding},float32)
endforeach()
# A decimal of 71 characters whose last ones decide the rounding: 60 leading zeros, then 4.250000001, which rounds
# to 4.5 (4.25 is the tie between 4 and 4.5; cut at 63 characters, 4.2, it would round to 4).
string(REPEAT "0" 60 zeros)
typelattice_app_cast_test(long_value_flag NODISPLAY --format float8_e4m3fn --value ${zeros}4.250000001)
typelattice_app_cast_test(long_value_typed DISPLAY --format float8_e4m3fn --click @field:cast-value
  --type ${zeros}4.250000001 --press Return)
# 2 500 values (5 000 characters) in the blocks view, past the 4 096 its field once held.
string(REPEAT "1," 2499 many_values)
typelattice_app_blocks_test(values_5000_characters NODISPLAY --format mxfp8_e4m3 --values ${many_values}7.5)

find_program(TYPELATTICE_DEBIAN_PYTHON python3 PATHS /usr/bin NO_DEFAULT_PATH)
# typelattice_app_python_test(NAME SCRIPT ARGS...): tests/app/SCRIPT run by Debian's python3 under Xvfb with ARGS.
function(typelattice_app_python_test name script)
  if(TYPELATTICE_XVFB_RUN AND TYPELATTICE_DEBIAN_PYTHON)
    add_test(NAME ${name}
             COMMAND ${TYPELATTICE_XVFB_RUN} -a -s "-screen 0 1920x1200x24" ${TYPELATTICE_DEBIAN_PYTHON}
                     ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/${script} ${ARGN})
    set_tests_properties(${name} PROPERTIES LABELS app TIMEOUT 300 RESOURCE_LOCK xvfb)
  endif()
endfunction()
# The Tensors view: headless it prints what `typelattice analyze` prints, byte for byte, on files the test writes
# (safetensors byte by byte, .npy with NumPy), fails on bad files with the CLI's message, and its screenshot shows
# the histogram and the best target (Debian's python3 and python3-numpy, as tests/tensors).
typelattice_app_python_test(app_tensors_like_cli tensors_app_test.py ${cli} $<TARGET_FILE:typelattice-app>
                            $<TARGET_FILE:typelattice_app_check> ${TYPELATTICE_APP_ARTIFACTS})
# --batch: each line answered as a headless start of its own (tests/app/batch_app_test.py).
typelattice_app_python_test(app_batch batch_app_test.py $<TARGET_FILE:typelattice-app>)
# The Bits view for posit8, posit16 and hif8: headless it prints `typelattice decode` (or `cast`) and `layout`,
# byte for byte, and its field bars are as wide as the layout's fields (tests/app/tapered_app_test.py).
typelattice_app_python_test(app_tapered_like_cli tapered_app_test.py ${cli} $<TARGET_FILE:typelattice-app>)
# The Blocks view's "As libraries store them": headless it prints each field's bytes, which are `typelattice quantize
# --layout`'s, and each element's code and bits, which read the code back (tests/app/stored_app_test.py).
typelattice_app_python_test(app_stored_like_cli stored_app_test.py ${cli} $<TARGET_FILE:typelattice-app>)
# Its screenshot: bitsandbytes' NF4 puts element 0 (7.5, code 0xf) in the high nibble of byte 0 and element 1
# (1, code 0x9) in the low one; each bit is drawn in its element's colour where the app says it drew it.
typelattice_app_test(blocks_stored_nf4 DISPLAY screenshot --png ${shots}/app_blocks_stored_nf4.png
  --output-has "  field codes: f9 48 99 99"
  --expect stored-bit:1/codes/7=element-0-set --expect stored-bit:1/codes/4=element-0-set
  --expect stored-bit:1/codes/3=element-1-set --expect stored-bit:1/codes/1=element-1-clear
  --expect stored-bit:1/absmax/31=scale-clear
  -- --view blocks --values 7.5,1,-2,0.3,1,1,1,1 --stored nf4)
# Their screenshots: the bits and each field's bar drawn in its colour, the bar as wide as the field is in this
# code (posit8's regime is 2 bits in 1.0, 6 in 65536 with its last exponent bit cut off; a click on bit 1 makes
# 0x7e, whose regime takes every bit after the sign), the code the CLI casts 0.1 to on posit16's page.
typelattice_app_test(bits_posit8_one DISPLAY screenshot --png ${shots}/app_bits_posit8_one.png --bits 0x40/8
  --expect code:0x40=selected --expect field:sign=1-bit --expect field:regime=2-bit --expect field:exponent=2-bit
  --expect field:fraction=3-bit -- --view bits --format posit8 --code 0x40)
typelattice_app_test(bits_posit8_cut_exponent DISPLAY screenshot --png ${shots}/app_bits_posit8_cut.png --bits 0x7c/8
  --expect code:0x7c=selected --expect field:regime=6-bit --expect field:exponent=1-bit
  --expect field:cut-exponent=1-bit -- --view bits --format posit8 --code 0x7c)
typelattice_app_test(click_bit_posit8 DISPLAY screenshot --png ${shots}/app_click_bit_posit8.png --bits 0x7e/8
  --click-on bit:1 --expect code:0x7e=selected --expect field:regime=7-bit --expect field:cut-exponent=2-bit
  -- --view bits --format posit8 --code 0x7c)
typelattice_app_test(bits_hif8 DISPLAY screenshot --png ${shots}/app_bits_hif8.png --bits 0x6e/8
  --expect code:0x6e=selected --expect field:dot=2-bit --expect field:exponent=4-bit --expect field:mantissa=1-bit
  -- --view bits --format hif8 --code 0x6e)
typelattice_app_test(bits_hif8_denormal DISPLAY screenshot --png ${shots}/app_bits_hif8_denormal.png --bits 0x01/8
  --expect code:0x01=selected --expect field:dot=4-bit --expect field:mantissa=3-bit
  -- --view bits --format hif8 --code 0x01)
typelattice_app_test(bits_posit16_value_like_cli DISPLAY screenshot --png ${shots}/app_bits_posit16.png
  --bits 0x24cd/16 --cli $<TARGET_FILE:typelattice> --cli-args "cast --to posit16 0.1"
  -- --view bits --format posit16 --value 0.1)
typelattice_app_test(key_next_code_posit16_page DISPLAY screenshot --png ${shots}/app_key_next_code_posit16.png
  --bits 0x4100/16 --expect code:0x4100=selected --expect field:fraction=11-bit
  -- --view bits --format posit16 --code 0x40ff --press Right)
typelattice_app_cast_test(posit8_below_minpos DISPLAY --format posit8 --value 1e-30)
typelattice_app_cast_test(hif8_saturate DISPLAY --format hif8 --saturate --value 1e9)
typelattice_app_cast_test(panel_hif8_overflow_is_inf DISPLAY --format hif8 --click @field:cast-value
  --type 1e9 --press Return)
typelattice_app_cast_test(error_posit8_no_saturate NODISPLAY --format posit8 --no-saturate --value 3)
typelattice_app_test(usage_unknown_tapered_format NODISPLAY usage --exit 2 --contains posit8 -- --headless
  --view bits --format posit9)
typelattice_app_test(usage_to_without_file NODISPLAY usage --exit 2 --contains "--to needs --file"
  -- --headless --to nvfp4)
typelattice_app_test(usage_unknown_view NODISPLAY usage --exit 2 --contains tensors -- --headless --view tensor)
