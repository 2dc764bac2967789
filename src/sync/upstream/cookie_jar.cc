#include "sync/upstream/cookie_jar.h"

namespace gpq::sync {

void CookieJar::take(const HeaderList& headers) {
  for (const auto& [name, value] : headers) {
    if (name != "set-cookie") {
      continue;
    }
    const std::string pair = value.substr(0, value.find(';'));
    const std::size_t equals = pair.find('=');
    if (equals == std::string::npos) {
      continue;
    }
    const std::string cookie = pair.substr(0, equals);
    std::erase_if(cookies_, [&](const auto& c) { return c.first == cookie; });
    cookies_.emplace_back(cookie, pair.substr(equals + 1));
  }
}

std::string CookieJar::header() const {
  std::string header;
  for (const auto& [name, value] : cookies_) {
    header += header.empty() ? "" : "; ";
    header += name + "=" + value;
  }
  return header;
}

}  // namespace gpq::sync
