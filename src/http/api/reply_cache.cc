#include "http/api/reply_cache.h"

namespace gpq::http {

std::shared_ptr<const CachedReply> ReplyCache::find(const std::string& key, std::int64_t generation,
                                                    Clock::time_point now) {
  const std::lock_guard lock(mutex_);
  const auto found = entries_.find(key);
  if (found == entries_.end() || found->second.generation != generation ||
      found->second.expires < now) {
    return nullptr;
  }
  return found->second.reply;
}

void ReplyCache::store(const std::string& key, std::int64_t generation,
                       std::shared_ptr<const CachedReply> reply, Clock::time_point now) {
  const std::size_t size = key.size() + reply->reply.body.size();
  if (size > max_bytes_ / 8) {
    return;  // one large page would push out many small answers
  }
  const std::lock_guard lock(mutex_);
  if (bytes_ + size > max_bytes_) {
    // Dropping everything is cheap and keeps no bookkeeping per hit; the hot answers come
    // back at their next request.
    entries_.clear();
    bytes_ = 0;
  }
  auto [it, inserted] = entries_.try_emplace(key);
  if (!inserted) {
    bytes_ -= key.size() + it->second.reply->reply.body.size();
  }
  it->second = {generation, now + lifetime_, std::move(reply)};
  bytes_ += size;
}

std::size_t ReplyCache::bytes() {
  const std::lock_guard lock(mutex_);
  return bytes_;
}

}  // namespace gpq::http
