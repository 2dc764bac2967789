// `gpq sync` through redirects: a CelesTrak address that has moved (every path answers 301
// with the new address) syncs as if it had been given the new one, and a loop of redirects
// fails each resource with a message, after at most six requests.
#include <atomic>
#include <thread>

#include <gtest/gtest.h>
#include <httplib.h>

#include "sync_upstream_fixture.h"

namespace gpq::test {
namespace {

// Answers every GET with `status` and a Location made by `where` from the request target.
class RedirectingServer {
 public:
  RedirectingServer(int status, std::function<std::string(const std::string&)> where)
      : where_(std::move(where)) {
    server_.Get(".*", [this, status](const httplib::Request& req, httplib::Response& res) {
      ++requests_;
      res.status = status;
      res.set_header("Location", where_(req.target));
    });
    port_ = server_.bind_to_any_port("127.0.0.1");
    thread_ = std::thread([this] { server_.listen_after_bind(); });
    while (!server_.is_running()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  }
  ~RedirectingServer() {
    server_.stop();
    thread_.join();
  }
  RedirectingServer(const RedirectingServer&) = delete;
  RedirectingServer& operator=(const RedirectingServer&) = delete;
  RedirectingServer(RedirectingServer&&) = delete;
  RedirectingServer& operator=(RedirectingServer&&) = delete;

  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_); }
  int requests() const { return requests_; }

 private:
  std::function<std::string(const std::string&)> where_;
  httplib::Server server_;
  std::thread thread_;
  std::atomic<int> requests_ = 0;
  int port_ = 0;
};

class SyncRedirectTest : public SyncUpstreamTest {
 protected:
  ProcessResult sync_from(const std::string& celestrak_url) {
    return run_gpq({"--db", db_, "sync", "--celestrak-url", celestrak_url, "--retries", "0",
                    "--config", config_});
  }
};

TEST_F(SyncRedirectTest, AMovedMirrorJustWorks) {
  const std::string moved_to = upstream_.url();
  RedirectingServer old_address(
      301, [&moved_to](const std::string& target) { return moved_to + target; });
  const ProcessResult result = sync_from(old_address.url());
  ASSERT_EQ(result.exit_code, 0) << result.err << result.out;
  EXPECT_NE(result.out.find("celestrak: ok (13 downloaded"), std::string::npos) << result.out;
  EXPECT_EQ(old_address.requests(), 13);
  EXPECT_EQ(upstream_.requests("/"), 13);
  EXPECT_NE(gpq({"gp", "--group", "stations"}).out.find("ISS (ZARYA)"), std::string::npos);
}

// A loop of redirects is an answer that is not data: CelesTrak is left alone after the first
// resource (docs/SYNC.md), and the next sync asks nothing.
TEST_F(SyncRedirectTest, ALoopOfRedirectsStopsCelestrakWithAClearMessage) {
  RedirectingServer loop(302, [](const std::string& target) { return target + "x"; });
  const ProcessResult result = sync_from(loop.url());
  EXPECT_EQ(result.exit_code, 4) << result.out;
  EXPECT_NE(result.err.find("gpq: celestrak GROUP=stations: more than 5 redirects"),
            std::string::npos)
      << result.err;
  EXPECT_EQ(loop.requests(), 6);  // the first resource: the request and five hops, no retry
  EXPECT_EQ(sync_from(loop.url()).exit_code, 4);
  EXPECT_EQ(loop.requests(), 6);
}

}  // namespace
}  // namespace gpq::test
