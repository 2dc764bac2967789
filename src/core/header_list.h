// Comma-separated lists: the request headers Accept, Accept-Encoding and If-None-Match, and the
// `accept` formats the core binds. One tokenizer, so every list is split, trimmed and weighed
// the same way.
#pragma once

#include <string_view>
#include <vector>

namespace gpq {

struct HeaderListItem {
  std::string_view text;   // the whole item, trimmed (an entity tag keeps any `;`)
  std::string_view value;  // the item before its first `;`, trimmed
  double quality = 1;      // its `q=` parameter (unreadable: 0), 1 when there is none
};

// The items of `header` in the order given; empty items are left out. The views point into
// `header`.
std::vector<HeaderListItem> parse_header_list(std::string_view header);

}  // namespace gpq
