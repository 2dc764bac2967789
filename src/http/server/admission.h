// Admission: whether a request reaches an endpoint at all. It checks the method (405), the
// path (404), the key (403), the rate (429) and the monthly quota (429) - or 503 when the
// shared counters of a fleet cannot be reached, never letting a request through uncounted -
// and afterwards gives back what an answer that does not count had taken.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "gpq/time.h"

#include "http/api/endpoints.h"
#include "http/api/routes.h"
#include "http/limits/key_ring.h"
#include "http/limits/limit_book.h"
#include "http/limits/quota.h"
#include "http/limits/rate_limiter.h"

namespace gpq::http {

// The key id that requests without a key share under --no-auth.
inline constexpr std::int64_t kAnonymousKey = 0;

// A request let through.
struct Admitted {
  Route route;
  std::optional<std::int64_t> key;  // the presented key's id, if it is valid
  // The endpoint needs a key: the request took a rate token and reserved a quota unit, which
  // it holds until settle() gives them back.
  bool quota_reserved = false;
  Lane lane = Lane::standard;
  std::optional<std::int64_t> remaining;  // the key's quota left, when known
};

// A request turned away: the error reply (with Allow or Retry-After) and the key it carried.
struct Refused {
  Reply reply;
  std::optional<std::int64_t> key;
  std::optional<std::int64_t> remaining;  // the key's quota left, when known
  // For a 429: the lane it was counted in and why (the metrics count them).
  Lane lane = Lane::standard;
  std::optional<LimitReason> limit = std::nullopt;
};

class Admission {
 public:
  // Both must outlive this object; `keys` may be refreshed meanwhile.
  Admission(KeyRing& keys, LimitBook& limits, bool no_auth)
      : keys_(keys), limits_(limits), no_auth_(no_auth) {}

  // `presented_key`: the X-Api-Key header, empty when absent. The route of an Admitted points
  // into `path`, which must outlive it. Thread-safe.
  std::variant<Admitted, Refused> admit(std::string_view method, const std::string& path,
                                        std::string_view presented_key, TimePoint now);

  // Once the answer's status is known: a counted request whose answer does not count against
  // the quota (a 304, a 5xx) gets its unit back; the rate token stays taken.
  // A second call gives nothing back twice (an exception after the first settles as a 500).
  void settle(Admitted& admitted, int status, TimePoint now);

 private:
  KeyRing& keys_;
  LimitBook& limits_;
  bool no_auth_;
};

}  // namespace gpq::http
