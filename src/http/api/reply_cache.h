// Recent 200 replies by request, valid while the data generation stays the same and for a
// short time (decay and launch-age rules move with the clock). Repeated requests, the
// common case of scripts and dashboards polling one object, then skip the query and the
// writers.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "http/api/endpoints.h"

namespace gpq::http {

struct CachedReply {
  Reply reply;
  std::string etag;
};

class ReplyCache {
 public:
  using Clock = std::chrono::steady_clock;

  ReplyCache(std::size_t max_bytes, std::chrono::seconds lifetime)
      : max_bytes_(max_bytes), lifetime_(lifetime) {}

  std::shared_ptr<const CachedReply> find(const std::string& key, std::int64_t generation,
                                          Clock::time_point now);
  void store(const std::string& key, std::int64_t generation,
             std::shared_ptr<const CachedReply> reply, Clock::time_point now);
  // What the kept replies hold: their keys and bodies.
  std::size_t bytes();

 private:
  struct Entry {
    std::int64_t generation;
    Clock::time_point expires;
    std::shared_ptr<const CachedReply> reply;
  };

  std::size_t max_bytes_;
  std::chrono::seconds lifetime_;
  std::mutex mutex_;  // guards the members below
  std::unordered_map<std::string, Entry> entries_;
  std::size_t bytes_ = 0;
};

}  // namespace gpq::http
