# SPDX-License-Identifier: MIT
# Cross build for 64-bit ARM Linux with a GNU cross toolchain (Debian: g++-aarch64-linux-gnu),
# tests run under user-mode emulation (Debian: qemu-user). scripts/test.sh's aarch64 stage uses it:
#   cmake -S . -B build-aarch64 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/aarch64-linux-gnu.cmake ...
# The target's libraries and headers are where GNU cross toolchains keep them, beside the
# compiler: <prefix>/aarch64-linux-gnu for <prefix>/bin/aarch64-linux-gnu-g++. Header-only,
# architecture-independent packages (GLM) are found on the host as well.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(pickray_triple aarch64-linux-gnu)

find_program(CMAKE_C_COMPILER ${pickray_triple}-gcc REQUIRED)
find_program(CMAKE_CXX_COMPILER ${pickray_triple}-g++ REQUIRED)
get_filename_component(pickray_toolchain_bin ${CMAKE_CXX_COMPILER} DIRECTORY)
get_filename_component(pickray_target_root ${pickray_toolchain_bin}/../${pickray_triple} ABSOLUTE)

set(CMAKE_FIND_ROOT_PATH ${pickray_target_root})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)

find_program(pickray_qemu qemu-${CMAKE_SYSTEM_PROCESSOR})
if(pickray_qemu)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${pickray_qemu} -L ${pickray_target_root})
endif()
