# SPDX-License-Identifier: MIT
# Installs pickray into a scratch prefix, builds examples/pick_cli against it with
# find_package(pickray CONFIG REQUIRED) as an outside project would, runs it, and checks the pick.
# Arguments: -DBUILD_DIR=... -DSOURCE_DIR=... -DWORK_DIR=... [-DCONSUMER_FLAGS=...]
#   [-DTOOLCHAIN_FILE=... -DEMULATOR="qemu-aarch64 -L ..."] for a cross build: the outside project is
#   cross-built too, and run under the emulator.
file(REMOVE_RECURSE ${WORK_DIR})
separate_arguments(emulator UNIX_COMMAND "${EMULATOR}")
set(toolchain_args "")
if(TOOLCHAIN_FILE)
  set(toolchain_args -DCMAKE_TOOLCHAIN_FILE=${TOOLCHAIN_FILE})
endif()

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "failed (${code}): ${ARGN}\n${out}\n${err}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
endfunction()

run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${WORK_DIR}/prefix)
foreach(header pickray/collision.hpp pickray/picking.hpp pickray/collision/ray_box.hpp)
  if(NOT EXISTS ${WORK_DIR}/prefix/include/${header})
    message(FATAL_ERROR "not installed: include/${header}")
  endif()
endforeach()
run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples/pick_cli -B ${WORK_DIR}/build
    -DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix -DCMAKE_BUILD_TYPE=Release ${toolchain_args} "-DCMAKE_CXX_FLAGS=${CONSUMER_FLAGS}"
    "-DCMAKE_EXE_LINKER_FLAGS=${CONSUMER_FLAGS}")
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build)

# The pixel where the sphere's centre (−4, 1, 0) is drawn in pick_cli's 1280×720 view.
run(${emulator} ${WORK_DIR}/build/pick_cli --cursor 358.9,360.0 --clip-depth d3d)
message(STATUS "${last_output}")
if(NOT last_output MATCHES "picked: sphere")
  message(FATAL_ERROR "pick_cli did not pick the sphere:\n${last_output}")
endif()
run(${emulator} ${WORK_DIR}/build/pick_cli --cursor 358.9,360.0 --clip-depth gl)
if(NOT last_output MATCHES "picked: sphere")
  message(FATAL_ERROR "pick_cli (OpenGL depth) did not pick the sphere:\n${last_output}")
endif()
message(STATUS "installed package consumed by an outside project: OK")
