// The primary's side of the change stream (docs/REPLICAS.md): every row that changed after a
// generation, read in one snapshot and written as frames (change_codec.h).
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string_view>

#include "storage/change_codec.h"

namespace gpq::storage {

struct ChangeRequest {
  std::int64_t after = 0;      // the generation the replica has; 0: the whole mirror
  std::int64_t runs_from = 0;  // the first sync_run id it needs
};

// Reads the changes from the database at `path` (a connection of its own, one read
// transaction) and hands the stream to `emit` in pieces of about 1 MiB; `emit` returns false
// when the receiver went away, and reading stops. Returns what was sent. Throws Error.
ChangeTotals read_changes(const std::filesystem::path& path, const ChangeRequest& request,
                          const std::function<bool(std::string_view)>& emit);

// Waits until the database's generation is past `after`, at most `wait` and not once
// `stopping()` says so, looking every 100 ms (a long poll: a replica hears of a new
// generation within that). Returns the generation seen last.
std::int64_t wait_for_generation(const std::filesystem::path& path, std::int64_t after,
                                 std::chrono::milliseconds wait,
                                 const std::function<bool()>& stopping);

}  // namespace gpq::storage
