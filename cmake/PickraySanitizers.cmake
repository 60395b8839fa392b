# SPDX-License-Identifier: MIT
# Optional instrumented builds, for the whole project (a separate build directory each):
#   PICKRAY_SANITIZE=ON  AddressSanitizer + UndefinedBehaviorSanitizer, any error fatal.
#   PICKRAY_FUZZ=ON      clang's libFuzzer: coverage instrumentation everywhere and the fuzz
#                        targets in tests/fuzz (implies the sanitizers).
option(PICKRAY_SANITIZE "Build everything with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(PICKRAY_FUZZ "Build the libFuzzer targets (clang only)" OFF)

if(PICKRAY_SANITIZE OR PICKRAY_FUZZ)
  set(sanitizers -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
  add_compile_options(${sanitizers})
  add_link_options(${sanitizers})
endif()
if(PICKRAY_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "PICKRAY_FUZZ needs clang (libFuzzer): -DCMAKE_CXX_COMPILER=clang++")
  endif()
  # Edge counters only, no comparison tracing: the traced operands include addresses (the
  # sanitizers' pointer checks, std::string's), which differ from run to run with address-space
  # randomisation, and libFuzzer feeds them to its mutations. Without them a fixed seed walks the
  # same inputs on every run and every machine (scripts/fuzz.sh). Same coverage in 200k runs.
  add_compile_options(-fsanitize=fuzzer-no-link -fno-sanitize-coverage=trace-cmp,indirect-calls)
endif()
