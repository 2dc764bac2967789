// Admission of a request (Admission::admit): the method, the path and the X-Api-Key header
// against the server's key ring (SHA-256 and constant-time comparison), then the rate limiter
// and the monthly quota, kept across inputs as a running server keeps them; and settle() with
// the status of an answer. Input: one line each for the method, the path, the key and the
// status; an Admission with --no-auth and one without see each.
#include <charconv>

#include <fmt/core.h>

#include "core/printable_text.h"
#include "fuzz_input.h"
#include "http/limits/key_ring.h"
#include "http/limits/key_source.h"
#include "http/limits/local_limits.h"
#include "http/server/admission.h"
#include "keys/key_material.h"

namespace {

using gpq::fuzz::broken;

// Two keys the seeds present, as `gpq keys create` would have stored them; a fixed list.
class FixedKeys final : public gpq::http::KeySource {
 public:
  FixedKeys() {
    for (const auto& [id, key] :
         {std::pair{1, "gpq_fuzz_key_one"}, std::pair{2, "gpq_fuzz_key_two"}}) {
      const gpq::KeyHash hash = gpq::keys::hash_api_key(key);
      keys_.push_back({id, {hash.begin(), hash.end()}});
    }
  }
  std::int64_t version() override { return 1; }
  std::vector<gpq::ActiveKey> active() override { return keys_; }

 private:
  std::vector<gpq::ActiveKey> keys_;
};

void admit(gpq::http::Admission& admission, const std::vector<std::string_view>& lines) {
  const gpq::TimePoint now = gpq::TimePoint::from_unix_micros(1'780'000'000'000'000);
  const std::string path(lines[1]);
  auto admitted = admission.admit(lines[0], path, lines[2], now);
  if (auto* refused = std::get_if<gpq::http::Refused>(&admitted)) {
    if (gpq::text_field_problem("reply", refused->reply.body)) {
      broken(fmt::format("a refusal's body is not printable: {}", refused->reply.body));
    }
    return;
  }
  int status = 200;
  std::from_chars(lines[3].data(), lines[3].data() + lines[3].size(), status);
  auto& let_in = std::get<gpq::http::Admitted>(admitted);
  admission.settle(let_in, status, now);
  admission.settle(let_in, status, now);  // a second call gives nothing back twice
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static FixedKeys source;
  static gpq::http::KeyRing ring(source);
  static const bool loaded = ring.refresh();
  static gpq::http::RateLimiter limiter({10, 20}, {2, 5});
  static gpq::http::QuotaBook quota(100'000);
  static gpq::http::LocalLimits limits(limiter, quota);
  static gpq::http::Admission keyed(ring, limits, false);
  static gpq::http::Admission open(ring, limits, true);
  (void)loaded;
  const auto lines = gpq::fuzz::fields(gpq::fuzz::as_text(data, size), 4);
  admit(keyed, lines);
  admit(open, lines);
  return 0;
}
