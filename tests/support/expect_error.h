// EXPECT_GPQ_ERROR(statement, code, message): the statement throws gpq::Error with
// exactly that code and message.
#pragma once

#include <gtest/gtest.h>

#include "gpq/error.h"

#define EXPECT_GPQ_ERROR(statement, expected_code, expected_message)            \
  do {                                                                          \
    try {                                                                       \
      statement;                                                                \
      ADD_FAILURE() << "expected gpq::Error from " #statement;                  \
    } catch (const ::gpq::Error& gpq_error_) {                                  \
      EXPECT_EQ(gpq_error_.code(), (expected_code)) << gpq_error_.what();       \
      EXPECT_EQ(std::string(gpq_error_.what()), std::string(expected_message)); \
    }                                                                           \
  } while (false)

namespace gpq {

// Runs a list query that may match nothing: NotFound ("no element sets match the query") is
// then no rows, as the callers that collect ids expect; any other error goes on.
template <typename Run>
void rows_or_none(Run&& run) {
  try {
    run();
  } catch (const ::gpq::Error& error) {
    if (error.code() != Errc::not_found) {
      throw;
    }
  }
}

}  // namespace gpq
