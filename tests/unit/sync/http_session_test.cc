// HttpSession against a real loopback server: every request, the login POST included, runs
// under the body cap and the deadline.
#include "sync/upstream/http_session.h"

#include <chrono>
#include <string>
#include <thread>

#include <gtest/gtest.h>
#include <httplib.h>

namespace gpq::sync {
namespace {

class LoopbackServer {
 public:
  LoopbackServer() {
    server_.Get("/big", [](const httplib::Request&, httplib::Response& res) {
      res.set_content(std::string(5000, 'x'), "text/plain");
    });
    server_.Post("/login", [](const httplib::Request& req, httplib::Response& res) {
      res.set_content(req.body == "identity=a%40b&password=p%26q" ? std::string(5000, 'y')
                                                                  : std::string("refused"),
                      "text/plain");
    });
    // One byte every 200 ms for ten seconds.
    server_.Get("/trickle", [](const httplib::Request&, httplib::Response& res) {
      res.set_content_provider(50, "text/plain",
                               [](std::size_t, std::size_t, httplib::DataSink& sink) {
                                 std::this_thread::sleep_for(std::chrono::milliseconds(200));
                                 return sink.write("z", 1);
                               });
    });
    port_ = server_.bind_to_any_port("127.0.0.1");
    thread_ = std::thread([this] { server_.listen_after_bind(); });
    while (!server_.is_running()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  }
  ~LoopbackServer() {
    server_.stop();
    thread_.join();
  }
  LoopbackServer(const LoopbackServer&) = delete;
  LoopbackServer& operator=(const LoopbackServer&) = delete;
  LoopbackServer(LoopbackServer&&) = delete;
  LoopbackServer& operator=(LoopbackServer&&) = delete;

  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_); }

 private:
  httplib::Server server_;
  std::thread thread_;
  int port_ = 0;
};

SessionOptions small_limits() {
  SessionOptions options;
  options.max_body_bytes = 4096;
  options.deadline = std::chrono::seconds(1);
  return options;
}

TEST(HttpSessionTest, AnswersAboveTheBodyCapFail) {
  LoopbackServer server;
  HttpSession session(server.url(), small_limits());
  const HttpAnswer big = session.get("/big");
  EXPECT_TRUE(big.transport_failed());
  EXPECT_EQ(big.error, "the answer was larger than the limit of 4096 bytes");
  EXPECT_TRUE(big.body.empty());

  SessionOptions roomy = small_limits();
  roomy.max_body_bytes = 5000;
  HttpSession enough(server.url(), roomy);
  EXPECT_EQ(enough.get("/big").body.size(), 5000U);
}

TEST(HttpSessionTest, TheLoginPostHasTheCapToo) {
  LoopbackServer server;
  HttpSession session(server.url(), small_limits());
  const HttpAnswer login = session.post_form("/login", {{"identity", "a@b"}, {"password", "p&q"}});
  EXPECT_TRUE(login.transport_failed());
  EXPECT_TRUE(login.body.empty());
  const HttpAnswer refused = session.post_form("/login", {{"identity", "a@b"}, {"password", "x"}});
  EXPECT_EQ(refused.status, 200);
  EXPECT_EQ(refused.body, "refused");
}

TEST(HttpSessionTest, ATrickleEndsAtTheDeadline) {
  LoopbackServer server;
  HttpSession session(server.url(), small_limits());
  const auto start = std::chrono::steady_clock::now();
  const HttpAnswer slow = session.get("/trickle");
  const auto took = std::chrono::steady_clock::now() - start;
  EXPECT_TRUE(slow.transport_failed());
  EXPECT_EQ(slow.error, "the answer did not complete within the time allowed");
  EXPECT_LT(took, std::chrono::seconds(5));  // ten seconds of trickle were not waited for
}

}  // namespace
}  // namespace gpq::sync
