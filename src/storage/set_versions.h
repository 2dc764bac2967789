// The versions of a set (object, source, epoch) that a later publication replaced: when each
// was published, which one answers, and keeping the others (schema.cc set_version).
#pragma once

#include <cstdint>
#include <optional>
#include <unordered_map>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "gpq/element_set.h"

#include "storage/block_codec.h"

namespace gpq::storage {

class SetVersions {
 public:
  // `connection` is the writer's, inside its transaction.
  explicit SetVersions(SQLite::Database& connection);

  // When `set`, collected by run `run_id`, was published: its CREATION_DATE where it carries
  // one, else the run's publication (its --published-at, else its start).
  std::int64_t published_us(const ElementSet& set, std::int64_t run_id);
  // When the sets of run `run_id` that carry no CREATION_DATE were published (and the catalog
  // records it brought).
  std::int64_t run_published_us(std::int64_t run_id);

  // True when `stored` keeps answering although `incoming` (collected by `run_id`) has the
  // same identity and other values: both carry a CREATION_DATE and the stored one is later,
  // or neither does and the stored one's run was published later (files imported out of
  // order with --published-at). Otherwise the one imported later answers.
  bool stored_answers(const StoredSet& stored, const ElementSet& incoming, std::int64_t run_id);

  // Keeps `set`, collected by run `run_id`, as a version that no longer answers. A version
  // of the same identity and publication time already kept stays as it is.
  void keep(const ElementSet& set, std::int64_t run_id);

  // `set` answers now: a kept version with its values is one no longer.
  void forget(const ElementSet& set);

  // Notes how far `set`'s epoch lies after its publication; keep() notes its versions too.
  void note_epoch_lead(const ElementSet& set, std::int64_t run_id);
  // The largest lead noted since the last call, for meta max_epoch_lead_us (gpq/as_of.h).
  std::optional<std::int64_t> take_max_epoch_lead();

 private:
  SQLite::Statement run_publication_;
  SQLite::Statement insert_;
  SQLite::Statement forget_;
  std::unordered_map<std::int64_t, std::int64_t> run_publications_;
  std::optional<std::int64_t> max_epoch_lead_;
};

}  // namespace gpq::storage
