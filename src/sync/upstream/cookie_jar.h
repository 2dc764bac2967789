// The cookies of one upstream session: taken from Set-Cookie answer headers, sent back as one
// Cookie header. Attributes (Path, Expires, ...) are ignored: a session lasts one sync.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gpq::sync {

using HeaderList = std::vector<std::pair<std::string, std::string>>;

class CookieJar {
 public:
  // Keeps `name=value` of every set-cookie header (names lower-cased, as HttpAnswer has them);
  // a cookie of a name kept already replaces it. A value without '=' is ignored.
  void take(const HeaderList& headers);
  // "a=1; b=2", or empty.
  std::string header() const;
  bool empty() const { return cookies_.empty(); }
  void clear() { cookies_.clear(); }

 private:
  std::vector<std::pair<std::string, std::string>> cookies_;  // name, value
};

}  // namespace gpq::sync
