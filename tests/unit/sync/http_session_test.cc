// HttpSession against a real loopback server: every request, the login POST included, runs
// under the body cap and the deadline; redirects are followed within their limits, with the
// right method, and cookies never leave their host.
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
    add_redirects();
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
  // Where /away and /away-form redirect to (another server: another host).
  void set_away(const std::string& url) { away_ = url; }

 private:
  void add_redirects() {
    // /hop/N redirects N times before it answers.
    server_.Get(R"(/hop/(\d+))", [](const httplib::Request& req, httplib::Response& res) {
      const int left = std::stoi(req.matches[1].str());
      if (left == 0) {
        res.set_content("arrived", "text/plain");
        return;
      }
      res.status = 302;
      res.set_header("Location", "/hop/" + std::to_string(left - 1));
    });
    server_.Get("/rel/a/b", [](const httplib::Request&, httplib::Response& res) {
      res.status = 301;
      res.set_header("Location", "../c?x=1");
    });
    server_.Get("/rel/c", [](const httplib::Request& req, httplib::Response& res) {
      res.set_content("relative " + req.get_param_value("x"), "text/plain");
    });
    server_.Post("/see-other", [](const httplib::Request&, httplib::Response& res) {
      res.status = 303;
      res.set_header("Location", "/seen");
    });
    server_.Post("/temporary", [](const httplib::Request&, httplib::Response& res) {
      res.status = 307;
      res.set_header("Location", "/seen");
    });
    const auto seen = [](const httplib::Request& req, httplib::Response& res) {
      res.set_content(req.method + " " + req.body, "text/plain");
    };
    server_.Get("/seen", seen);
    server_.Post("/seen", seen);
    server_.Get("/cookie", [](const httplib::Request&, httplib::Response& res) {
      res.set_header("Set-Cookie", "session=secret; path=/");
      res.set_content("ok", "text/plain");
    });
    server_.Get("/peek", [](const httplib::Request& req, httplib::Response& res) {
      res.set_content("cookie=" + req.get_header_value("Cookie"), "text/plain");
    });
    server_.Get("/away", [this](const httplib::Request&, httplib::Response& res) {
      res.status = 302;
      res.set_header("Location", away_ + "/peek");
    });
    server_.Post("/away-form", [this](const httplib::Request&, httplib::Response& res) {
      res.status = 307;
      res.set_header("Location", away_ + "/seen");
    });
    server_.Get("/back", [this](const httplib::Request&, httplib::Response& res) {
      res.status = 302;
      res.set_header("Location", away_ + "/to-peek");
    });
    server_.Get("/to-peek", [this](const httplib::Request&, httplib::Response& res) {
      res.status = 302;  // on the other server: back to the first one
      res.set_header("Location", away_ + "/peek");
    });
    server_.Get("/nowhere", [](const httplib::Request&, httplib::Response& res) {
      res.status = 301;  // no Location: an answer like any other
      res.set_content("moved, but where?", "text/plain");
    });
  }

  std::string away_;
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

TEST(HttpSessionTest, AChainOfFiveRedirectsIsFollowedASixthIsNot) {
  LoopbackServer server;
  HttpSession session(server.url(), {});
  const HttpAnswer five = session.get("/hop/5");
  EXPECT_EQ(five.status, 200) << five.summary();
  EXPECT_EQ(five.body, "arrived");
  const HttpAnswer six = session.get("/hop/6");
  EXPECT_EQ(six.status, 302);
  EXPECT_EQ(six.summary(), "more than 5 redirects (the last from " + server.url() + "/hop/1 to " +
                               server.url() +
                               "/hop/0); give the address they "
                               "end at");
}

TEST(HttpSessionTest, TheRedirectGateIsAskedBeforeEveryHop) {
  LoopbackServer server;
  HttpSession session(server.url(), {});
  int asked = 0;
  session.set_redirect_gate([&asked] {
    ++asked;
    return asked <= 3 ? std::string() : std::string("the hour's budget is spent");
  });
  EXPECT_EQ(session.get("/hop/3").body, "arrived");
  EXPECT_EQ(asked, 3);
  const HttpAnswer stopped = session.get("/hop/3");
  EXPECT_EQ(stopped.status, 302);
  EXPECT_EQ(stopped.summary(), "the hour's budget is spent");
  EXPECT_EQ(session.get("/hop/0").body, "arrived");  // no redirect, no gate
  EXPECT_EQ(asked, 4);
}

TEST(HttpSessionTest, RelativeLocationsAndTheBasePrefix) {
  LoopbackServer server;
  HttpSession session(server.url() + "/rel", {});  // the prefix is the base URL's path
  const HttpAnswer answer = session.get("/a/b");
  EXPECT_EQ(answer.status, 200) << answer.summary();
  EXPECT_EQ(answer.body, "relative 1");
  const HttpAnswer no_location = HttpSession(server.url(), {}).get("/nowhere");
  EXPECT_EQ(no_location.status, 301);
  EXPECT_EQ(no_location.summary(), "HTTP 301 moved, but where?");
}

TEST(HttpSessionTest, A303AsksWithGetA307RepeatsTheForm) {
  LoopbackServer server;
  HttpSession session(server.url(), {});
  EXPECT_EQ(session.post_form("/see-other", {{"identity", "me"}}).body, "GET ");
  EXPECT_EQ(session.post_form("/temporary", {{"identity", "me"}}).body, "POST identity=me");
}

TEST(HttpSessionTest, CookiesAndFormsNeverFollowARedirectToAnotherHost) {
  LoopbackServer server;
  LoopbackServer other;  // another port: another host
  server.set_away(other.url());
  other.set_away(server.url());
  HttpSession session(server.url(), {});
  ASSERT_EQ(session.get("/cookie").status, 200);
  EXPECT_EQ(session.get("/peek").body, "cookie=session=secret");  // its own host has it
  const HttpAnswer away = session.get("/away");
  EXPECT_EQ(away.status, 200) << away.summary();
  EXPECT_EQ(away.body, "cookie=");               // the other host did not get it
  const HttpAnswer back = session.get("/back");  // there and back again: its own host again
  EXPECT_EQ(back.body, "cookie=session=secret");
  const HttpAnswer form = session.post_form("/away-form", {{"password", "secret"}});
  EXPECT_EQ(form.status, 307);
  EXPECT_TRUE(form.summary().starts_with("refused to send a form")) << form.summary();
}

}  // namespace
}  // namespace gpq::sync
