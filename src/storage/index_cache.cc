#include "storage/index_cache.h"

#include "storage/current_index.h"
#include "storage/reader.h"

namespace gpq::storage {

Indexed IndexCache::current() const {
  // Read on a leased connection with its statements prepared once: threads asking at once
  // each use their own connection instead of queueing for one.
  const std::int64_t generation = ReaderPool::Lease(readers_)->generation();
  {
    const std::lock_guard lock(mutex_);
    if (kept_.index && kept_.generation == generation) {
      return kept_;
    }
  }
  const std::lock_guard rebuilding(rebuild_mutex_);
  {
    const std::lock_guard lock(mutex_);
    if (kept_.index && kept_.generation >= generation) {
      return kept_;  // built by the thread this one waited for
    }
  }
  // Labelled with the generation read before the build: a commit during it makes the next
  // call build again rather than trust an index that may predate it.
  ReaderPool::Lease reader(readers_);
  const Indexed fresh{std::make_shared<const CurrentIndex>(*reader), generation};
  const std::lock_guard lock(mutex_);
  kept_ = fresh;
  return fresh;
}

}  // namespace gpq::storage
