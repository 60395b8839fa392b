# In every build (no libFuzzer needed): each fuzz target replays its seed corpus and the inputs
# that once broke it (regressions/<target>) as an ordinary ctest test.
function(pickray_add_fuzz_replay name)
  add_executable(${name}_replay ${CMAKE_CURRENT_LIST_DIR}/${name}.cpp ${CMAKE_CURRENT_LIST_DIR}/replay_main.cpp)
  target_link_libraries(${name}_replay PRIVATE ${ARGN})
  pickray_set_warnings(${name}_replay)
  set(dirs ${CMAKE_CURRENT_LIST_DIR}/corpus/${name})
  if(EXISTS ${CMAKE_CURRENT_LIST_DIR}/regressions/${name})
    list(APPEND dirs ${CMAKE_CURRENT_LIST_DIR}/regressions/${name})
  endif()
  add_test(NAME fuzz.${name}_replay COMMAND ${name}_replay ${dirs})
  set_tests_properties(fuzz.${name}_replay PROPERTIES TIMEOUT 300)
endfunction()

if(NOT PICKRAY_FUZZ)  # a libFuzzer build defines LLVMFuzzerTestOneInput's driver itself
  pickray_add_fuzz_replay(fuzz_collision pickray::collision pickray::picking pickray::query)
  if(TARGET pickray_scene)
    pickray_add_fuzz_replay(fuzz_scene pickray_scene)
  endif()
  if(TARGET pickray_app_core)
    pickray_add_fuzz_replay(fuzz_cli pickray_app_core)
  endif()
endif()
