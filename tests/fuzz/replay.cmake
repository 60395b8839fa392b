# SPDX-License-Identifier: MIT
# In every build (no libFuzzer needed): each fuzz target replays its seed corpus and the inputs
# that once broke it (regressions/<target>) as an ordinary ctest test.
# PER_LEVEL: the target reaches code the CPU chooses (the batch routines, the BVH's box test), so
# it replays once per PICKRAY_SIMD level instead (LEVELS, default scalar avx2 avx512), each run
# printing the level it really ran; a level the CPU or the build lacks is reported Skipped, with
# the reason (cpu_gate, tests/CMakeLists.txt).
# The seed corpus must exist (the replay fails on a missing directory); regressions/<target> is
# there only for a target whose fuzzing found something.
function(pickray_add_fuzz_replay name)
  cmake_parse_arguments(ARG "PER_LEVEL" "" "LIBS;LEVELS" ${ARGN})
  if(NOT ARG_LEVELS)
    set(ARG_LEVELS scalar avx2 avx512)
  endif()
  add_executable(${name}_replay ${CMAKE_CURRENT_LIST_DIR}/${name}.cpp ${CMAKE_CURRENT_LIST_DIR}/replay_main.cpp)
  target_link_libraries(${name}_replay PRIVATE ${ARG_LIBS})
  target_include_directories(${name}_replay PRIVATE ${CMAKE_CURRENT_LIST_DIR}/..)
  pickray_set_warnings(${name}_replay)
  set(dirs ${CMAKE_CURRENT_LIST_DIR}/corpus/${name})
  if(EXISTS ${CMAKE_CURRENT_LIST_DIR}/regressions/${name})
    list(APPEND dirs ${CMAKE_CURRENT_LIST_DIR}/regressions/${name})
  endif()
  if(ARG_PER_LEVEL)
    foreach(level ${ARG_LEVELS})
      pickray_add_level_test(fuzz.${name}_replay.${level} ${level} ${pickray_batch_needs_${level}} -- ${name}_replay ${dirs})
      set_tests_properties(fuzz.${name}_replay.${level} PROPERTIES TIMEOUT 300)
    endforeach()
  else()
    add_test(NAME fuzz.${name}_replay COMMAND ${name}_replay ${dirs})
    set_tests_properties(fuzz.${name}_replay PROPERTIES TIMEOUT 300)
  endif()
endfunction()

if(NOT PICKRAY_FUZZ)  # a libFuzzer build defines LLVMFuzzerTestOneInput's driver itself
  pickray_add_fuzz_replay(fuzz_collision PER_LEVEL LIBS pickray::collision pickray::picking pickray::query)
  # The meshes reach the BVH's box test alone, which has no AVX-512 form: two levels.
  pickray_add_fuzz_replay(fuzz_mesh PER_LEVEL LEVELS scalar avx2 LIBS pickray::query)
  if(TARGET pickray_scene)
    pickray_add_fuzz_replay(fuzz_scene LIBS pickray_scene)
  endif()
  if(TARGET pickray_cli)
    pickray_add_fuzz_replay(fuzz_cli LIBS pickray_cli)
  endif()
  if(TARGET pickray_session)
    pickray_add_fuzz_replay(fuzz_session LIBS pickray_session)
  endif()
endif()
