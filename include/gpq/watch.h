// A webhook of `gpq watch` (docs/STREAM.md "Webhooks"): where it posts, what it follows, and
// how far its deliveries have come; and `gpq watch list` in its forms.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gpq/change_event.h"
#include "gpq/format.h"
#include "gpq/time.h"

namespace gpq {

struct Watch {
  std::int64_t id = 0;
  std::string url;
  ChangeFilter filter;
  std::string secret;  // signs each delivery's body (HMAC-SHA256)
  bool allow_private = false;
  TimePoint created;
  std::int64_t delivered_through = 0;  // every event up to this id is delivered or given up
  std::int64_t attempts = 0;           // failed tries of the next event
  TimePoint next_attempt;              // not before
  std::int64_t delivered = 0;          // events delivered (2xx)
  std::int64_t failed = 0;             // events given up after the retry window
  std::optional<int> last_status;      // of the last try; none: no answer, or no try
  std::string last_error;              // of the last failed try; empty after a success
};

// table (the default) or json ({"watches":[{...}]}); never the secrets.
void write_watch_listing(Format format, const std::vector<Watch>& watches, std::string& out);

}  // namespace gpq
