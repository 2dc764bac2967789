#include "http/access_log.h"

#include <iterator>

#include <fmt/core.h>

#include "gpq/error.h"
#include "gpq/time.h"

namespace gpq::http {
namespace {

bool is_key_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '_';
}

// The target as logged. Control characters would forge log lines: each is '?'. A key sent in
// the URL by mistake (`?api_key=gpq_...`) would stay in the log, usable by whoever reads it:
// what follows "gpq_" is '***' when it is long enough to be key material.
void append_target(std::string_view target, std::string& text) {
  constexpr std::string_view kKeyPrefix = "gpq_";
  constexpr std::size_t kShortestKeyPart = 20;  // keys carry 43; names like gpq_sat stay
  for (std::size_t at = 0; at < target.size();) {
    if (target.substr(at).starts_with(kKeyPrefix)) {
      std::size_t end = at + kKeyPrefix.size();
      while (end < target.size() && is_key_char(target[end])) {
        ++end;
      }
      if (end - at - kKeyPrefix.size() >= kShortestKeyPart) {
        text.append(kKeyPrefix).append("***");
        at = end;
        continue;
      }
    }
    const char c = target[at++];
    text += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? '?' : c;
  }
}

}  // namespace

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
  append_target(line.target, text);
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
