// The changes a client follows, as the text it is sent (docs/STREAM.md): which changes a
// filter admits, with group lists as the mirror holds them when the change is sent, and each
// change rendered with what the mirror holds about it (its set, its SATCAT record, its name).
// The query core's, so that every front end tells a change alike: the stream's hub and the
// webhooks' deliverer each own one (not thread-safe).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "gpq/change_event.h"
#include "gpq/query_service.h"

namespace gpq {

class ChangeTexts {
 public:
  // `core` must outlive this object.
  explicit ChangeTexts(const QueryService& core) : core_(core) {}

  bool admits(const ChangeFilter& filter, const ChangeEvent& event);
  // The event's JSON (gpq/change_event_format.h).
  std::string json(const ChangeEvent& event) const;

 private:
  const std::vector<std::int32_t>& members(const std::string& group);

  const QueryService& core_;
  std::int64_t generation_ = -1;  // of the group lists below
  std::map<std::string, std::vector<std::int32_t>, std::less<>> groups_;
};

}  // namespace gpq
