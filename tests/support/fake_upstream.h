// A fake CelesTrak / Space-Track on a free loopback port, in the test process: it serves
// bodies in the real URL shapes and can misbehave on request (errors, cut bodies, slow
// trickles, refused logins, expiring sessions, "not modified", rate-limit answers). Like
// Space-Track it answers "violated your query rate limit" (500) to a client that sends 30
// requests in a minute or 300 in an hour, and it records when every request arrived.
#pragma once

#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace httplib {
class Server;
}

namespace gpq::test {

enum class Misbehaviour {
  none,
  status_500,       // 500 with a short text body
  status_429,       // 429 with Retry-After: 1
  rate_limit_500,   // Space-Track's 500 "You've violated your query rate limit", no Retry-After
  cut_mid_body,     // Content-Length says more than is sent, then the connection closes
  truncated_body,   // a complete answer whose body is the first half of the real one
  slow_trickle,     // the body, one byte every 200 ms
  not_updated_403,  // CelesTrak's 403 "GP data has not updated since..."
  status_403,       // a plain 403 Forbidden, as to a client CelesTrak has blocked
  expired_session,  // Space-Track: 401 once, as if the cookie had expired
};

struct ReceivedRequest {
  std::string target;  // decoded path and query
  std::chrono::steady_clock::time_point at;
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
  // "/ajaxauth/login" takes status_500, status_429 and rate_limit_500.
  void misbehave(const std::string& prefix, Misbehaviour how, int times = -1);
  // Space-Track: the login accepted (others get {"Login":"Failed"}); queries need its cookie.
  void accept_login(const std::string& identity, const std::string& password);

  // Requests received whose target starts with `prefix`.
  int requests(const std::string& prefix) const;
  // Space-Track requests (/ajaxauth/..., /basicspacedata/...) in the order they arrived.
  std::vector<ReceivedRequest> spacetrack_log() const;
  // Rate-limit answers given because a client went over 30 a minute or 300 an hour.
  int violations() const;

 private:
  struct Trouble {
    Misbehaviour how = Misbehaviour::none;
    int times = 0;
  };
  Misbehaviour take_trouble(const std::string& target);
  // Logs a Space-Track request; true when it goes over Space-Track's limits. Needs mutex_.
  bool log_spacetrack(const std::string& target);

  std::unique_ptr<httplib::Server> server_;
  std::thread thread_;
  int port_ = 0;
  mutable std::mutex mutex_;  // guards everything below
  std::map<std::string, std::string> bodies_;
  std::map<std::string, Trouble> troubles_;
  std::map<std::string, int> seen_;  // target -> count
  std::vector<ReceivedRequest> spacetrack_log_;
  int violations_ = 0;
  std::string identity_;
  std::string password_;
  std::string session_ = "session-1";
};

}  // namespace gpq::test
