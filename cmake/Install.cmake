# Installs the core for other CMake projects: libtypelattice_core.a (its per-ISA kernels and embedded assets are
# compiled into it), the public headers, and a package, so that
#   find_package(typelattice REQUIRED)  +  target_link_libraries(app PRIVATE typelattice::core)
# works after `cmake --install <build> --component core --prefix <prefix>`. tests/consumer/ checks it.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)
set_target_properties(typelattice_core PROPERTIES EXPORT_NAME core)
set(TYPELATTICE_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/typelattice)
install(TARGETS typelattice_core EXPORT typelatticeTargets COMPONENT core
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/core/include/typelattice DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        COMPONENT core)
install(EXPORT typelatticeTargets NAMESPACE typelattice:: DESTINATION ${TYPELATTICE_CMAKE_DIR} COMPONENT core)
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/typelatticeConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/typelatticeConfig.cmake INSTALL_DESTINATION ${TYPELATTICE_CMAKE_DIR})
# 0.x: a minor version may change the API, so only the same major.minor is compatible.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/typelatticeConfigVersion.cmake
                                 VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/typelatticeConfig.cmake ${PROJECT_BINARY_DIR}/typelatticeConfigVersion.cmake
        DESTINATION ${TYPELATTICE_CMAKE_DIR} COMPONENT core)
