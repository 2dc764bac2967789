// The read-only connections of a store: a pool of Readers, each leased to one thread for
// the duration of one call, so that threads asking at once never queue for a connection.
#pragma once

#include <filesystem>
#include <memory>
#include <mutex>
#include <vector>

namespace gpq::storage {

class Reader;

class ReaderPool {
 public:
  // Opens the first Reader now, so that a database that cannot be opened fails here.
  // Throws Error (see Reader).
  explicit ReaderPool(const std::filesystem::path& path);
  ~ReaderPool();
  ReaderPool(const ReaderPool&) = delete;
  ReaderPool& operator=(const ReaderPool&) = delete;
  ReaderPool(ReaderPool&&) = delete;
  ReaderPool& operator=(ReaderPool&&) = delete;

  // A Reader for one thread until the lease ends, then back in the pool. A new one is opened
  // when none is idle (throws Error as Reader's constructor). Thread-safe.
  class Lease {
   public:
    explicit Lease(const ReaderPool& pool);
    ~Lease();
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    Lease(Lease&&) = delete;
    Lease& operator=(Lease&&) = delete;

    Reader* operator->() { return reader_.get(); }
    Reader& operator*() { return *reader_; }

   private:
    const ReaderPool& pool_;
    std::unique_ptr<Reader> reader_;
  };

  const std::filesystem::path& path() const noexcept { return path_; }

  // At most `readers` stay open: one given back while more are open is closed. A burst opens
  // more for a moment (a thread waits for none), and the pool then shrinks back, so that the
  // memory of the readers (each its page cache and statements) is set by this number, not by
  // the highest concurrency ever seen (docs/SERVE.md, "Memory"). Default 16.
  void keep_at_most(std::size_t readers);

 private:
  std::filesystem::path path_;
  mutable std::mutex mutex_;  // guards idle_, open_ and keep_
  mutable std::vector<std::unique_ptr<Reader>> idle_;
  mutable std::size_t open_ = 0;  // idle and leased
  std::size_t keep_ = 16;
};

}  // namespace gpq::storage
