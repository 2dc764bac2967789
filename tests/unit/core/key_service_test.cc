// KeyService's rules over an in-memory store and a predictable minter.
#include "gpq/key_service.h"

#include <gtest/gtest.h>

#include "support/expect_error.h"

namespace gpq {
namespace {

class MemoryKeyStore final : public KeyStore {
 public:
  std::int64_t add(std::span<const unsigned char> hash, std::string_view label, KeyScope scope,
                   TimePoint created) override {
    ApiKeyInfo& info = keys_.emplace_back();
    info.id = static_cast<std::int64_t>(keys_.size());
    info.label = label;
    info.scope = scope;
    info.created = created;
    hashes_.emplace_back(hash.begin(), hash.end());
    return info.id;
  }
  bool revoke(std::int64_t id, TimePoint when) override {
    if (id < 1 || id > static_cast<std::int64_t>(keys_.size())) {
      return false;
    }
    ApiKeyInfo& info = keys_[static_cast<std::size_t>(id - 1)];
    info.revoked = info.revoked.value_or(when);
    return true;
  }
  std::vector<ApiKeyInfo> list(std::string_view month) const override {
    last_month = month;
    return keys_;
  }
  std::vector<ActiveKey> active() const override { return {}; }

  mutable std::string last_month;
  std::vector<std::vector<unsigned char>> hashes_;

 private:
  std::vector<ApiKeyInfo> keys_;
};

class CountingMinter final : public KeyMinter {
 public:
  std::string generate() const override { return "gpq_" + std::to_string(++made_); }
  KeyHash hash(std::string_view key) const override {
    KeyHash hash{};
    hash[0] = static_cast<unsigned char>(key.size());
    return hash;
  }

 private:
  mutable int made_ = 0;
};

const TimePoint kNow = TimePoint::from_unix_micros(1'700'000'000'000'000);  // 2023-11-14

TEST(KeyServiceTest, CreateStoresOnlyTheHash) {
  MemoryKeyStore store;
  const CountingMinter minter;
  KeyService service(store, minter);
  const NewKey made = service.create("ops", KeyScope::api, kNow);
  EXPECT_EQ(made.key, "gpq_1");
  EXPECT_EQ(made.id, 1);
  ASSERT_EQ(store.hashes_.size(), 1U);
  EXPECT_EQ(store.hashes_[0][0], 5);  // the minter's hash of "gpq_1", not the key
}

TEST(KeyServiceTest, ALongLabelIsRefused) {
  MemoryKeyStore store;
  const CountingMinter minter;
  KeyService service(store, minter);
  EXPECT_GPQ_ERROR(service.create(std::string(201, 'x'), KeyScope::api, kNow), Errc::bad_request,
                   "--label is 201 characters long; keep it to 200");
  EXPECT_TRUE(store.hashes_.empty());
}

TEST(KeyServiceTest, ALabelWithALineBreakIsRefused) {
  MemoryKeyStore store;
  const CountingMinter minter;
  KeyService service(store, minter);
  EXPECT_GPQ_ERROR(service.create("ops\n   2  forged", KeyScope::api, kNow), Errc::bad_request,
                   "--label holds the control character U+000A (at byte 4); give UTF-8 text "
                   "without control characters");
  EXPECT_TRUE(store.hashes_.empty());
}

TEST(KeyServiceTest, ListCountsTheMonthOfNowAndRevokeNeedsAKnownId) {
  MemoryKeyStore store;
  const CountingMinter minter;
  KeyService service(store, minter);
  service.create("", KeyScope::replication, kNow);
  const KeyListing listing = service.list(kNow);
  EXPECT_EQ(listing.month, "2023-11");
  EXPECT_EQ(store.last_month, "2023-11");
  ASSERT_EQ(listing.keys.size(), 1U);
  service.revoke(1, kNow);
  EXPECT_GPQ_ERROR(service.revoke(7, kNow), Errc::not_found, "no key has id 7; see gpq keys list");
}

}  // namespace
}  // namespace gpq
