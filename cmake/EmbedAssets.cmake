# typelattice_embed_assets(OUT_VAR dir...) turns every text file in the given folders into packed text in one
# generated .cpp (cmake/WriteEmbeddedAssets.cmake), read through core/base/assets.h's embedded_asset(name).
function(typelattice_embed_assets out_var)
  set(generated ${CMAKE_CURRENT_BINARY_DIR}/generated/embedded_assets.cpp)
  set(files)
  foreach(dir IN LISTS ARGN)
    file(GLOB found CONFIGURE_DEPENDS ${dir}/*.txt ${dir}/*.csv)
    list(APPEND files ${found})
  endforeach()
  list(SORT files)
  string(REPLACE ";" "|" files_arg "${files}")  # a list would split into several COMMAND arguments
  add_custom_command(
    OUTPUT ${generated}
    COMMAND ${CMAKE_COMMAND} -DOUT=${generated} "-DFILES=${files_arg}" -P ${PROJECT_SOURCE_DIR}/cmake/WriteEmbeddedAssets.cmake
    DEPENDS ${files} ${PROJECT_SOURCE_DIR}/cmake/WriteEmbeddedAssets.cmake
    COMMENT "Embedding assets" VERBATIM)
  set_source_files_properties(${generated} PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)  # one long file of its own
  set(${out_var} ${generated} PARENT_SCOPE)
endfunction()
