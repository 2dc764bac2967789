# Fails when the GoogleTest program PROGRAM holds a suite that is not in SUITES (comma-separated):
# a suite that the registration by suite of tests/CMakeLists.txt would never run.
cmake_minimum_required(VERSION 3.20)
execute_process(COMMAND ${PROGRAM} --gtest_list_tests OUTPUT_VARIABLE _listing
                RESULT_VARIABLE _result)
if(NOT _result EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} --gtest_list_tests failed (${_result})")
endif()
string(REPLACE "," ";" _registered "${SUITES}")
string(REPLACE "\n" ";" _lines "${_listing}")
set(_unrun)
set(_count 0)
foreach(_line IN LISTS _lines)
  # Suite lines start in the first column and end with a dot; a parameterised suite is
  # listed as Prefix/Suite.
  if(_line MATCHES "^([A-Za-z0-9_/]+)\\.")
    string(REGEX REPLACE "^.*/" "" _suite "${CMAKE_MATCH_1}")
    math(EXPR _count "${_count} + 1")
    if(NOT _suite IN_LIST _registered)
      list(APPEND _unrun ${_suite})
    endif()
  endif()
endforeach()
if(_count EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} lists no suite")
endif()
if(_unrun)
  message(FATAL_ERROR "suites of ${PROGRAM} that no ctest test runs: ${_unrun} "
                      "(write TEST(Suite, ...) with the suite on the same line)")
endif()
message(STATUS "${_count} suites, every one registered")
