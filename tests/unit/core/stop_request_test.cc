#include "core/stop_request.h"

#include <chrono>
#include <signal.h>
#include <thread>

#include <gtest/gtest.h>

#include "gpq/error.h"

namespace gpq {
namespace {

using std::chrono::milliseconds;
using std::chrono::steady_clock;

TEST(StopRequestTest, NothingHappensUntilAStopIsRequested) {
  StopRequest request;
  EXPECT_FALSE(request.requested());
  EXPECT_NO_THROW(request.throw_if_requested());
  EXPECT_NO_THROW(request.sleep_for(milliseconds(1)));
}

TEST(StopRequestTest, ARequestThrowsInterruptedNamingTheSignal) {
  StopRequest request;
  request.request(SIGTERM);
  request.request(SIGINT);  // the first signal is the one kept
  EXPECT_EQ(request.signal(), SIGTERM);
  try {
    request.throw_if_requested();
    ADD_FAILURE() << "no throw";
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), Errc::interrupted);
    EXPECT_NE(std::string(error.what()).find("interrupted by SIGTERM"), std::string::npos);
  }
  EXPECT_EQ(exit_code(Errc::interrupted), 130);
  request.reset();
  EXPECT_FALSE(request.requested());
}

TEST(StopRequestTest, ARequestEndsASleepAtOnce) {
  StopRequest request;
  const auto start = steady_clock::now();
  std::jthread stopper([&request] {
    std::this_thread::sleep_for(milliseconds(50));
    request.request(SIGINT);
  });
  EXPECT_THROW(request.sleep_for(std::chrono::minutes(10)), Error);
  EXPECT_LT(steady_clock::now() - start, std::chrono::seconds(5));
}

TEST(StopRequestTest, HooksRunOnTheRequestWhileTheyLive) {
  StopRequest request;
  int called = 0;
  {
    const StopHook gone(request, [&called] { called += 10; });
  }
  const StopHook hook(request, [&called] { ++called; });
  request.request(SIGTERM);
  EXPECT_EQ(called, 1);
}

}  // namespace
}  // namespace gpq
