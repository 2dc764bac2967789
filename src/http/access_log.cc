#include "http/access_log.h"

#include <iterator>

#include <fmt/core.h>

#include "gpq/error.h"
#include "gpq/time.h"

namespace gpq::http {

AccessLog::AccessLog(const std::string& path) {
  if (path == "off") {
    return;
  }
  if (path.empty()) {
    file_ = stderr;
    return;
  }
  file_ = std::fopen(path.c_str(), "a");
  if (file_ == nullptr) {
    fail(Errc::bad_request, "cannot open access log {} for appending", path);
  }
  owned_ = true;
}

AccessLog::~AccessLog() {
  if (owned_) {
    std::fclose(file_);
  } else if (file_ != nullptr) {
    std::fflush(file_);
  }
}

void AccessLog::write(const LogLine& line) {
  if (file_ == nullptr) {
    return;
  }
  std::string text = format_iso8601_millis(system_now());
  auto out = std::back_inserter(text);
  fmt::format_to(out, " {} {} ", line.client, line.method);
  // Control characters in a target would forge log lines.
  for (const char c : line.target) {
    text += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? '?' : c;
  }
  fmt::format_to(out, " {} {}", line.status, line.bytes);
  if (line.micros) {
    fmt::format_to(out, " {}us", *line.micros);
  } else {
    text += " -";
  }
  if (line.key_id) {
    fmt::format_to(out, " key={}\n", *line.key_id);
  } else {
    text += " key=-\n";
  }
  const std::lock_guard lock(mutex_);
  std::fwrite(text.data(), 1, text.size(), file_);
}

void AccessLog::flush() {
  if (file_ != nullptr) {
    const std::lock_guard lock(mutex_);
    std::fflush(file_);
  }
}

}  // namespace gpq::http
