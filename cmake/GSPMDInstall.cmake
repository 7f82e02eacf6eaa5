# Install rules: `cmake --install build --prefix P` (or `make install
# PREFIX=P`) lays out
#   P/lib         libGSPMDCAPI.so, libGSPMDPlugin.so, libGSPMDRuntime.so
#   P/include     gspmd-c/*.h (C API), gspmd-runtime/gspmd_runtime.h
#   P/bin         gspmd-opt, gspmd-run, gspmd-xla-run
#   P/lib/cmake/GSPMD     GSPMDConfig.cmake (find_package(GSPMD CONFIG))
#   P/lib/pkgconfig       gspmd.pc
#   P/share/gspmd/python  the pip-installable Python package, which records
#                         P/lib/libGSPMDCAPI.so in gspmd/_config.py
# docs/install.md says the same for users. Everything refers to P relatively
# ($ORIGIN RPATHs, the config file's own location, the launcher's) except the
# two files written at install time (gspmd.pc, _config.py), which record P.

set(GSPMD_VERSION 0.1.0)
set(GSPMD_PYTHON_DESTINATION share/gspmd/python)

# Installed objects find each other through $ORIGIN and Debian's MLIR by its
# absolute directory (libMLIR.so and libLLVM.so are not on the loader's
# default path). The build tree keeps its own RPATHs.
set(GSPMD_INSTALLED_TARGETS GSPMDCAPI GSPMDPlugin GSPMDRuntime gspmd-opt
    gspmd-run)
set_target_properties(${GSPMD_INSTALLED_TARGETS} PROPERTIES
  INSTALL_RPATH "\$ORIGIN/../lib;${LLVM_LIBRARY_DIR}")

install(TARGETS GSPMDCAPI GSPMDRuntime GSPMDPlugin
  LIBRARY DESTINATION lib)
install(TARGETS gspmd-opt gspmd-run RUNTIME DESTINATION bin)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/gspmd-c
  DESTINATION include FILES_MATCHING PATTERN "*.h")
# Kept in a directory of its own so that consumers include it by the same
# name as in the build tree ("gspmd_runtime.h") without a bare include/ path.
install(FILES ${PROJECT_SOURCE_DIR}/runtime/gspmd_runtime.h
  DESTINATION include/gspmd-runtime)

# The CMake package. Written by hand rather than by install(EXPORT): the
# build-tree GSPMDCAPI target carries MLIR's C API archives (linked whole into
# the library) in its link interface, which a consumer must not link again.
include(CMakePackageConfigHelpers)
configure_file(${PROJECT_SOURCE_DIR}/cmake/GSPMDConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/GSPMDConfig.cmake @ONLY)
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/cmake/GSPMDConfigVersion.cmake
  VERSION ${GSPMD_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/cmake/GSPMDConfig.cmake
  ${PROJECT_BINARY_DIR}/cmake/GSPMDConfigVersion.cmake
  DESTINATION lib/cmake/GSPMD)

# pkg-config and the Python package's library record name the prefix given
# to `cmake --install --prefix`, known only when the install runs.
set(GSPMD_MLIR_INCLUDE_DIR "${MLIR_INCLUDE_DIRS}")
list(GET GSPMD_MLIR_INCLUDE_DIR 0 GSPMD_MLIR_INCLUDE_DIR)
set(GSPMD_PREFIX "@GSPMD_PREFIX@") # filled in by the install step
configure_file(${PROJECT_SOURCE_DIR}/cmake/gspmd.pc.in
  ${PROJECT_BINARY_DIR}/cmake/gspmd.pc.in @ONLY)
unset(GSPMD_PREFIX)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/python-bindings/
  DESTINATION ${GSPMD_PYTHON_DESTINATION}
  PATTERN __pycache__ EXCLUDE PATTERN "*.pyc" EXCLUDE
  PATTERN "*.egg-info" EXCLUDE PATTERN "build" EXCLUDE
  PATTERN "dist" EXCLUDE PATTERN "_config.py" EXCLUDE)
install(CODE "
  set(GSPMD_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
  set(GSPMD_DEST \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}\")
  configure_file(\"${PROJECT_BINARY_DIR}/cmake/gspmd.pc.in\"
    \"\${GSPMD_DEST}/lib/pkgconfig/gspmd.pc\" @ONLY)
  message(STATUS \"Installing: \${GSPMD_DEST}/lib/pkgconfig/gspmd.pc\")
  file(WRITE \"\${GSPMD_DEST}/${GSPMD_PYTHON_DESTINATION}/gspmd/_config.py\"
    \"# Written by cmake --install: the library this installation holds.\\n\"
    \"LIBRARY = \\\"\${GSPMD_PREFIX}/lib/libGSPMDCAPI.so\\\"\\n\")
  message(STATUS \"Installing: \${GSPMD_DEST}/${GSPMD_PYTHON_DESTINATION}/gspmd/_config.py\")
")

# The Python tools' launchers. A template (tools/<tool>/<tool>.in) is
# configured twice: into build/bin with absolute paths into the source and
# build trees (the tool's own CMakeLists.txt), and here for the install, with
# every path relative to the launcher's prefix (bin/..) and the default
# Python GSPMD_INSTALL_PYTHON; $GSPMD_PYTHON overrides it at run time.
set(GSPMD_INSTALL_PYTHON "${GSPMD_VENV}/bin/python" CACHE FILEPATH
    "default Python (with jax/jaxlib) of the installed gspmd-xla-run")
function(gspmd_install_launcher tool template)
  set(GSPMD_LAUNCHER_PREFIX
      "prefix=$(CDPATH= cd -- \"$(dirname -- \"$(readlink -f -- \"$0\")\")/..\" && pwd)")
  set(GSPMD_PYTHON_DEFAULT "${GSPMD_INSTALL_PYTHON}")
  set(GSPMD_PYTHONPATH "$prefix/${GSPMD_PYTHON_DESTINATION}")
  set(GSPMD_LIB "$prefix/lib")
  set(GSPMD_BIN "$prefix/bin")
  configure_file(${template} ${PROJECT_BINARY_DIR}/install/${tool} @ONLY)
  install(PROGRAMS ${PROJECT_BINARY_DIR}/install/${tool} DESTINATION bin)
endfunction()

gspmd_install_launcher(gspmd-xla-run
  ${PROJECT_SOURCE_DIR}/tools/gspmd-xla-run/gspmd-xla-run.in)

gspmd_install_launcher(gspmd-import
  ${PROJECT_SOURCE_DIR}/tools/gspmd-import/gspmd-import.in)
