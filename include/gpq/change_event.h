// What changed in the mirror, as the stream (/api/v1/stream) and the webhooks tell it
// (docs/STREAM.md): an object's newest set replaced, a manoeuvre or a decay found in the sets
// that brought it, a decay date in the SATCAT. Each change is recorded once, in the order the
// mirror committed it, under an id that only grows.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpq/element_set.h"
#include "gpq/event_query.h"
#include "gpq/time.h"

namespace gpq {

// The kinds, in the order of their codes in the database. `conjunction` is named so that
// filters and stored codes admit it; nothing records it yet (docs/STREAM.md).
#define GPQ_CHANGE_KINDS(ROW) ROW(set) ROW(manoeuvre) ROW(decay) ROW(conjunction)
enum class ChangeKind : std::uint8_t {
#define GPQ_CHANGE_KIND_ENUMERATOR(name) name,
  GPQ_CHANGE_KINDS(GPQ_CHANGE_KIND_ENUMERATOR)
#undef GPQ_CHANGE_KIND_ENUMERATOR
};
inline constexpr int kChangeKindCount = 0
#define GPQ_CHANGE_KIND_COUNT(name) +1
    GPQ_CHANGE_KINDS(GPQ_CHANGE_KIND_COUNT)
#undef GPQ_CHANGE_KIND_COUNT
    ;

std::string_view to_string(ChangeKind kind) noexcept;  // "set", "manoeuvre", ...
std::optional<ChangeKind> parse_change_kind(std::string_view text) noexcept;
// "set, manoeuvre, decay, conjunction": for messages and help.
std::string change_kind_names();

struct ChangeEvent {
  std::int64_t id = 0;
  ChangeKind kind = ChangeKind::set;
  std::int32_t norad_id = 0;
  DataSource source = DataSource::celestrak;
  // The set the change came with (a manoeuvre's or decay's later set); a SATCAT decay: its
  // DECAY date.
  TimePoint epoch;
  TimePoint committed;  // when the mirror recorded the change
  // A manoeuvre, or a decay found in the sets; none for a new set or a SATCAT decay.
  std::optional<OrbitEvent> orbit;
};

// Which changes a client follows: every one, or those of some objects (NORAD ids, or the
// members of a group as the mirror knows them when the change is sent), of some kinds.
struct ChangeFilter {
  std::vector<std::int32_t> norad_ids;  // sorted; empty: every object (unless a group)
  std::string group;                    // empty: no group
  std::uint8_t kinds = 0;               // bits of (1 << ChangeKind); 0: every kind

  bool admits_kind(ChangeKind kind) const noexcept {
    return kinds == 0 || (kinds & (1U << static_cast<unsigned>(kind))) != 0;
  }
};

}  // namespace gpq
