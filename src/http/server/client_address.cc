#include "http/server/client_address.h"

#include <algorithm>

#include "core/text.h"

namespace gpq::http {
namespace {

bool is_trusted(std::string_view address, const std::vector<std::string>& trusted) {
  return std::find(trusted.begin(), trusted.end(), address) != trusted.end();
}

}  // namespace

std::string client_address(std::string_view peer, std::string_view forwarded_for,
                           const std::vector<std::string>& trusted) {
  if (forwarded_for.empty() || !is_trusted(peer, trusted)) {
    return std::string(peer);
  }
  std::string_view rest = forwarded_for;
  std::string_view found = peer;
  while (!rest.empty()) {
    const std::size_t comma = rest.rfind(',');
    const std::string_view entry =
        trim(comma == std::string_view::npos ? rest : rest.substr(comma + 1));
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(0, comma);
    if (entry.empty()) {
      continue;
    }
    found = entry;
    if (!is_trusted(entry, trusted)) {
      break;
    }
  }
  return std::string(found);
}

}  // namespace gpq::http
