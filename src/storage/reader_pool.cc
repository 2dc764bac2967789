#include "storage/reader_pool.h"

#include <algorithm>

#include "storage/reader.h"

namespace gpq::storage {

ReaderPool::ReaderPool(const std::filesystem::path& path) : path_(path) {
  idle_.push_back(std::make_unique<Reader>(path));
  open_ = 1;
}

ReaderPool::~ReaderPool() = default;

void ReaderPool::keep_at_most(std::size_t readers) {
  const std::lock_guard lock(mutex_);
  keep_ = std::max<std::size_t>(1, readers);
}

ReaderPool::Lease::Lease(const ReaderPool& pool) : pool_(pool) {
  {
    const std::lock_guard lock(pool.mutex_);
    if (!pool.idle_.empty()) {
      reader_ = std::move(pool.idle_.back());
      pool.idle_.pop_back();
      return;
    }
  }
  reader_ = std::make_unique<Reader>(pool.path_);  // opened outside the lock: it takes a while
  const std::lock_guard lock(pool.mutex_);
  ++pool.open_;
}

ReaderPool::Lease::~Lease() {
  std::unique_ptr<Reader> closing;  // closed after the lock is let go
  const std::lock_guard lock(pool_.mutex_);
  if (pool_.open_ > pool_.keep_) {
    --pool_.open_;
    closing = std::move(reader_);
  } else {
    pool_.idle_.push_back(std::move(reader_));
  }
}

}  // namespace gpq::storage
