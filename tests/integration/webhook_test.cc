// Webhooks (docs/STREAM.md "Webhooks") through a real `gpq serve` and a receiver on loopback:
// each change once, signed (checked with Python's hmac, not gpq's code); a receiver that is
// down gets its changes once it is back; a restart repeats nothing delivered; `gpq watch`
// refuses URLs that are not public http(s) unless told otherwise.
#include <atomic>
#include <chrono>
#include <fstream>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <httplib.h>
#include <simdjson.h>

#include "push_world.h"
#include "support/api_client.h"
#include "support/daemon_process.h"

namespace gpq::test {
namespace {

struct Received {
  std::string event;
  std::string delivery;
  std::string signature;
  std::string body;
};

// An HTTP server on loopback that keeps every POST to /hook.
class Receiver {
 public:
  explicit Receiver(int port) : port_(port) { start(); }
  ~Receiver() { stop(); }
  Receiver(const Receiver&) = delete;
  Receiver& operator=(const Receiver&) = delete;
  Receiver(Receiver&&) = delete;
  Receiver& operator=(Receiver&&) = delete;

  void start() {
    server_ = std::make_unique<httplib::Server>();
    server_->Post("/hook", [this](const httplib::Request& req, httplib::Response& res) {
      const std::lock_guard lock(mutex_);
      received_.push_back({req.get_header_value("X-Gpq-Event"),
                           req.get_header_value("X-Gpq-Delivery"),
                           req.get_header_value("X-Gpq-Signature"), req.body});
      res.status = 204;
    });
    ASSERT_TRUE(server_->bind_to_port("127.0.0.1", port_));
    thread_ = std::thread([this] { server_->listen_after_bind(); });
  }

  void stop() {
    if (server_) {
      server_->stop();
    }
    if (thread_.joinable()) {
      thread_.join();
    }
    server_.reset();
  }

  // Waits until `count` POSTs came (or `timeout`).
  std::vector<Received> wait_for(std::size_t count, std::chrono::milliseconds timeout) {
    const auto until = Clock::now() + timeout;
    while (Clock::now() < until) {
      {
        const std::lock_guard lock(mutex_);
        if (received_.size() >= count) {
          break;
        }
      }
      std::this_thread::sleep_for(milliseconds(50));
    }
    const std::lock_guard lock(mutex_);
    return received_;
  }

 private:
  int port_;
  std::unique_ptr<httplib::Server> server_;
  std::thread thread_;
  std::mutex mutex_;
  std::vector<Received> received_;
};

class WebhookTest : public PushWorldTest {
 protected:
  // `gpq watch add` for the receiver on `port`; its id and secret.
  std::pair<std::string, std::string> add_watch(int port, const std::vector<std::string>& more) {
    std::vector<std::string> args = {"--db",
                                     db_,
                                     "--quiet",
                                     "watch",
                                     "add",
                                     "--url",
                                     "http://127.0.0.1:" + std::to_string(port) + "/hook",
                                     "--allow-private"};
    args.insert(args.end(), more.begin(), more.end());
    const ProcessResult made = run_gpq(args);
    EXPECT_EQ(made.exit_code, 0) << made.err;
    const std::size_t space = made.out.find(' ');
    return {made.out.substr(0, space), made.out.substr(space + 1, made.out.find('\n') - space - 1)};
  }

  // The signature as Python's hmac module computes it.
  std::string python_signature(const std::string& secret, const std::string& body) {
    const std::string path = (dir_.path() / "body.json").string();
    std::ofstream(path, std::ios::binary) << body;
    const ProcessResult r =
        run_process({"/usr/bin/python3", "-c",
                     "import hashlib, hmac, sys; print('sha256=' + hmac.new(sys.argv[1].encode(), "
                     "open(sys.argv[2], 'rb').read(), hashlib.sha256).hexdigest())",
                     secret, path});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.out.substr(0, r.out.find('\n'));
  }

  simdjson::dom::element watch_listing() {
    listing_ = run_gpq({"--db", db_, "--format", "json", "watch", "list"}).out;
    return parser_.parse(listing_)["watches"].at(0).value();
  }

  std::string listing_;
};

TEST_F(WebhookTest, EachChangeArrivesOnceSignedAndARestartRepeatsNothing) {
  start_world();
  const int port = free_loopback_port();
  Receiver receiver(port);
  const auto [id, secret] = add_watch(port, {"--ids", "90001,90003", "--events", "set,manoeuvre"});
  auto server = serve();
  std::vector<ElementSet> second = history(kManoeuvring, 120, 6, 120);
  second.push_back(make_set(kNewcomer, "NEWCOMER", kFirstEpoch));
  second.push_back(make_set(93001, "NOT FOLLOWED", kFirstEpoch));
  sync("second.tle", set_list_text(Format::tle, second));
  sync("satcat2.csv", satcat_csv(true));  // a decay: not followed by this watch
  std::vector<Received> got = receiver.wait_for(3, milliseconds(10000));
  ASSERT_EQ(got.size(), 3U);
  std::multiset<std::string> kinds;
  std::set<std::string> deliveries;
  for (const Received& r : got) {
    EXPECT_EQ(r.signature, python_signature(secret, r.body)) << r.body;
    const auto doc = parser_.parse(r.body);
    EXPECT_EQ(std::to_string(doc["id"].get_int64().value()), r.delivery);
    EXPECT_EQ(std::string(doc["event"].get_string().value()), r.event);
    kinds.insert(r.event);
    deliveries.insert(r.delivery);
  }
  EXPECT_EQ(kinds, (std::multiset<std::string>{"manoeuvre", "set", "set"}));
  EXPECT_EQ(deliveries.size(), 3U) << "three changes, three ids";
  EXPECT_EQ(server->stop(), 0);
  server = serve();
  std::this_thread::sleep_for(milliseconds(2000));
  EXPECT_EQ(receiver.wait_for(4, milliseconds(100)).size(), 3U) << "nothing sent twice";
  const auto watch = watch_listing();
  EXPECT_EQ(std::to_string(watch["id"].get_int64().value()), id);
  EXPECT_EQ(watch["delivered"].get_int64().value(), 3) << listing_;
  EXPECT_EQ(watch["failed"].get_int64().value(), 0);
  EXPECT_EQ(listing_.find(secret), std::string::npos) << "the secret is never listed";
}

TEST_F(WebhookTest, AReceiverThatWasDownGetsItsChangesOnceBack) {
  start_world();
  const int port = free_loopback_port();
  add_watch(port, {"--ids", "90003"});
  auto server = serve({"--metrics-listen", "127.0.0.1:0"});
  sync("newcomer.tle", set_list_text(Format::tle, {make_set(kNewcomer, "NEWCOMER", kFirstEpoch)}));
  // Nobody listens on the port: the first tries fail, and say so.
  bool tried = false;
  for (int k = 0; k < 100 && !tried; ++k) {
    std::this_thread::sleep_for(milliseconds(100));
    tried = watch_listing()["attempts"].get_int64().value() >= 1;
  }
  ASSERT_TRUE(tried) << listing_;
  EXPECT_NE(listing_.find("no answer"), std::string::npos) << listing_;
  std::this_thread::sleep_for(milliseconds(1500));
  Receiver receiver(port);
  const std::vector<Received> got = receiver.wait_for(1, milliseconds(20000));
  ASSERT_EQ(got.size(), 1U);
  EXPECT_EQ(got[0].event, "set");
  std::this_thread::sleep_for(milliseconds(1000));
  EXPECT_EQ(receiver.wait_for(2, milliseconds(100)).size(), 1U);
  const auto watch = watch_listing();
  EXPECT_EQ(watch["delivered"].get_int64().value(), 1);
  EXPECT_EQ(watch["attempts"].get_int64().value(), 0);
  EXPECT_TRUE(watch["last_error"].is_null());
  const std::string metrics = fetch_url(server->metrics_url());
  EXPECT_NE(metrics.find("gpq_webhook_deliveries_total{outcome=\"delivered\"} 1\n"),
            std::string::npos)
      << metrics;
  EXPECT_EQ(metrics.find("gpq_webhook_deliveries_total{outcome=\"retried\"} 0\n"),
            std::string::npos);
}

TEST_F(WebhookTest, WatchRefusesUrlsThatAreNotPublicHttp) {
  start_world();
  for (const char* url : {"http://127.0.0.1:8080/hook", "http://localhost/hook",
                          "http://169.254.169.254/latest/meta-data", "http://10.0.0.7/in",
                          "http://[::1]/hook", "ftp://example.org/in", "http://u:p@example.org/"}) {
    const ProcessResult r = run_gpq({"--db", db_, "watch", "add", "--url", url});
    EXPECT_EQ(r.exit_code, 2) << url;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
  }
  const ProcessResult bad =
      run_gpq({"--db", db_, "watch", "add", "--url", "http://127.0.0.1/h", "--events", "launch"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("set, manoeuvre, decay, conjunction"), std::string::npos) << bad.err;
  EXPECT_EQ(run_gpq({"--db", db_, "--format", "json", "watch", "list"}).out, "{\"watches\":[]}\n");
  EXPECT_EQ(run_gpq({"--db", db_, "watch", "remove", "7"}).exit_code, 3);
}

}  // namespace
}  // namespace gpq::test
