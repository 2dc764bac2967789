// The list of upstreams, and what their plans share.
#include <charconv>

#include "gpq/error.h"

#include "sync/upstream/celestrak.h"
#include "sync/upstream/spacetrack.h"
#include "sync/upstream/upstream.h"

namespace gpq::sync {

std::span<const Upstream> upstreams() {
  static const Upstream kUpstreams[] = {
      celestrak_upstream(),
      spacetrack_upstream(),
  };
  return kUpstreams;
}

std::optional<std::string> url_flag(const SyncRequest& request, std::string_view name) {
  const auto found = request.urls.find(name);
  if (found == request.urls.end() || found->second.empty()) {
    return std::nullopt;
  }
  return found->second;
}

std::optional<int> config_int(const SyncConfig& config, const std::string& key) {
  const auto text = config.get(key, nullptr);
  if (!text) {
    return std::nullopt;
  }
  int value = 0;
  const auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), value);
  if (text->empty() || error != std::errc() || end != text->data() + text->size()) {
    fail(Errc::bad_request, "{} in {}: expected a whole number, got \"{}\"", key, config.path,
         *text);
  }
  return value;
}

}  // namespace gpq::sync
