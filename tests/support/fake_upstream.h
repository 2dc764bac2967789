// A fake CelesTrak / Space-Track on a free loopback port, in the test process: it serves
// bodies in the real URL shapes and can misbehave on request (errors, cut bodies, slow
// trickles, refused logins, expiring sessions, "not modified").
#pragma once

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace httplib {
class Server;
}

namespace gpq::test {

enum class Misbehaviour {
  none,
  status_500,        // 500 with a short text body
  status_429,        // 429 with Retry-After: 1
  cut_mid_body,      // Content-Length says more than is sent, then the connection closes
  truncated_body,    // a complete answer whose body is the first half of the real one
  slow_trickle,      // the body, one byte every 200 ms
  not_updated_403,   // CelesTrak's 403 "GP data has not updated since..."
  expired_session,   // Space-Track: 401 once, as if the cookie had expired
};

class FakeUpstream {
 public:
  FakeUpstream();
  ~FakeUpstream();
  FakeUpstream(const FakeUpstream&) = delete;
  FakeUpstream& operator=(const FakeUpstream&) = delete;
  FakeUpstream(FakeUpstream&&) = delete;
  FakeUpstream& operator=(FakeUpstream&&) = delete;

  std::string url() const;

  // The body for a decoded path and query, parameters in name order
  // ("/NORAD/elements/gp.php?FORMAT=csv&GROUP=stations");
  // it gets an ETag, and If-None-Match with it gives 304.
  void serve(const std::string& target, std::string body);
  // The next `times` requests whose target starts with `prefix` misbehave (-1: all of them).
  void misbehave(const std::string& prefix, Misbehaviour how, int times = -1);
  // Space-Track: the login accepted (others get {"Login":"Failed"}); queries need its cookie.
  void accept_login(const std::string& identity, const std::string& password);

  // Requests received whose target starts with `prefix`.
  int requests(const std::string& prefix) const;

 private:
  struct Trouble {
    Misbehaviour how = Misbehaviour::none;
    int times = 0;
  };
  Misbehaviour take_trouble(const std::string& target);

  std::unique_ptr<httplib::Server> server_;
  std::thread thread_;
  int port_ = 0;
  mutable std::mutex mutex_;  // guards everything below
  std::map<std::string, std::string> bodies_;
  std::map<std::string, Trouble> troubles_;
  std::map<std::string, int> seen_;  // target -> count
  std::string identity_;
  std::string password_;
  std::string session_ = "session-1";
};

}  // namespace gpq::test
