// One line per answered request: time, client, method, target, status, bytes, microseconds
// and key id as text, or one JSON object with those and the rate lane and whether the reply
// cache answered (docs/SERVE.md "Logs"). The key itself is never written, not even one sent in
// the URL by mistake.
#pragma once

#include <cstdint>
#include <cstdio>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "format/process_log.h"
#include "http/limits/rate_limiter.h"

namespace gpq::http {

struct LogLine {
  std::string_view client;
  std::string_view method;
  std::string_view target;  // path and query as received
  int status = 0;
  std::size_t bytes = 0;  // body bytes sent
  std::optional<std::int64_t> micros;
  std::optional<std::int64_t> key_id;
  std::optional<Lane> lane = std::nullopt;  // a keyed endpoint's
  bool cache_hit = false;
};

class AccessLog {
 public:
  // `path`: empty writes to stderr, "off" writes nothing, anything else is a file appended to.
  // Throws Error{bad_request} when the file cannot be opened.
  AccessLog(const std::string& path, LogFormat format);
  ~AccessLog();
  AccessLog(const AccessLog&) = delete;
  AccessLog& operator=(const AccessLog&) = delete;
  AccessLog(AccessLog&&) = delete;
  AccessLog& operator=(AccessLog&&) = delete;

  void write(const LogLine& line);
  // Lines are buffered; the server flushes about once a second and at shutdown.
  void flush();

 private:
  // The line in each format, line end included.
  static void append_text(const LogLine& line, std::string& text);
  static std::string json_line(const LogLine& line);

  std::mutex mutex_;
  LogFormat format_;
  std::FILE* file_ = nullptr;
  bool owned_ = false;
};

}  // namespace gpq::http
