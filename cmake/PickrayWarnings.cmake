# SPDX-License-Identifier: MIT
# Warnings are set per target, never globally, so third-party headers and code are not hit by them.
function(pickray_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
                                           -Wsign-conversion -Wdouble-promotion -Wnon-virtual-dtor
                                           -Wold-style-cast -Wcast-align -Wnull-dereference)
  # In every build: a switch over an enum (the kinds of shape among them) that misses a case does
  # not compile, so a new kind cannot be forgotten anywhere.
  target_compile_options(${target} PRIVATE -Werror=switch)
  if(PICKRAY_WARNINGS_AS_ERRORS)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
