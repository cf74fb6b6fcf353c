# `cmake --install BUILD --prefix P` lays out TFG as a CMake package:
#   P/include/TFG/...            public headers, .td files, generated .h.inc
#   P/lib/libTFG*.a              TFGDialect TFGAnalysis TFGImportExport TFGProto
#                                TFGCheckpoint TFGTransformUtils
#                                TFGTransforms TFGConversion TFGPipelines
#                                TFGRunner
#   P/lib/libTFGPlugin.so        the mlir-opt plugin
#   P/bin/tfg-*                  tools
#   P/lib/cmake/tfg/TFGConfig.cmake + TFGTargets.cmake (TFG:: targets)
# Downstream: find_package(TFG REQUIRED CONFIG), then link TFG::TFGDialect,
# TFG::TFGImportExport, TFG::TFGTransforms, TFG::TFGConversion (the CPU
# lowering passes), TFG::TFGPipelines (every pipeline, and the passes that
# run one) or TFG::TFGRunner (compile and run a model on the CPU). The config
# finds MLIR (the one TFG was built against) and Protobuf itself.
#
# The libraries keep add_mlir_library's DISABLE_INSTALL: without it they
# would also be installed into, and exported from, MLIR's own export set
# (MLIRTargets), which is not ours to extend. The rules below are TFG's.

set(TFG_VERSION 0.1.0)
set(TFG_INSTALL_CMAKE_DIR lib${LLVM_LIBDIR_SUFFIX}/cmake/tfg)

# Usage requirements: our headers, from the tree when building, from the
# prefix once installed.
foreach(lib TFGDialect TFGAnalysis TFGImportExport TFGTransformUtils TFGTransforms
    TFGCheckpoint TFGConversion TFGPipelines TFGRunner)
  target_include_directories(${lib} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:include>)
endforeach()

install(TARGETS TFGDialect TFGAnalysis TFGImportExport TFGProto TFGCheckpoint
                TFGTransformUtils TFGTransforms TFGConversion TFGPipelines TFGRunner
                TFGPlugin
  EXPORT TFGTargets
  ARCHIVE DESTINATION lib${LLVM_LIBDIR_SUFFIX} COMPONENT tfg
  LIBRARY DESTINATION lib${LLVM_LIBDIR_SUFFIX} COMPONENT tfg)
# Installed binaries find libMLIR.so / libLLVM.so where LLVM lives (the build
# tree's RUNPATH has it; LLVM's install RUNPATH is only $ORIGIN/../lib).
set_property(TARGET tfg-opt tfg-translate tfg-graph-diff tfg-run TFGPlugin
  APPEND PROPERTY INSTALL_RPATH "${LLVM_LIBRARY_DIR}")
install(TARGETS tfg-opt tfg-translate tfg-graph-diff tfg-run
  RUNTIME DESTINATION bin COMPONENT tfg)

# Public headers (lib/ImportExport's internal headers, such as
# NodeConversion.h and AttrConversion.h, stay private) and TableGen sources.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/TFG
  DESTINATION include COMPONENT tfg
  FILES_MATCHING PATTERN "*.h" PATTERN "*.td"
  PATTERN "CMakeLists.txt" EXCLUDE)
# Generated declarations (not the .cpp.inc definitions, not the protobuf
# headers: no public header includes them).
install(DIRECTORY ${PROJECT_BINARY_DIR}/include/TFG
  DESTINATION include COMPONENT tfg
  FILES_MATCHING PATTERN "*.h.inc"
  PATTERN "CMakeFiles" EXCLUDE
  PATTERN "proto" EXCLUDE)

install(EXPORT TFGTargets
  NAMESPACE TFG::
  DESTINATION ${TFG_INSTALL_CMAKE_DIR}
  COMPONENT tfg)

include(CMakePackageConfigHelpers)
configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/TFGConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/TFGConfig.cmake
  INSTALL_DESTINATION ${TFG_INSTALL_CMAKE_DIR}
  PATH_VARS TFG_INSTALL_CMAKE_DIR)
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/cmake/TFGConfigVersion.cmake
  VERSION ${TFG_VERSION}
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/cmake/TFGConfig.cmake
  ${PROJECT_BINARY_DIR}/cmake/TFGConfigVersion.cmake
  DESTINATION ${TFG_INSTALL_CMAKE_DIR}
  COMPONENT tfg)
