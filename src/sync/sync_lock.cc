#include "sync/sync_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>

#include "gpq/error.h"

namespace gpq::sync {

SyncLock::SyncLock(const std::filesystem::path& database, bool wait) {
  const std::string path = database.string() + ".sync-lock";
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) {
    fail(Errc::internal, "cannot create the lock file {}", path);
  }
  if (::flock(fd_, LOCK_EX | (wait ? 0 : LOCK_NB)) != 0) {
    const int error = errno;
    ::close(fd_);
    fd_ = -1;
    if (error == EWOULDBLOCK) {
      fail(Errc::internal,
           "another gpq sync is running on {}; try again when it is done, or give --wait",
           database.string());
    }
    fail(Errc::internal, "cannot lock {}", path);
  }
}

SyncLock::~SyncLock() {
  if (fd_ >= 0) {
    ::flock(fd_, LOCK_UN);
    ::close(fd_);
  }
}

}  // namespace gpq::sync
