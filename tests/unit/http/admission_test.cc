// Admission over a LimitBook and a KeySource of its own: what each decision of the limits
// becomes (429 for the rate and the quota, 503 when the shared counters cannot be reached,
// never an uncounted request), and keys that reach the ring at their first request.
#include "http/server/admission.h"

#include <vector>

#include <gtest/gtest.h>

#include "keys/key_material.h"

namespace gpq::http {
namespace {

constexpr TimePoint kNow = TimePoint::from_unix_micros(1'790'000'000'000'000);

class ListedKeys final : public KeySource {
 public:
  std::int64_t version() override {
    ++version_reads;
    return static_cast<std::int64_t>(keys.size());
  }
  std::vector<ActiveKey> active() override { return keys; }

  void add(std::int64_t id, std::string_view key) {
    const KeyHash hash = keys::hash_api_key(key);
    keys.push_back({id, std::vector<unsigned char>(hash.begin(), hash.end())});
  }

  std::vector<ActiveKey> keys;
  int version_reads = 0;
};

// Answers every take() with `next` and counts the quota units given back.
class ScriptedLimits final : public LimitBook {
 public:
  LimitDecision take(std::int64_t, Lane, TimePoint) override { return next; }
  std::optional<std::int64_t> release_quota(std::int64_t, TimePoint) override {
    ++released;
    return 41;
  }
  std::optional<std::int64_t> remaining(std::int64_t, TimePoint) override { return 40; }
  std::int64_t limit() const override { return 100; }

  LimitDecision next;
  int released = 0;
};

struct World {
  World() { source.add(7, "gpq_seven"); }
  ListedKeys source;
  KeyRing ring{source};
  ScriptedLimits limits;
  Admission admission{ring, limits, false};
};

TEST(AdmissionTest, EachLimitDecisionBecomesItsAnswer) {
  World world;
  struct Case {
    LimitDecision::Outcome outcome;
    int status;
    const char* retry_after;
    const char* message_start;
  };
  const Case cases[] = {
      {LimitDecision::Outcome::rate_limited, 429, "3", "Rate limit exceeded. Try again in 3"},
      {LimitDecision::Outcome::quota_used_up, 429, nullptr, "Monthly quota of 100 requests"},
      {LimitDecision::Outcome::unavailable, 503, "3", "Request limits cannot be checked"},
  };
  for (const Case& c : cases) {
    world.limits.next = {c.outcome, 3, std::nullopt};
    auto result = world.admission.admit("GET", "/api/v1/gp/25544", "gpq_seven", kNow);
    ASSERT_TRUE(std::holds_alternative<Refused>(result)) << c.status;
    const Refused& refused = std::get<Refused>(result);
    EXPECT_EQ(refused.reply.status, c.status);
    EXPECT_EQ(refused.key, 7);
    EXPECT_NE(refused.reply.body.find(c.message_start), std::string::npos) << refused.reply.body;
    bool has_retry = false;
    for (const auto& [name, value] : refused.reply.headers) {
      if (name == "Retry-After") {
        has_retry = true;
        if (c.retry_after != nullptr) {
          EXPECT_EQ(value, c.retry_after) << c.status;
        }
      }
    }
    EXPECT_TRUE(has_retry) << c.status;
  }
  EXPECT_EQ(world.limits.released, 0);  // nothing was taken, nothing is given back
}

TEST(AdmissionTest, AnAdmittedRequestSettlesWhatDoesNotCount) {
  World world;
  world.limits.next = {LimitDecision::Outcome::admitted, 0, 12};
  for (const int status : {200, 304, 500}) {
    auto result = world.admission.admit("GET", "/api/v1/gp/25544", "gpq_seven", kNow);
    ASSERT_TRUE(std::holds_alternative<Admitted>(result));
    Admitted admitted = std::get<Admitted>(result);
    EXPECT_EQ(admitted.remaining, 12);
    world.admission.settle(admitted, status, kNow);
    world.admission.settle(admitted, status, kNow);  // a second settle gives nothing back
  }
  // 200 counts; 304 and 500 give back their quota unit, never the rate token (the interface
  // has no way to: a conditional header is not a way around the rate).
  EXPECT_EQ(world.limits.released, 2);
}

TEST(AdmissionTest, AKeyAddedToTheSourceWorksAtItsFirstRequest) {
  World world;
  world.limits.next = {LimitDecision::Outcome::admitted, 0, 12};
  world.ring.refresh();
  const auto refused = world.admission.admit("GET", "/api/v1/gp/25544", "gpq_new", kNow);
  EXPECT_EQ(std::get<Refused>(refused).reply.status, 403);
  world.source.add(8, "gpq_new");
  const auto admitted = world.admission.admit("GET", "/api/v1/gp/25544", "gpq_new", kNow);
  ASSERT_TRUE(std::holds_alternative<Admitted>(admitted));
  EXPECT_EQ(std::get<Admitted>(admitted).key, 8);
  // A known key never makes the ring look at its source.
  const int reads = world.source.version_reads;
  world.admission.admit("GET", "/api/v1/gp/25544", "gpq_seven", kNow);
  EXPECT_EQ(world.source.version_reads, reads);
}

}  // namespace
}  // namespace gpq::http
