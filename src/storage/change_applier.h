// The replica's side of the change stream (docs/REPLICAS.md): a pull applied to the
// follower's database in one transaction, committed only when the stream arrived whole, and
// what the follower records of the peer it follows.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "gpq/time.h"

#include "storage/change_codec.h"
#include "storage/change_reader.h"

namespace SQLite {
class Statement;
class Transaction;
}  // namespace SQLite

namespace gpq::storage {

class Database;

// What a database knows of the peer it follows.
struct FollowerState {
  std::optional<std::string> peer_url;  // none: the database does not follow a peer
  std::int64_t generation = 0;          // the peer's generation at the last pull
  std::int64_t runs_from = 0;           // the sync_run id the next pull starts from
  bool holds_data = false;              // sets or catalog records are stored
};
FollowerState follower_state(Database& db);

// Throws Error{bad_request} when the database follows a peer: it takes changes from there
// only (its block rows mirror the peer's), never from upstreams or files.
void refuse_if_follower(Database& db);

// The request of the next pull from `peer_url`: after the generation the database has, or
// the whole mirror when it follows another peer or none yet. Throws Error{bad_request} when
// the database holds data of its own (it is not a follower): a replica starts empty.
ChangeRequest next_pull(Database& db, std::string_view peer_url);

class ChangeApplier {
 public:
  // `db` must be open for writing and outlive the applier. Nothing is written before the
  // stream's start frame, and nothing stays written unless finish() commits.
  ChangeApplier(Database& db, std::string peer_url);
  ~ChangeApplier();
  ChangeApplier(const ChangeApplier&) = delete;
  ChangeApplier& operator=(const ChangeApplier&) = delete;

  // The next piece of the stream. Throws Error{upstream} on a damaged stream, Error{internal}
  // on a database failure; the transaction is then rolled back.
  void feed(std::string_view bytes);

  // Commits the pull when the stream arrived whole (its end frame, and totals that match what
  // came); otherwise throws Error{upstream} and the database stays as it was.
  ChangeTotals finish(TimePoint now);

  // The start frame, once it has come.
  const std::optional<ChangeStart>& start() const { return start_; }

 private:
  void apply(const DecodedFrame& frame);
  void begin(const ChangeStart& start);
  void apply_row(const DecodedFrame& frame);

  Database& db_;
  std::string peer_url_;
  ChangeDecoder decoder_;
  std::unique_ptr<SQLite::Transaction> transaction_;
  std::unique_ptr<SQLite::Statement> statements_[kChangeTableCount];
  std::unique_ptr<SQLite::Statement> delete_block_;
  std::unique_ptr<SQLite::Statement> clear_group_;
  std::optional<ChangeStart> start_;
  std::optional<ChangeTotals> announced_;  // the end frame's
  ChangeTotals received_;
};

}  // namespace gpq::storage
