// Merges the incoming sets of one object and source into its blocks: the blocks they fall
// into are decoded, merged with them by the rules of docs/DECISIONS.md "Element sets", and
// written back, cut anew. Appending after a full block decodes nothing.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "storage/block_codec.h"
#include "storage/set_versions.h"

namespace gpq::storage {

class BlockWriter {
 public:
  enum class Written { added, updated, unchanged };

  // `versions` keeps what a new version replaces; it outlives the writer.
  BlockWriter(SQLite::Database& connection, std::filesystem::path path, SetVersions& versions);

  // `incoming`: one object and source, ascending epochs, one set per epoch (the winner of
  // each identity's repeats in the batch). A stored set an incoming one replaces, or an
  // incoming one the stored set outlives (SetVersions::stored_answers), is kept as a
  // version. Calls
  // `outcome(i, written)` for each incoming set. Returns the object's newest stored set
  // when the blocks rewritten are its last ones and something changed (the caller keeps the
  // `latest` row), else nullptr; valid until the next call.
  template <typename Outcome>
  const StoredSet* write(std::span<const ElementSet* const> incoming, std::int64_t run_id,
                         Outcome&& outcome) {
    outcomes_.clear();
    const StoredSet* newest = merge(incoming, run_id);
    for (std::size_t i = 0; i < outcomes_.size(); ++i) {
      outcome(i, outcomes_[i]);
    }
    return newest;
  }

 private:
  const StoredSet* merge(std::span<const ElementSet* const> incoming, std::int64_t run_id);
  // Decodes into stored_ the blocks the sets of [first_us, last_us] fall into (their ids into
  // fetched_ids_), and returns the first epoch of the first of them; `reaches_end` tells
  // whether no block starts after last_us.
  std::int64_t fetch_blocks(const ElementSet& front, std::int64_t first_us, std::int64_t last_us,
                            bool& reaches_end);
  // merged_ = stored_ and `incoming` in epoch order, an outcome for each incoming set; false
  // when nothing changed.
  bool merge_sets(std::span<const ElementSet* const> incoming, std::int64_t run_id);

  std::filesystem::path path_;
  SetVersions& versions_;
  SQLite::Statement at_or_before_;
  SQLite::Statement after_;
  SQLite::Statement blocks_;
  SQLite::Statement insert_;
  SQLite::Statement replace_;
  SQLite::Statement delete_;
  SQLite::Statement record_change_;
  std::vector<StoredSet> stored_;  // reused between calls
  std::vector<std::int64_t> fetched_ids_;
  std::vector<StoredSet> merged_;
  std::vector<Written> outcomes_;
  std::string scratch_;
};

}  // namespace gpq::storage
