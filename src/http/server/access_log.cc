#include "http/server/access_log.h"

#include <algorithm>
#include <iterator>

#include <fmt/core.h>

#include "gpq/error.h"
#include "gpq/time.h"

#include "core/text.h"
#include "format/json_writer.h"

namespace gpq::http {
namespace {

bool is_key_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '_';
}

// Whether a piece of a URL holds key material once percent-decoded: "gpq_" in any case
// followed by enough key characters (keys carry 43; names like gpq_sat stay).
bool holds_key(std::string_view raw) {
  constexpr std::size_t kShortestKeyPart = 20;
  if (raw.size() < 4 + kShortestKeyPart) {
    return false;  // decoding only shortens: most pieces need no look (every request is logged)
  }
  const std::string decoded = to_lower(percent_decoded(raw));
  for (std::size_t at = decoded.find("gpq_"); at != std::string::npos;
       at = decoded.find("gpq_", at + 1)) {
    std::size_t end = at + 4;
    while (end < decoded.size() && is_key_char(decoded[end])) {
      ++end;
    }
    if (end - at - 4 >= kShortestKeyPart) {
      return true;
    }
  }
  return false;
}

// The target as logged. Control characters would forge log lines: each is '?'. A key sent in
// the URL by mistake (`?api_key=gpq_...`, `?k=GPQ%5F...`, in the path) would stay in the log,
// usable by whoever reads it: each piece between '/', '?', '&', '=' and ';' that holds one is
// written `gpq_***`.
void append_target(std::string_view target, std::string& text) {
  constexpr std::string_view kDelimiters = "/?&=;";
  for (std::size_t at = 0; at <= target.size();) {
    const std::size_t end = std::min(target.find_first_of(kDelimiters, at), target.size());
    const std::string_view piece = target.substr(at, end - at);
    if (holds_key(piece)) {
      text += "gpq_***";
    } else {
      for (const char c : piece) {
        text += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? '?' : c;
      }
    }
    if (end < target.size()) {
      text += target[end];
    }
    at = end + 1;
  }
}

}  // namespace

AccessLog::AccessLog(const std::string& path, LogFormat format) : format_(format) {
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
  std::string text =
      format_ == LogFormat::json ? json_line(line) : format_iso8601_millis(system_now());
  if (format_ == LogFormat::text) {
    append_text(line, text);
  }
  const std::lock_guard lock(mutex_);
  std::fwrite(text.data(), 1, text.size(), file_);
}

void AccessLog::append_text(const LogLine& line, std::string& text) {
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
}

// The fields of docs/SERVE.md "Logs", in its order; absent facts are null.
std::string AccessLog::json_line(const LogLine& line) {
  std::string text = "{\"time\":";
  json::append_time(system_now(), text);
  text += ",\"client\":";
  json::append_string(line.client, text);
  text += ",\"method\":";
  json::append_string(line.method, text);
  std::string target;
  append_target(line.target, target);
  text += ",\"path\":";
  json::append_string(target, text);
  auto out = std::back_inserter(text);
  fmt::format_to(out, ",\"status\":{},\"bytes\":{},\"duration_us\":", line.status, line.bytes);
  text += line.micros ? std::to_string(*line.micros) : "null";
  text += ",\"key_id\":";
  text += line.key_id ? std::to_string(*line.key_id) : "null";
  text += ",\"lane\":";
  text += !line.lane ? "null" : *line.lane == Lane::heavy ? "\"heavy\"" : "\"standard\"";
  fmt::format_to(out, ",\"cache_hit\":{}}}\n", line.cache_hit);
  return text;
}

void AccessLog::flush() {
  if (file_ != nullptr) {
    const std::lock_guard lock(mutex_);
    std::fflush(file_);
  }
}

}  // namespace gpq::http
