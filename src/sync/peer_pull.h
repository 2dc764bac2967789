// A replica's pull from the gpq server it follows (`gpq sync --from-peer`, docs/REPLICAS.md):
// the change stream after the generation the database has, applied in one transaction as
// it arrives, committed only when it arrived whole.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

#include "storage/change_codec.h"

namespace gpq {
class Error;
class StopRequest;
}  // namespace gpq

namespace gpq::storage {
class Database;
}

namespace gpq::sync {

struct PeerPullOptions {
  std::string url;       // the peer: http(s)://host[:port][/prefix]; /api/v1/changes is added
  std::string key;       // a key of scope replication on the peer
  int wait_seconds = 0;  // a long poll: the peer answers once it has a newer generation
  // Ask for the stream gzipped. The blocks of sets travel packed already (about 16 bytes a
  // set), so gzip saves some 5% and costs the peer a core: for slow links only.
  bool gzip = false;
  std::chrono::seconds connect_timeout{10};
  std::chrono::seconds read_timeout{60};  // between two reads, beyond the long poll's wait
};

struct PeerPullReport {
  storage::ChangeStart start;    // the generation reached, and from where
  storage::ChangeTotals totals;  // what was applied
  std::uint64_t bytes = 0;       // of the stream (decompressed when it came gzipped)
  double seconds = 0;
};

// Throws Error{bad_request} for a URL that is not one or a database that cannot follow,
// Error{upstream} when the peer refuses, fails or cuts the stream short (nothing applied),
// Error{interrupted} when `stop` asks (nothing applied).
// `full`: the whole mirror, whatever generation the database has.
PeerPullReport pull_from_peer(storage::Database& db, const PeerPullOptions& options,
                              const StopRequest* stop, bool full = false);

// How long each pull of follow_peer() waits at the peer for a new generation, and the pause
// after a failed pull.
inline constexpr int kFollowWaitSeconds = 50;
inline constexpr int kFollowRetrySeconds = 5;

// Pulls for good (until `stop` asks), each pull after the first waiting at the peer for its
// next generation, so that the replica follows within a second of each commit. A pull that
// fails at the peer or on the way is reported to `failed` and tried again after
// kFollowRetrySeconds; a refusal of the database or the flags (bad_request) and a stop
// (interrupted) end it by throwing. `pulled` hears of every pull.
void follow_peer(storage::Database& db, PeerPullOptions options, const StopRequest& stop, bool full,
                 const std::function<void(const PeerPullReport&)>& pulled,
                 const std::function<void(const Error&)>& failed);

}  // namespace gpq::sync
