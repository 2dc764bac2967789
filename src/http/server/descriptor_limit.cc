#include "http/server/descriptor_limit.h"

#include <sys/resource.h>

namespace gpq::http {

std::size_t connection_descriptors() {
  rlimit limit{};
  if (::getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    ::setrlimit(RLIMIT_NOFILE, &limit);
    ::getrlimit(RLIMIT_NOFILE, &limit);
  }
  constexpr rlim_t kReserved = 256;
  return limit.rlim_cur > kReserved * 2 ? static_cast<std::size_t>(limit.rlim_cur - kReserved)
                                        : static_cast<std::size_t>(limit.rlim_cur / 2);
}

}  // namespace gpq::http
