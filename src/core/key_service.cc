#include "gpq/key_service.h"

#include "gpq/error.h"

#include "core/printable_text.h"

namespace gpq {
namespace {

constexpr std::size_t kMaxLabelLength = 200;

constexpr std::string_view kScopeNames[] = {
#define GPQ_KEY_SCOPE_NAME(name, text) text,
    GPQ_KEY_SCOPES(GPQ_KEY_SCOPE_NAME)
#undef GPQ_KEY_SCOPE_NAME
};

}  // namespace

std::string_view key_scope_name(KeyScope scope) noexcept {
  return kScopeNames[static_cast<std::size_t>(scope)];
}

std::optional<KeyScope> parse_key_scope(std::string_view name) noexcept {
  for (std::size_t i = 0; i < std::size(kScopeNames); ++i) {
    if (name == kScopeNames[i]) {
      return static_cast<KeyScope>(i);
    }
  }
  return std::nullopt;
}

std::vector<std::string_view> key_scope_names() {
  return {std::begin(kScopeNames), std::end(kScopeNames)};
}

NewKey KeyService::create(std::string_view label, KeyScope scope, TimePoint now) {
  if (label.size() > kMaxLabelLength) {
    fail(Errc::bad_request, "--label is {} characters long; keep it to {}", label.size(),
         kMaxLabelLength);
  }
  // The label is printed one per line by `gpq keys list`: a line break would forge a row.
  if (const auto problem = text_field_problem("--label", label)) {
    fail(Errc::bad_request, "{}; give UTF-8 text without control characters", *problem);
  }
  NewKey made;
  made.key = minter_.generate();
  made.id = store_.add(minter_.hash(made.key), label, scope, now);
  return made;
}

KeyListing KeyService::list(TimePoint now) const {
  KeyListing listing;
  listing.month = month_of(now);
  listing.keys = store_.list(listing.month);
  return listing;
}

void KeyService::revoke(std::int64_t id, TimePoint now) {
  if (!store_.revoke(id, now)) {
    fail(Errc::not_found, "no key has id {}; see gpq keys list", id);
  }
}

}  // namespace gpq
