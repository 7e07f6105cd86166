# Installation (`cmake --install build --prefix P`) and the Debian package
# (`cpack -G DEB`): the command line, the plugin, libcommcost and its
# headers (commcost/budget.h among them), the CMake package that other
# projects find with find_package(commcost) (cmake/commcostConfig.cmake.in,
# cmake/commcostFunctions.cmake), and the script that rewrites pinned CHECK
# lines. Layout under P:
#   bin/commcost
#   lib/libcommcost.so
#   lib/commcost/CommCost.so                  (the plugin)
#   include/commcost/*.h
#   lib/cmake/commcost/                       (the CMake package)
#   share/commcost/update_commcost_test_checks.py
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(COMMCOST_INSTALL_PLUGINDIR ${CMAKE_INSTALL_LIBDIR}/commcost)
set(COMMCOST_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/commcost)
set(COMMCOST_INSTALL_DATADIR ${CMAKE_INSTALL_DATADIR}/commcost)

# `commcost --plugin-path` finds the installed plugin from its own
# location, so the tree can be installed under any prefix.
file(RELATIVE_PATH COMMCOST_PLUGIN_FROM_BINDIR ${CMAKE_INSTALL_FULL_BINDIR}
     ${CMAKE_INSTALL_PREFIX}/${COMMCOST_INSTALL_PLUGINDIR}/CommCost.so)
target_compile_definitions(commcost-cli PRIVATE
  COMMCOST_PLUGIN_FROM_BINDIR="${COMMCOST_PLUGIN_FROM_BINDIR}")
file(RELATIVE_PATH COMMCOST_LIBDIR_FROM_BINDIR ${CMAKE_INSTALL_FULL_BINDIR}
     ${CMAKE_INSTALL_FULL_LIBDIR})
set_target_properties(commcost-cli PROPERTIES
  INSTALL_RPATH "$ORIGIN/${COMMCOST_LIBDIR_FROM_BINDIR}"
  EXPORT_NAME cli)
set_target_properties(CommCost PROPERTIES INSTALL_RPATH "$ORIGIN/.."
  EXPORT_NAME plugin)

install(TARGETS commcost-cli EXPORT commcostTargets
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS commcost EXPORT commcostTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS CommCost EXPORT commcostTargets
  LIBRARY DESTINATION ${COMMCOST_INSTALL_PLUGINDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/runtime/include/commcost
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(PROGRAMS ${PROJECT_SOURCE_DIR}/scripts/update_commcost_test_checks.py
  DESTINATION ${COMMCOST_INSTALL_DATADIR})

install(EXPORT commcostTargets NAMESPACE commcost::
  DESTINATION ${COMMCOST_INSTALL_CMAKEDIR})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/commcostConfig.cmake.in
  ${CMAKE_BINARY_DIR}/commcostConfig.cmake
  INSTALL_DESTINATION ${COMMCOST_INSTALL_CMAKEDIR}
  PATH_VARS COMMCOST_INSTALL_DATADIR)
# 0.x: a new minor version may change the records' keys or the functions.
write_basic_package_version_file(${CMAKE_BINARY_DIR}/commcostConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${CMAKE_BINARY_DIR}/commcostConfig.cmake
  ${CMAKE_BINARY_DIR}/commcostConfigVersion.cmake
  ${CMAKE_CURRENT_LIST_DIR}/commcostFunctions.cmake
  ${CMAKE_CURRENT_LIST_DIR}/commcostCopyRecords.cmake
  DESTINATION ${COMMCOST_INSTALL_CMAKEDIR})

# The Debian package: what `cmake --install` installs, under /usr.
set(CPACK_PACKAGE_NAME commcost)
set(CPACK_PACKAGE_VENDOR commcost)
set(CPACK_PACKAGE_CONTACT "commcost developers <dev@commcost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "Compiler-integrated communication cost analysis (Clang 19 plugin)")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
# Shared-library dependencies from dpkg-shlibdeps; clang-19 loads the
# plugin, and the headers include nlohmann/json.hpp.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS
  ${CMAKE_BINARY_DIR}/lib)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "clang-19")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "nlohmann-json3-dev")
set(CPACK_GENERATOR DEB)
include(CPack)
