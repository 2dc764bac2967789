#include "http/server/connection_counts.h"

namespace gpq::http {

bool ConnectionCounts::admit(const std::string& address) {
  if (open_ >= max_open_) {
    return false;
  }
  const auto found = per_address_.find(address);
  const std::size_t from_address = found == per_address_.end() ? 0 : found->second;
  if (from_address >= max_per_address_) {
    return false;
  }
  ++per_address_[address];
  ++open_;
  return true;
}

void ConnectionCounts::release(const std::string& address) {
  --open_;
  const auto found = per_address_.find(address);
  if (found != per_address_.end() && --found->second == 0) {
    per_address_.erase(found);
  }
}

}  // namespace gpq::http
