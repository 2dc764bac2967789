#include "storage/sync_lock.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

#include "gpq/error.h"

namespace gpq::storage {
namespace {

std::string lock_path(const std::filesystem::path& database) {
  return database.string() + ".sync-lock";
}

// The whole file, exclusively; l_pid must be 0 for OFD locks.
struct flock whole_file(short type) {
  struct flock lock {};
  lock.l_type = type;
  lock.l_whence = SEEK_SET;
  return lock;
}

}  // namespace

SyncLock::SyncLock(const std::filesystem::path& database, bool wait) {
  const std::string path = lock_path(database);
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) {
    fail(Errc::internal,
         "cannot create the lock file {} ({}); a sync needs to write beside the database", path,
         std::strerror(errno));
  }
  struct flock lock = whole_file(F_WRLCK);
  int result = 0;
  do {
    result = ::fcntl(fd_, wait ? F_OFD_SETLKW : F_OFD_SETLK, &lock);
  } while (result != 0 && errno == EINTR);
  if (result != 0) {
    const int error = errno;
    ::close(fd_);
    fd_ = -1;
    if (error == EAGAIN || error == EACCES) {
      fail(Errc::internal,
           "another gpq sync is running on {}; try again when it is done, or give --wait",
           database.string());
    }
    fail(Errc::internal, "cannot lock {}", path);
  }
}

SyncLock::~SyncLock() {
  if (fd_ >= 0) {
    ::close(fd_);  // closing the last descriptor of the description releases the lock
  }
}

bool sync_in_progress(const std::filesystem::path& database) {
  const std::string path = lock_path(database);
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    return false;
  }
  struct flock lock = whole_file(F_WRLCK);
  const bool held = ::fcntl(fd, F_OFD_GETLK, &lock) == 0 && lock.l_type != F_UNLCK;
  ::close(fd);
  return held;
}

}  // namespace gpq::storage
