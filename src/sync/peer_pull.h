// A replica's pull from the gpq server it follows (`gpq sync --from-peer`, docs/REPLICAS.md):
// the change stream after the generation the database has, applied in one transaction as
// it arrives, committed only when it arrived whole.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include "storage/change_codec.h"

namespace gpq {
class StopRequest;
}

namespace gpq::storage {
class Database;
}

namespace gpq::sync {

struct PeerPullOptions {
  std::string url;  // the peer: http(s)://host[:port][/prefix]; /api/v1/changes is added
  std::string key;  // a key of scope replication on the peer
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

}  // namespace gpq::sync
