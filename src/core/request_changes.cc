// The filter of the stream and the webhooks (gpq/request.h bind_change_filter).
#include <algorithm>

#include "gpq/error.h"
#include "gpq/request.h"

#include "core/printable_text.h"
#include "core/request_filters.h"
#include "core/request_output.h"

namespace gpq {

ChangeFilter bind_change_filter(const Params& params) {
  ChangeFilter filter;
  filter.norad_ids = detail::bind_norad_list(params);
  filter.group = detail::bind_group(params).value_or("");
  const auto events = params.find("events");
  if (events == params.end()) {
    return filter;
  }
  std::string_view rest = events->second;
  while (true) {
    const std::size_t comma = rest.find(',');
    const std::string_view name = rest.substr(0, comma);
    const std::optional<ChangeKind> kind = parse_change_kind(name);
    if (!kind) {
      fail(Errc::bad_request, "parameter 'events': '{}' is not a change; use {}", excerpt(name),
           change_kind_names());
    }
    filter.kinds = static_cast<std::uint8_t>(filter.kinds | (1U << static_cast<unsigned>(*kind)));
    if (comma == std::string_view::npos) {
      break;
    }
    rest.remove_prefix(comma + 1);
  }
  return filter;
}

std::optional<std::int64_t> bind_last_event_id(std::string_view text) {
  if (text.empty()) {
    return std::nullopt;
  }
  const std::optional<std::int64_t> id = detail::parse_whole(text);
  if (!id) {
    fail(Errc::bad_request, "Last-Event-ID: '{}' is not an event id (a whole number from 0)",
         excerpt(text));
  }
  return id;
}

}  // namespace gpq
