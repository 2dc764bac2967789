// One line per answered request: time, client, method, target, status, bytes, microseconds
// and key id. The key itself is never written, not even one sent in the URL by mistake.
#pragma once

#include <cstdint>
#include <cstdio>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

namespace gpq::http {

struct LogLine {
  std::string_view client;
  std::string_view method;
  std::string_view target;  // path and query as received
  int status = 0;
  std::size_t bytes = 0;  // body bytes sent
  std::optional<std::int64_t> micros;
  std::optional<std::int64_t> key_id;
};

class AccessLog {
 public:
  // `path`: empty writes to stderr, "off" writes nothing, anything else is a file appended to.
  // Throws Error{bad_request} when the file cannot be opened.
  explicit AccessLog(const std::string& path);
  ~AccessLog();
  AccessLog(const AccessLog&) = delete;
  AccessLog& operator=(const AccessLog&) = delete;
  AccessLog(AccessLog&&) = delete;
  AccessLog& operator=(AccessLog&&) = delete;

  void write(const LogLine& line);
  // Lines are buffered; the server flushes about once a second and at shutdown.
  void flush();

 private:
  std::mutex mutex_;
  std::FILE* file_ = nullptr;
  bool owned_ = false;
};

}  // namespace gpq::http
