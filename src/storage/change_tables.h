// The SQL of the change stream (change_reader.cc, change_applier.cc; docs/REPLICAS.md): which
// rows of which tables a stream carries, in change_codec.h's ChangeTable order, and how a
// replica clears and keeps what it takes over. Part of sql.h, kept apart for its size.
#pragma once

#include <string_view>

#include "storage/sql.h"

namespace gpq::storage::sql {

// The meta rows a replica takes over; the rest of meta is each database's own.
#define GPQ_REPLICATED_META \
  "('generation', 'element_set_count', 'earliest_epoch_us', 'max_epoch_lead_us')"
#define GPQ_LATEST_COLUMNS                                                            \
  "norad_id, source, epoch_us, creation_us, mean_motion, eccentricity, inclination, " \
  "ra_of_asc_node, arg_of_pericenter, mean_anomaly, bstar, mean_motion_dot, "         \
  "mean_motion_ddot, rev_at_epoch, element_set_no, class_eph, run_id, generation"
#define GPQ_OBJECT_YEAR_COLUMNS \
  "norad_id, source, year, set_count, first_epoch_us, last_epoch_us, generation"
#define GPQ_SET_BLOCK_COLUMNS "id, norad_id, source, first_epoch_us, last_epoch_us, set_count, sets"
#define GPQ_VERSION_COLUMNS                                                                \
  "norad_id, source, epoch_us, published_us, creation_us, mean_motion, eccentricity, "     \
  "inclination, ra_of_asc_node, arg_of_pericenter, mean_anomaly, bstar, mean_motion_dot, " \
  "mean_motion_ddot, rev_at_epoch, element_set_no, class_eph, run_id, generation"
#define GPQ_CHANGE_EVENT_COLUMNS                                                         \
  "id, kind, norad_id, source, epoch_us, committed_us, time_us, element, size, sigmas, " \
  "before_epoch_us, before_source, reentry_earliest_us, reentry_latest_us, generation"

// What each table of the stream (change_codec.h ChangeTable, in its order) sends: its
// columns, and the rows changed after generation ?1 (0: every row); the rows of the rowid
// version tables in the order they were written, which is the order of their ties.
struct ChangedTable {
  std::string_view table;
  std::string_view columns;
  std::string_view changed;
};
inline constexpr ChangedTable kChangedTables[] = {
    {"meta", "key, value", "SELECT key, value FROM meta WHERE key IN " GPQ_REPLICATED_META},
    {"sync_run", GPQ_RUN_COLUMNS, "SELECT " GPQ_RUN_COLUMNS " FROM sync_run WHERE id >= ?2"},
    {"object", "norad_id, object_name, object_id, generation, published_us",
     "SELECT norad_id, object_name, object_id, generation, published_us FROM object"
     " WHERE ?1 = 0 OR generation > ?1"},
    {"latest", GPQ_LATEST_COLUMNS,
     "SELECT " GPQ_LATEST_COLUMNS " FROM latest WHERE ?1 = 0 OR generation > ?1"},
    {"object_year", GPQ_OBJECT_YEAR_COLUMNS,
     "SELECT " GPQ_OBJECT_YEAR_COLUMNS " FROM object_year WHERE ?1 = 0 OR generation > ?1"},
    {"satcat", GPQ_CATALOG_COLUMNS ", generation, published_us",
     "SELECT " GPQ_CATALOG_COLUMNS ", generation, published_us FROM satcat"
     " WHERE ?1 = 0 OR generation > ?1"},
    {"group_sync", "group_name, synced_us, generation",
     "SELECT group_name, synced_us, generation FROM group_sync WHERE ?1 = 0 OR generation > ?1"},
    // The members of the groups above, all of them: a group list is replaced whole.
    {"group_member", "group_name, norad_id",
     "SELECT m.group_name, m.norad_id FROM group_sync g CROSS JOIN group_member m"
     " ON m.group_name = g.group_name WHERE ?1 = 0 OR g.generation > ?1"},
    {"set_block", GPQ_SET_BLOCK_COLUMNS,
     "SELECT " GPQ_SET_BLOCK_COLUMNS " FROM set_block WHERE ?1 = 0 UNION ALL"
     " SELECT b.id, b.norad_id, b.source, b.first_epoch_us, b.last_epoch_us, b.set_count, b.sets"
     " FROM block_change c CROSS JOIN set_block b ON b.id = c.block_id"
     " WHERE ?1 > 0 AND c.generation > ?1"},
    {"block_change", "block_id, generation",
     "SELECT block_id, generation FROM block_change WHERE generation > ?1"},
    {"set_version", GPQ_VERSION_COLUMNS,
     "SELECT " GPQ_VERSION_COLUMNS " FROM set_version WHERE ?1 = 0 OR generation > ?1"
     " ORDER BY rowid"},
    {"object_version", "norad_id, published_us, object_name, object_id, generation",
     "SELECT norad_id, published_us, object_name, object_id, generation FROM object_version"
     " WHERE ?1 = 0 OR generation > ?1 ORDER BY rowid"},
    {"satcat_version", GPQ_CATALOG_COLUMNS ", published_us, generation",
     "SELECT " GPQ_CATALOG_COLUMNS ", published_us, generation FROM satcat_version"
     " WHERE ?1 = 0 OR generation > ?1 ORDER BY rowid"},
    {"change_event", GPQ_CHANGE_EVENT_COLUMNS,
     "SELECT " GPQ_CHANGE_EVENT_COLUMNS " FROM change_event WHERE ?1 = 0 OR generation > ?1"},
};
// Blocks deleted after generation ?1 (sent before the rows, applied first).
inline constexpr std::string_view kRemovedBlocks = R"sql(
  SELECT c.block_id FROM block_change c
  WHERE c.generation > ?1 AND NOT EXISTS (SELECT 1 FROM set_block b WHERE b.id = c.block_id))sql";
// The sync_run rows a replica asks for: from the first run still running at its last pull,
// else after the last run it has.
inline constexpr std::string_view kRunsFrom = R"sql(
  SELECT coalesce((SELECT min(id) FROM sync_run WHERE outcome = 'running'),
                  (SELECT max(id) + 1 FROM sync_run), 0))sql";
inline constexpr std::string_view kHoldsData =
    "SELECT EXISTS (SELECT 1 FROM set_block) OR EXISTS (SELECT 1 FROM satcat)";
inline constexpr std::string_view kSelectMetaValue = "SELECT value FROM meta WHERE key = ?1";
inline constexpr std::string_view kUpsertMetaValue = R"sql(
  INSERT INTO meta (key, value) VALUES (?1, ?2)
  ON CONFLICT (key) DO UPDATE SET value = excluded.value)sql";
// A whole pull starts from nothing.
inline constexpr std::string_view kClearReplicated = R"sql(
  DELETE FROM sync_run; DELETE FROM object; DELETE FROM latest; DELETE FROM object_year;
  DELETE FROM satcat; DELETE FROM group_sync; DELETE FROM group_member; DELETE FROM set_block;
  DELETE FROM block_change; DELETE FROM set_version; DELETE FROM object_version;
  DELETE FROM satcat_version; DELETE FROM change_event;
  DELETE FROM meta WHERE key IN )sql" GPQ_REPLICATED_META ";";

}  // namespace gpq::storage::sql
