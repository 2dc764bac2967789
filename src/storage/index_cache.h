// The in-memory CurrentIndex of a store, kept for one data generation and rebuilt when a
// query finds the database at another one.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>

#include "storage/reader_pool.h"

namespace gpq::storage {

class CurrentIndex;

// An index and the generation it was built at: what is computed from the index is labelled
// with that generation, never with a later one.
struct Indexed {
  std::shared_ptr<const CurrentIndex> index;
  std::int64_t generation = -1;
};

class IndexCache {
 public:
  // `readers` must outlive this object.
  explicit IndexCache(const ReaderPool& readers) : readers_(readers) {}

  // The index at the generation the database is at now: the kept one when its generation is
  // that one, else one built on a leased Reader (threads that find it stale together wait
  // for one build). Thread-safe. Throws Error on database failure.
  Indexed current() const;

 private:
  const ReaderPool& readers_;
  mutable std::mutex rebuild_mutex_;  // one build at a time
  mutable std::mutex mutex_;          // guards kept_, held only to copy it
  mutable Indexed kept_;
};

}  // namespace gpq::storage
