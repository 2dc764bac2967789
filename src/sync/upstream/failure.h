// Why a resource or a whole source failed, twice over: in full for the sync's log and `gpq
// status`, and as a short reason for GET /status, which anyone may read (docs/SYNC.md).
#pragma once

#include <string>
#include <string_view>

namespace gpq::sync {

struct Failure {
  std::string message;  // every detail, an upstream's answer included
  std::string reason;   // gpq's own words and numbers only: "HTTP 500", "connection failed"
  bool empty() const { return message.empty(); }
};

// The reason of an answer that could not be read as data.
inline constexpr std::string_view kUnreadableAnswer = "unreadable answer";

}  // namespace gpq::sync
