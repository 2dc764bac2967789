#include "http/limits/sqlite_key_source.h"

#include "storage/api_keys.h"

namespace gpq::http {

std::int64_t SqliteKeySource::version() {
  const std::lock_guard lock(mutex_);
  return storage::ApiKeys(*reader_).change_counter();
}

std::vector<ActiveKey> SqliteKeySource::active() {
  const std::lock_guard lock(mutex_);
  return storage::ApiKeys(*reader_).active();
}

}  // namespace gpq::http
