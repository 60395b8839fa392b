# SPDX-License-Identifier: MIT
# Installs pickray into a scratch prefix and uses it from outside projects through find_package, as
# a user would. Each check runs even when one before it failed, and the script fails at the end
# naming every failed check:
#   docs:        the documentation, its pictures and the examples are installed, and every relative
#                link resolves;
#   pick_cli:    the installed examples/pick_cli, linking pickray::pickray with no C++ standard of
#                its own, compiles as C++20 and picks the sphere;
#   quickstart:  the installed QUICKSTART.md's two code blocks, built and run as they are;
#   components:  COMPONENTS collision picking (and an unknown optional one) gives those targets;
#   mesh:        COMPONENTS query alone picks a placed triangle mesh;
#   unknown:     an unknown required component fails the configure with a message naming it and
#                the known ones;
#   debug:       the library built in a second configuration (Debug, or Release when BUILD_DIR is
#                Debug) and installed into the same prefix: a Debug consumer links the debug
#                libraries, Release, RelWithDebInfo and MinSizeRel consumers the optimised ones,
#                and all run.
# Arguments: -DBUILD_DIR=... -DSOURCE_DIR=... -DWORK_DIR=... [-DCONSUMER_FLAGS=...]
#   [-DTOOLCHAIN_FILE=... -DEMULATOR="qemu-aarch64 -L ..."] for a cross build: the outside projects
#   are cross-built too, and run under the emulator.
file(REMOVE_RECURSE ${WORK_DIR})
separate_arguments(emulator UNIX_COMMAND "${EMULATOR}")
set(toolchain_args "")
if(TOOLCHAIN_FILE)
  set(toolchain_args -DCMAKE_TOOLCHAIN_FILE=${TOOLCHAIN_FILE})
endif()
set(prefix ${WORK_DIR}/prefix)
set(docdir ${prefix}/share/doc/pickray)
# The consumers: no CMAKE_CXX_STANDARD, the prefix found as a user would point at it.
set(consumer_args -DCMAKE_PREFIX_PATH=${prefix} ${toolchain_args} "-DCMAKE_CXX_FLAGS=${CONSUMER_FLAGS}"
                  "-DCMAKE_EXE_LINKER_FLAGS=${CONSUMER_FLAGS}")

# fail(): records the check in progress (${check}) as failed, says why (${why}), and leaves it.
# run(COMMAND...): fails the check when the command fails. expect(TEXT): fails it when the last
# command's output lacks TEXT. Macros, so that their return() leaves the check that called them.
# What they say is in a variable, never a macro argument: CMake parses a macro's arguments again,
# backslashes and all, where they are used.
macro(fail)
  message(SEND_ERROR "${check}: ${why}")
  set_property(GLOBAL APPEND PROPERTY failed_checks ${check})
  return()
endmacro()
macro(run)
  set(command ${ARGN})
  execute_process(COMMAND ${command} RESULT_VARIABLE code OUTPUT_VARIABLE last_output ERROR_VARIABLE last_error)
  if(NOT code EQUAL 0)
    set(why "failed (${code}): ${command}\n${last_output}\n${last_error}")
    fail()
  endif()
endmacro()
macro(expect text)
  string(FIND "${last_output}" "${text}" found)
  if(found LESS 0)
    set(why "no \"${text}\" in its output:\n${last_output}")
    fail()
  endif()
endmacro()

# Installation, which every check needs.
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix} RESULT_VARIABLE code
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "cmake --install ${BUILD_DIR} failed (${code}):\n${out}\n${err}")
endif()

function(check_docs)
  set(check docs)
  foreach(file include/pickray/collision.hpp include/pickray/picking.hpp include/pickray/collision/ray_box.hpp
          ${docdir}/README.md ${docdir}/QUICKSTART.md ${docdir}/docs/ARCHITECTURE.md ${docdir}/examples/pick_cli/main.cpp)
    if(NOT IS_ABSOLUTE ${file})
      set(file ${prefix}/${file})
    endif()
    if(NOT EXISTS ${file})
      set(why "not installed: ${file}")
      fail()
    endif()
  endforeach()
  # Every relative link of the installed Markdown files, pictures included, leads to an installed
  # file.
  file(GLOB_RECURSE documents ${docdir}/*.md)
  foreach(document ${documents})
    file(READ ${document} text)
    string(REGEX MATCHALL "\\]\\([^)]+\\)" links "${text}")
    # Each match starts with "](". CMake does not split a list inside brackets, so an element with
    # an unmatched "]" would swallow the rest of the list: the brackets go before the loop.
    string(REPLACE "](" "" links "${links}")
    get_filename_component(dir ${document} DIRECTORY)
    foreach(link ${links})
      # The path before any ")" or "#" ("x" first: a bare "#anchor" leaves an empty path).
      string(REGEX REPLACE "[)#].*" "" target "x${link}")
      string(SUBSTRING "${target}" 1 -1 target)
      if(target STREQUAL "" OR target MATCHES "^[a-z]+:")
        continue()
      endif()
      if(NOT EXISTS ${dir}/${target})
        file(RELATIVE_PATH where ${docdir} ${document})
        set(why "${where} links ${target}, which is not installed")
        fail()
      endif()
    endforeach()
  endforeach()
endfunction()

function(check_pick_cli)
  set(check pick_cli)
  set(build ${WORK_DIR}/pick_cli)
  run(${CMAKE_COMMAND} -S ${docdir}/examples/pick_cli -B ${build} -DCMAKE_BUILD_TYPE=Release
      -DCMAKE_EXPORT_COMPILE_COMMANDS=ON ${consumer_args})
  # The standard comes from the package's targets alone.
  file(READ ${build}/compile_commands.json commands)
  if(NOT commands MATCHES "-std=(c|gnu)\\+\\+(20|2a|23|2b)")
    set(why "main.cpp was not compiled as C++20:\n${commands}")
    fail()
  endif()
  run(${CMAKE_COMMAND} --build ${build})
  # The pixel where the sphere's centre (−4, 1, 0) is drawn in pick_cli's 1280×720 view.
  foreach(depth d3d gl)
    run(${emulator} ${build}/pick_cli --cursor 358.9,360.0 --clip-depth ${depth})
    expect("picked: sphere")
  endforeach()
  message(STATUS "pick_cli: picked the sphere at both clip depths")
endfunction()

function(check_quickstart)
  set(check quickstart)
  set(source ${WORK_DIR}/quickstart)
  if(NOT EXISTS ${docdir}/QUICKSTART.md)
    set(why "not installed: ${docdir}/QUICKSTART.md")
    fail()
  endif()
  file(READ ${docdir}/QUICKSTART.md text)
  foreach(language cmake cpp)
    if(NOT text MATCHES "\n```${language}\n(.*)")
      set(why "no ```${language} block in the installed QUICKSTART.md")
      fail()
    endif()
    string(FIND "${CMAKE_MATCH_1}" "\n```" end)
    string(SUBSTRING "${CMAKE_MATCH_1}" 0 ${end} code_${language})
  endforeach()
  file(WRITE ${source}/CMakeLists.txt "${code_cmake}\n")
  file(WRITE ${source}/main.cpp "${code_cpp}\n")
  run(${CMAKE_COMMAND} -S ${source} -B ${source}/build -DCMAKE_BUILD_TYPE=Release ${consumer_args})
  run(${CMAKE_COMMAND} --build ${source}/build)
  run(${emulator} ${source}/build/quickstart)
  expect("picked the sphere")
  message(STATUS "quickstart: ${last_output}")
endfunction()

function(check_components)
  set(check components)
  run(${CMAKE_COMMAND} -S ${CMAKE_CURRENT_LIST_DIR}/components -B ${WORK_DIR}/components -DCMAKE_BUILD_TYPE=Release
      ${consumer_args})
  run(${CMAKE_COMMAND} --build ${WORK_DIR}/components)
  run(${emulator} ${WORK_DIR}/components/components)
  expect("picked: sphere")
endfunction()

function(check_mesh)
  set(check mesh)
  run(${CMAKE_COMMAND} -S ${CMAKE_CURRENT_LIST_DIR}/mesh -B ${WORK_DIR}/mesh -DCMAKE_BUILD_TYPE=Release ${consumer_args})
  run(${CMAKE_COMMAND} --build ${WORK_DIR}/mesh)
  run(${emulator} ${WORK_DIR}/mesh/mesh_consumer)
  expect("picked: triangle")
endfunction()

function(check_unknown_component)
  set(check unknown)
  execute_process(COMMAND ${CMAKE_COMMAND} -S ${CMAKE_CURRENT_LIST_DIR}/unknown_component -B ${WORK_DIR}/unknown
                          ${consumer_args}
                  RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
  # CMake wraps the package's message over lines.
  string(REGEX REPLACE "[ \n]+" " " said "${out} ${err}")
  if(code EQUAL 0)
    set(why "the configure asking for the component collison succeeded")
    fail()
  elseif(NOT said MATCHES "no component collison; its components are collision, picking, query")
    set(why "the configure failed without naming collison and the known components:\n${err}")
    fail()
  endif()
endfunction()

function(check_debug_and_release)
  set(check debug)
  file(STRINGS ${BUILD_DIR}/CMakeCache.txt build_type REGEX "^CMAKE_BUILD_TYPE:")
  string(REGEX REPLACE "^[^=]*=" "" build_type "${build_type}")
  if(build_type STREQUAL "Debug")
    set(second Release)
  else()
    set(second Debug)
  endif()
  # The second configuration of the library alone, compiled as the first was (its compiler, and
  # the consumers' instrumentation) and installed over the first.
  set(same_as_first "")
  foreach(variable CMAKE_CXX_COMPILER CMAKE_C_COMPILER CMAKE_CXX_COMPILER_LAUNCHER CMAKE_C_COMPILER_LAUNCHER
                   PICKRAY_SIMD_KERNELS)
    file(STRINGS ${BUILD_DIR}/CMakeCache.txt line REGEX "^${variable}:")
    if(line)
      string(REGEX REPLACE "^[^=]*=" "" value "${line}")
      list(APPEND same_as_first "-D${variable}=${value}")
    endif()
  endforeach()
  set(library ${WORK_DIR}/library-${second})
  run(${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${library} -DCMAKE_BUILD_TYPE=${second} -DPICKRAY_BUILD_APP=OFF
      -DPICKRAY_BUILD_BENCH=OFF -DPICKRAY_BUILD_TESTS=OFF ${same_as_first} ${toolchain_args}
      "-DCMAKE_CXX_FLAGS=${CONSUMER_FLAGS}")
  run(${CMAKE_COMMAND} --build ${library})
  run(${CMAKE_COMMAND} --install ${library} --prefix ${prefix})
  foreach(config Debug Release)
    file(GLOB exports ${prefix}/lib*/cmake/pickray/pickrayTargets-*.cmake)
    string(TOLOWER ${config} lower)
    if(NOT exports MATCHES "pickrayTargets-${lower}\\.cmake")
      set(why "no pickrayTargets-${lower}.cmake in the prefix: ${exports}")
      fail()
    endif()
  endforeach()
  # A consumer of each configuration (Makefiles, for their link.txt): a Debug one links the debug
  # libraries, named with a "d"; the optimised ones, installed or not, link the optimised ones.
  foreach(config Debug Release RelWithDebInfo MinSizeRel)
    set(build ${WORK_DIR}/components-${config})
    run(${CMAKE_COMMAND} -G "Unix Makefiles" -S ${CMAKE_CURRENT_LIST_DIR}/components -B ${build}
        -DCMAKE_BUILD_TYPE=${config} ${consumer_args})
    run(${CMAKE_COMMAND} --build ${build})
    file(READ ${build}/CMakeFiles/components.dir/link.txt link)
    foreach(layer collision picking)
      if(config STREQUAL "Debug")
        set(expected "/libpickray_${layer}d.a")
      else()
        set(expected "/libpickray_${layer}.a")
      endif()
      string(FIND "${link}" "${expected}" found)
      if(found LESS 0)
        set(why "the ${config} consumer did not link ${expected}:\n${link}")
        fail()
      endif()
    endforeach()
    run(${emulator} ${build}/components)
    expect("picked: sphere")
  endforeach()
  message(STATUS "debug: a ${second} build installed beside the ${build_type} one; each consumer linked the nearest")
endfunction()

check_docs()
check_pick_cli()
check_quickstart()
check_components()
check_mesh()
check_unknown_component()
check_debug_and_release()

get_property(failed GLOBAL PROPERTY failed_checks)
if(failed)
  list(REMOVE_DUPLICATES failed)
  message(FATAL_ERROR "installed package: failed checks: ${failed}")
endif()
message(STATUS "installed package consumed by outside projects: OK")
