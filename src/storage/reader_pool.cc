#include "storage/reader_pool.h"

#include "storage/reader.h"

namespace gpq::storage {

ReaderPool::ReaderPool(const std::filesystem::path& path) : path_(path) {
  idle_.push_back(std::make_unique<Reader>(path));
}

ReaderPool::~ReaderPool() = default;

ReaderPool::Lease::Lease(const ReaderPool& pool) : pool_(pool) {
  {
    const std::lock_guard lock(pool.mutex_);
    if (!pool.idle_.empty()) {
      reader_ = std::move(pool.idle_.back());
      pool.idle_.pop_back();
    }
  }
  if (!reader_) {
    reader_ = std::make_unique<Reader>(pool.path_);  // opened outside the lock: it takes a while
  }
}

ReaderPool::Lease::~Lease() {
  const std::lock_guard lock(pool_.mutex_);
  pool_.idle_.push_back(std::move(reader_));
}

}  // namespace gpq::storage
