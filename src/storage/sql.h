// Every SQL statement of gpq, by name (the change stream's in change_tables.h, the schema's
// in schema_sql.h). Statements are prepared once per connection and
// bound by index; the column lists here and the codecs in row_codec.cc move in step.
#pragma once

#include <string_view>

namespace gpq::storage::sql {

// ---- Connection setup (database.cc) ---------------------------------------------------------

inline constexpr std::string_view kPageSize = "PRAGMA page_size = 4096";
inline constexpr std::string_view kJournalWal = "PRAGMA journal_mode = WAL";
inline constexpr std::string_view kSynchronousNormal = "PRAGMA synchronous = NORMAL";
inline constexpr std::string_view kForeignKeysOff = "PRAGMA foreign_keys = OFF";
inline constexpr std::string_view kTempStoreMemory = "PRAGMA temp_store = MEMORY";
inline constexpr std::string_view kWriterCache = "PRAGMA cache_size = -262144";  // 256 MiB
// Readers keep a small private cache and read through the OS page cache (no mmap): a server
// holds one reader per busy thread, and mapped pages of a multi-GB file would count in its
// resident size, while the kernel's cache serves both sync and serve.
inline constexpr std::string_view kReaderCache = "PRAGMA cache_size = -2048";  // 2 MiB
// A sync commits ~50k sets at a time; checkpointing every 1000 pages (the default) would copy
// the same hot pages back into the database file over and over.
inline constexpr std::string_view kWalAutocheckpoint = "PRAGMA wal_autocheckpoint = 16384";
inline constexpr std::string_view kJournalSizeLimit = "PRAGMA journal_size_limit = 67108864";
// While a Writer lives the log grows to ~300 MiB between checkpoints (checkpointer.h); it is
// then reused from its start, and truncating it each time would make it grow anew, which
// costs more than writing it.
inline constexpr std::string_view kWriterJournalSizeLimit = "PRAGMA journal_size_limit = 536870912";
inline constexpr std::string_view kUserVersion = "PRAGMA user_version";
inline constexpr std::string_view kVacuum = "VACUUM";
inline constexpr std::string_view kSchemaObjectCount = "SELECT count(*) FROM sqlite_schema";

// ---- Newest sets, objects and tallies (writer.cc, reader.cc) -------------------------------

// The generation of the transaction writing: the writer bumps it first (kBumpGeneration), and
// each row it writes carries it (schema.cc migration 8).
#define GPQ_THIS_GENERATION "(SELECT value FROM meta WHERE key = 'generation')"

// The empty string means "not given": it never overwrites a known name or designator. ?4:
// when the set that brought them was published; the names replaced go to object_version
// (schema.cc's trigger).
inline constexpr std::string_view kUpsertObject = R"sql(
  INSERT INTO object (norad_id, object_name, object_id, published_us, generation)
  VALUES (?1, ?2, ?3, ?4, )sql" GPQ_THIS_GENERATION R"sql()
  ON CONFLICT (norad_id) DO UPDATE SET
    object_name = iif(excluded.object_name = '', object_name, excluded.object_name),
    object_id = iif(excluded.object_id = '', object_id, excluded.object_id),
    published_us = excluded.published_us,
    generation = excluded.generation
  WHERE (excluded.object_name <> '' AND excluded.object_name IS NOT object_name)
     OR (excluded.object_id <> '' AND excluded.object_id IS NOT object_id))sql";

// The newest set of an object and source, kept whole in `latest`: the writer binds the set it
// has just stored as the newest, ?1..?17 in this order (row_codec.cc binds them). source: 0
// Space-Track, 1 CelesTrak. element_set_no: NULL means 999. class_eph: 0 means classification
// 'U' and ephemeris type 0. The nine element columns hold decimal codes (decimal_codec.h) or,
// when a value has too many digits, the double itself.
inline constexpr std::string_view kUpsertLatest = R"sql(
  INSERT INTO latest (norad_id, epoch_us, source, creation_us, mean_motion, eccentricity,
    inclination, ra_of_asc_node, arg_of_pericenter, mean_anomaly, bstar, mean_motion_dot,
    mean_motion_ddot, rev_at_epoch, element_set_no, class_eph, run_id, generation)
  VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17,
          )sql" GPQ_THIS_GENERATION R"sql()
  ON CONFLICT (norad_id, source) DO UPDATE SET epoch_us = excluded.epoch_us,
    creation_us = excluded.creation_us, mean_motion = excluded.mean_motion,
    eccentricity = excluded.eccentricity, inclination = excluded.inclination,
    ra_of_asc_node = excluded.ra_of_asc_node, arg_of_pericenter = excluded.arg_of_pericenter,
    mean_anomaly = excluded.mean_anomaly, bstar = excluded.bstar,
    mean_motion_dot = excluded.mean_motion_dot, mean_motion_ddot = excluded.mean_motion_ddot,
    rev_at_epoch = excluded.rev_at_epoch, element_set_no = excluded.element_set_no,
    class_eph = excluded.class_eph, run_id = excluded.run_id,
    generation = excluded.generation)sql";

// ---- Blocks of sets (set_blocks.cc, block_writer.cc, set_cursor.cc) ------------------------

// Every block look-up binds ?1 norad id, ?2 source code and reads these columns; the index
// set_block_by_object finds the rows.
#define GPQ_BLOCK_COLUMNS "id, first_epoch_us, last_epoch_us, set_count, sets"
// The block that holds or precedes an epoch ?3 / the first block after it.
inline constexpr std::string_view kSelectBlockAtOrBefore =
    "SELECT " GPQ_BLOCK_COLUMNS
    " FROM set_block WHERE norad_id = ?1 AND source = ?2"
    " AND first_epoch_us <= ?3 ORDER BY first_epoch_us DESC LIMIT 1";
inline constexpr std::string_view kSelectBlockAfter =
    "SELECT " GPQ_BLOCK_COLUMNS
    " FROM set_block WHERE norad_id = ?1 AND source = ?2"
    " AND first_epoch_us > ?3 ORDER BY first_epoch_us LIMIT 1";
// Blocks starting in ?3..?4, in epoch order.
inline constexpr std::string_view kSelectBlocks =
    "SELECT " GPQ_BLOCK_COLUMNS
    " FROM set_block WHERE norad_id = ?1 AND source = ?2"
    " AND first_epoch_us BETWEEN ?3 AND ?4 ORDER BY first_epoch_us";
inline constexpr std::string_view kInsertBlock =
    "INSERT INTO set_block (norad_id, source, first_epoch_us, last_epoch_us, set_count, sets)"
    " VALUES (?1, ?2, ?3, ?4, ?5, ?6) RETURNING id";
// A rewritten block takes the row of one it replaces (?7): the row stays where it is in the
// file instead of leaving a hole there and growing the file's end.
inline constexpr std::string_view kReplaceBlock =
    "UPDATE set_block SET norad_id = ?1, source = ?2, first_epoch_us = ?3, last_epoch_us = ?4,"
    " set_count = ?5, sets = ?6 WHERE id = ?7";
inline constexpr std::string_view kDeleteBlock = "DELETE FROM set_block WHERE id = ?1";
// Block ?1 was written or deleted in this transaction.
inline constexpr std::string_view kRecordBlockChange =
    "INSERT INTO block_change (block_id, generation) VALUES (?1, " GPQ_THIS_GENERATION
    ")"
    " ON CONFLICT (block_id) DO UPDATE SET generation = excluded.generation";

inline constexpr std::string_view kAddToSetCount = R"sql(
  UPDATE meta SET value = value + ?1 WHERE key = 'element_set_count')sql";
// The oldest epoch in the mirror, kept by the writer: finding it in the blocks would take a
// seek per object.
inline constexpr std::string_view kLowerEarliestEpoch = R"sql(
  INSERT INTO meta (key, value) VALUES ('earliest_epoch_us', ?1)
  ON CONFLICT (key) DO UPDATE SET value = min(coalesce(value, excluded.value), excluded.value))sql";

// How far any stored set's epoch lies after its publication (negative: before), kept by the
// writer: `--as-of T` need not look at epochs after T plus this (gpq/as_of.h).
inline constexpr std::string_view kRaiseMaxEpochLead = R"sql(
  INSERT INTO meta (key, value) VALUES ('max_epoch_lead_us', ?1)
  ON CONFLICT (key) DO UPDATE SET value = max(coalesce(value, excluded.value), excluded.value))sql";
inline constexpr std::string_view kSelectMaxEpochLead =
    "SELECT value FROM meta WHERE key = 'max_epoch_lead_us'";

// Sets added to an object's (source, UTC year) in this batch (schema.cc object_year).
inline constexpr std::string_view kUpsertObjectYear = R"sql(
  INSERT INTO object_year (norad_id, source, year, set_count, first_epoch_us, last_epoch_us,
    generation)
  VALUES (?1, ?2, ?3, ?4, ?5, ?6, )sql" GPQ_THIS_GENERATION R"sql()
  ON CONFLICT (norad_id, source, year) DO UPDATE SET
    set_count = set_count + excluded.set_count,
    first_epoch_us = min(first_epoch_us, excluded.first_epoch_us),
    last_epoch_us = max(last_epoch_us, excluded.last_epoch_us),
    generation = excluded.generation)sql";

// Bumped by every transaction that writes element sets, catalog records or group lists, so
// that readers can tell those commits from others (API usage counts, sync run records).
inline constexpr std::string_view kBumpGeneration = R"sql(
  INSERT INTO meta (key, value) VALUES ('generation', 1)
  ON CONFLICT (key) DO UPDATE SET value = value + 1)sql";
inline constexpr std::string_view kSelectGeneration =
    "SELECT coalesce((SELECT value FROM meta WHERE key = 'generation'), 0)";

// ---- Catalog (writer.cc, reader.cc) --------------------------------------------------------

// Every field the record carries replaces the stored one, null included; ?14 = 0 says the
// source has no OPS_STATUS_CODE (Space-Track), and the stored one stays (docs/STORAGE.md).
// ?15: when the record was published (its run's); the record replaced goes to satcat_version
// (schema.cc's trigger).
inline constexpr std::string_view kUpsertCatalog = R"sql(
  INSERT INTO satcat (norad_id, object_name, object_id, object_type, ops_status_code, owner,
    launch_us, launch_site, decay_us, period_minutes, inclination_deg, apogee_km, perigee_km,
    published_us, generation)
  VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?15,
          )sql" GPQ_THIS_GENERATION R"sql()
  ON CONFLICT (norad_id) DO UPDATE SET object_name = excluded.object_name,
    object_id = excluded.object_id, object_type = excluded.object_type,
    ops_status_code = CASE WHEN ?14 THEN excluded.ops_status_code ELSE ops_status_code END,
    owner = excluded.owner, launch_us = excluded.launch_us, launch_site = excluded.launch_site,
    decay_us = excluded.decay_us, period_minutes = excluded.period_minutes,
    inclination_deg = excluded.inclination_deg, apogee_km = excluded.apogee_km,
    perigee_km = excluded.perigee_km, published_us = excluded.published_us,
    generation = excluded.generation
  WHERE (object_name, object_id, object_type, ops_status_code, owner, launch_us, launch_site,
         decay_us, period_minutes, inclination_deg, apogee_km, perigee_km)
    IS NOT (excluded.object_name, excluded.object_id, excluded.object_type,
            CASE WHEN ?14 THEN excluded.ops_status_code ELSE ops_status_code END, excluded.owner,
            excluded.launch_us, excluded.launch_site, excluded.decay_us,
            excluded.period_minutes, excluded.inclination_deg, excluded.apogee_km,
            excluded.perigee_km))sql";

#define GPQ_CATALOG_COLUMNS                                                            \
  "norad_id, object_name, object_id, object_type, ops_status_code, owner, launch_us, " \
  "launch_site, decay_us, period_minutes, inclination_deg, apogee_km, perigee_km"

inline constexpr std::string_view kSelectCatalogRecord =
    "SELECT " GPQ_CATALOG_COLUMNS " FROM satcat WHERE norad_id = ?1";
// The record of ?1 as published at ?2 (as kSelectObjectAt for names).
inline constexpr std::string_view kSelectCatalogRecordAt =
    "SELECT " GPQ_CATALOG_COLUMNS
    " FROM ("
    " SELECT " GPQ_CATALOG_COLUMNS
    ", coalesce(published_us, 0) AS published, 1 AS current,"
    " 0 AS written FROM satcat WHERE norad_id = ?1 UNION ALL"
    " SELECT " GPQ_CATALOG_COLUMNS
    ", published_us, 0, rowid FROM satcat_version"
    " WHERE norad_id = ?1)"
    " WHERE published <= ?2 ORDER BY current DESC, published DESC, written DESC LIMIT 1";
// Objects whose SATCAT record now was published after ?1: their record then may differ, and
// whether they had one by then at all (one they did not have needs no look-up).
inline constexpr std::string_view kSelectCatalogChangedAfter = R"sql(
  SELECT s.norad_id, EXISTS (SELECT 1 FROM satcat_version v
                             WHERE v.norad_id = s.norad_id AND v.published_us <= ?1)
  FROM satcat s WHERE coalesce(s.published_us, 0) > ?1 ORDER BY s.norad_id)sql";
inline constexpr std::string_view kSelectAllCatalog =
    "SELECT " GPQ_CATALOG_COLUMNS " FROM satcat ORDER BY norad_id";

// ---- Groups (writer.cc, reader.cc) ---------------------------------------------------------

inline constexpr std::string_view kDeleteGroupMembers =
    "DELETE FROM group_member WHERE group_name = ?1";
inline constexpr std::string_view kInsertGroupMember =
    "INSERT OR IGNORE INTO group_member (group_name, norad_id) VALUES (?1, ?2)";
inline constexpr std::string_view kUpsertGroupSync = R"sql(
  INSERT INTO group_sync (group_name, synced_us, generation)
  VALUES (?1, ?2, )sql" GPQ_THIS_GENERATION R"sql()
  ON CONFLICT (group_name) DO UPDATE SET synced_us = excluded.synced_us,
    generation = excluded.generation)sql";
inline constexpr std::string_view kSelectGroupSync =
    "SELECT synced_us FROM group_sync WHERE group_name = ?1";
inline constexpr std::string_view kSelectGroupMembers =
    "SELECT norad_id FROM group_member WHERE group_name = ?1 ORDER BY norad_id";

// The change stream's statements are in change_tables.h.

// ---- Sync runs (sync_runs.cc, reader.cc, change_tables.h) ---------------------------------

#define GPQ_RUN_COLUMNS                                                                        \
  "id, source, started_us, ended_us, sets_added, sets_updated, sets_unchanged, sets_skipped, " \
  "catalog_records, bytes, outcome, error, reason, published_us"

inline constexpr std::string_view kInsertRun =
    "INSERT INTO sync_run (source, started_us, published_us, outcome)"
    " VALUES (?1, ?2, ?3, 'running')";
// What a run left `running` by a process that ended without finishing it says: its error and
// short reason, as recorded by the next sync and as reported meanwhile (reader_catalog.cc).
inline constexpr std::string_view kAbandonedRunError =
    "the process ended before the run did (killed, crashed or powered off)";
inline constexpr std::string_view kAbandonedRunReason = "process ended";
// Runs left `running` by a process that ended without finishing them; the caller holds the
// sync lock, so none of them is still going. ?1 the error, ?2 the reason (above).
inline constexpr std::string_view kInterruptAbandonedRuns = R"sql(
  UPDATE sync_run SET outcome = 'interrupted', error = ?1, reason = ?2
  WHERE outcome = 'running')sql";
inline constexpr std::string_view kFinishRun = R"sql(
  UPDATE sync_run SET ended_us = ?2, sets_added = ?3, sets_updated = ?4, sets_unchanged = ?5,
    sets_skipped = ?6, catalog_records = ?7, bytes = ?8, outcome = ?9, error = ?10, reason = ?11
  WHERE id = ?1)sql";

inline constexpr std::string_view kSelectRuns =
    "SELECT " GPQ_RUN_COLUMNS " FROM sync_run ORDER BY id DESC LIMIT ?1";
inline constexpr std::string_view kSelectLastOkRun = "SELECT " GPQ_RUN_COLUMNS
                                                     " FROM sync_run WHERE source = ?1 AND "
                                                     "outcome = 'ok' ORDER BY id DESC LIMIT 1";
// Per source: its newest run, when its newest successful run ended, and its latest pause.
inline constexpr std::string_view kSelectSourceSyncs = R"sql(
  SELECT r.source, r.started_us, r.ended_us, r.outcome, r.error, r.sets_added,
    (SELECT max(coalesce(o.ended_us, o.started_us)) FROM sync_run o
     WHERE o.source = r.source AND o.outcome = 'ok'),
    (SELECT max(p.until_us) FROM upstream_pause p WHERE p.source = r.source), r.reason
  FROM sync_run r WHERE r.id IN (SELECT max(id) FROM sync_run GROUP BY source)
  ORDER BY r.source)sql";
// Per source: when its newest successful run collected its sets (its start, or the time given
// by --published-at), among the runs that did so at or before ?1.
inline constexpr std::string_view kSelectLastSyncs = R"sql(
  SELECT source, max(coalesce(published_us, started_us)) FROM sync_run
  WHERE outcome = 'ok' AND coalesce(published_us, started_us) <= ?1
  GROUP BY source ORDER BY source)sql";
// When a replica's newest pull committed (change_applier.cc writes it).
inline constexpr std::string_view kSelectPeerPulled =
    "SELECT value FROM meta WHERE key = 'peer_pulled_us'";
// How many runs of each source ended each way.
inline constexpr std::string_view kSelectRunTallies =
    "SELECT source, outcome, count(*) FROM sync_run GROUP BY source, outcome ORDER BY 1, 2";
// A run's start (its sets' _collected_at) and when its sets were published.
inline constexpr std::string_view kSelectRunTimes =
    "SELECT started_us, coalesce(published_us, started_us) FROM sync_run WHERE id = ?1";
// When the sets run ?1 collected were published: its --published-at, else its start.
inline constexpr std::string_view kSelectRunPublication =
    "SELECT coalesce(published_us, started_us) FROM sync_run WHERE id = ?1";

// ---- Reads of element sets (reader.cc) -----------------------------------------------------

// The columns row_codec.cc decodes, in its order.
#define GPQ_SET_COLUMNS                                                                    \
  "e.norad_id, e.epoch_us, e.source, e.creation_us, e.mean_motion, e.eccentricity, "       \
  "e.inclination, e.ra_of_asc_node, e.arg_of_pericenter, e.mean_anomaly, e.bstar, "        \
  "e.mean_motion_dot, e.mean_motion_ddot, e.rev_at_epoch, e.element_set_no, e.class_eph, " \
  "e.run_id"

// Superseded versions (block_writer.cc, reader_versions.cc).
// A version a later publication replaced: ?1..?17 as kUpsertLatest (row_codec.cc binds them),
// ?18 its publication time. A version with the same values kept already (a file imported
// again, a set replaced and restored) is not kept twice.
inline constexpr std::string_view kInsertVersion = R"sql(
  INSERT INTO set_version (norad_id, epoch_us, source, creation_us, mean_motion,
    eccentricity, inclination, ra_of_asc_node, arg_of_pericenter, mean_anomaly, bstar,
    mean_motion_dot, mean_motion_ddot, rev_at_epoch, element_set_no, class_eph, run_id,
    published_us, generation)
  SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18,
         )sql" GPQ_THIS_GENERATION R"sql(
  WHERE NOT EXISTS (SELECT 1 FROM set_version v
    WHERE v.norad_id = ?1 AND v.source = ?3 AND v.epoch_us = ?2
      AND (v.creation_us, v.mean_motion, v.eccentricity, v.inclination, v.ra_of_asc_node,
           v.arg_of_pericenter, v.mean_anomaly, v.bstar, v.mean_motion_dot, v.mean_motion_ddot,
           v.rev_at_epoch, v.element_set_no, v.class_eph)
       IS (?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)))sql";
// A version with the values of the set that now answers (?1..?16 as kInsertVersion) is no
// longer a version: the set answers again (a file imported a second time, interrupted and
// rerun).
inline constexpr std::string_view kForgetVersion = R"sql(
  DELETE FROM set_version
  WHERE norad_id = ?1 AND source = ?3 AND epoch_us = ?2
    AND (creation_us, mean_motion, eccentricity, inclination, ra_of_asc_node, arg_of_pericenter,
         mean_anomaly, bstar, mean_motion_dot, mean_motion_ddot, rev_at_epoch, element_set_no,
         class_eph)
     IS (?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16))sql";
// The superseded versions of object ?1 with epochs in ?2..?3, by epoch, source and
// publication: GPQ_SET_COLUMNS, then the publication time.
inline constexpr std::string_view kSelectVersions =
    "SELECT " GPQ_SET_COLUMNS
    ", e.published_us FROM set_version e"
    " WHERE e.norad_id = ?1 AND e.epoch_us BETWEEN ?2 AND ?3"
    " ORDER BY e.epoch_us, e.source, e.published_us, e.rowid";
inline constexpr std::string_view kCountVersions = "SELECT count(*) FROM set_version";

// The row table of schemas 1 to 5, read once by the move into blocks (block_migration.cc).
inline constexpr std::string_view kCountRowSets = "SELECT count(*) FROM element_set";
inline constexpr std::string_view kSelectRowSets =
    "SELECT " GPQ_SET_COLUMNS " FROM element_set e ORDER BY e.norad_id, e.epoch_us, e.source";

// The newest set per source of one object (?1), or of every object (ordered by NORAD id);
// rows of both sources come ordered by source, the caller picks.
inline constexpr std::string_view kSelectLatest =
    "SELECT " GPQ_SET_COLUMNS " FROM latest e WHERE e.norad_id = ?1 ORDER BY e.source";
inline constexpr std::string_view kSelectAllLatest =
    "SELECT " GPQ_SET_COLUMNS " FROM latest e ORDER BY e.norad_id, e.source";
// The first epoch of every object with a set, in NORAD order.
inline constexpr std::string_view kSelectFirstEpochs =
    "SELECT norad_id, min(first_epoch_us) FROM object_year GROUP BY norad_id ORDER BY norad_id";
inline constexpr std::string_view kSelectObjectYears =
    "SELECT source, year, set_count, first_epoch_us, last_epoch_us FROM object_year"
    " WHERE norad_id = ?1";
inline constexpr std::string_view kSelectLatestSources =
    "SELECT source FROM latest WHERE norad_id = ?1";

inline constexpr std::string_view kSelectObject =
    "SELECT object_name, object_id FROM object WHERE norad_id = ?1";
// The names of object ?1 as published at ?2: the current ones if published by then, else the
// latest of those they replaced that was; no row when none was.
inline constexpr std::string_view kSelectObjectAt = R"sql(
  SELECT object_name, object_id FROM (
    SELECT object_name, object_id, coalesce(published_us, 0) AS published, 1 AS current,
      0 AS written
    FROM object WHERE norad_id = ?1
    UNION ALL
    SELECT object_name, object_id, published_us, 0, rowid FROM object_version
    WHERE norad_id = ?1)
  WHERE published <= ?2 ORDER BY current DESC, published DESC, written DESC LIMIT 1)sql";
inline constexpr std::string_view kSelectAllObjects =
    "SELECT norad_id, object_name, object_id FROM object ORDER BY norad_id";
inline constexpr std::string_view kCountObjects = "SELECT count(*) FROM object";
inline constexpr std::string_view kSelectSetCount =
    "SELECT value FROM meta WHERE key = 'element_set_count'";
inline constexpr std::string_view kCountCatalog = "SELECT count(*) FROM satcat";
inline constexpr std::string_view kSelectEpochSpan =
    "SELECT (SELECT value FROM meta WHERE key = 'earliest_epoch_us'), max(epoch_us) FROM latest";

// ---- Upstream resources (sync_resources.cc) ------------------------------------------------

inline constexpr std::string_view kSelectResource =
    "SELECT checked_us, etag, last_modified, cursor_us FROM sync_resource WHERE name = ?1";
inline constexpr std::string_view kUpsertResource = R"sql(
  INSERT INTO sync_resource (name, checked_us, etag, last_modified, cursor_us)
  VALUES (?1, ?2, ?3, ?4, ?5)
  ON CONFLICT (name) DO UPDATE SET checked_us = excluded.checked_us, etag = excluded.etag,
    last_modified = excluded.last_modified, cursor_us = excluded.cursor_us)sql";

// ---- Requests to rate-limited upstreams (upstream_requests.cc) -----------------------------

inline constexpr std::string_view kSelectRequestTimes =
    "SELECT at_us FROM upstream_request WHERE source = ?1 AND account = ?2 AND at_us > ?3"
    " ORDER BY at_us";
inline constexpr std::string_view kInsertRequest =
    "INSERT INTO upstream_request (source, account, at_us) VALUES (?1, ?2, ?3)";
inline constexpr std::string_view kPruneRequests =
    "DELETE FROM upstream_request WHERE source = ?1 AND account = ?2 AND at_us < ?3";
inline constexpr std::string_view kSelectPause =
    "SELECT until_us FROM upstream_pause WHERE source = ?1 AND account = ?2";
// A later pause wins over an earlier one.
inline constexpr std::string_view kUpsertPause = R"sql(
  INSERT INTO upstream_pause (source, account, until_us) VALUES (?1, ?2, ?3)
  ON CONFLICT (source, account) DO UPDATE SET until_us = max(until_us, excluded.until_us))sql";
inline constexpr std::string_view kDeletePause =
    "DELETE FROM upstream_pause WHERE source = ?1 AND account = ?2";

// ---- History windows downloaded whole (history_windows.cc) ----------------------------------

// A window counts as done when one complete window covers it.
inline constexpr std::string_view kSelectWindowCovered = R"sql(
  SELECT 1 FROM history_window
  WHERE source = ?1 AND window_start_us <= ?2 AND window_end_us >= ?3 LIMIT 1)sql";
inline constexpr std::string_view kUpsertWindow = R"sql(
  INSERT INTO history_window (source, window_start_us, window_end_us, completed_us, sets)
  VALUES (?1, ?2, ?3, ?4, ?5)
  ON CONFLICT (source, window_start_us, window_end_us) DO UPDATE SET
    completed_us = excluded.completed_us, sets = excluded.sets)sql";
inline constexpr std::string_view kCountWindows =
    "SELECT count(*) FROM history_window WHERE source = ?1";

// ---- API keys and their monthly usage (api_keys.cc) -----------------------------------------

inline constexpr std::string_view kInsertApiKey =
    "INSERT INTO api_key (label, key_hash, created_us, scope) VALUES (?1, ?2, ?3, ?4)";
// Revoking twice keeps the first time.
inline constexpr std::string_view kRevokeApiKey =
    "UPDATE api_key SET revoked_us = coalesce(revoked_us, ?2) WHERE id = ?1";
inline constexpr std::string_view kSelectApiKeys = R"sql(
  SELECT k.id, k.label, k.created_us, k.revoked_us, coalesce(u.count, 0), k.scope
  FROM api_key k LEFT JOIN api_usage u ON u.key_id = k.id AND u.month = ?1
  ORDER BY k.id)sql";
inline constexpr std::string_view kSelectActiveKeyHashes =
    "SELECT id, key_hash, scope FROM api_key WHERE revoked_us IS NULL ORDER BY id";
inline constexpr std::string_view kSelectUsage =
    "SELECT key_id, count FROM api_usage WHERE month = ?1";
inline constexpr std::string_view kAddUsage = R"sql(
  INSERT INTO api_usage (key_id, month, count) VALUES (?1, ?2, ?3)
  ON CONFLICT (key_id, month) DO UPDATE SET count = count + excluded.count)sql";

}  // namespace gpq::storage::sql

namespace gpq::storage::sql {

// Changes whenever another connection has committed (sqlite_store.cc rebuilds its index).
inline constexpr std::string_view kDataVersion = "PRAGMA data_version";

// One read transaction over many look-ups (Reader::ReadTransaction).
inline constexpr std::string_view kBeginRead = "BEGIN DEFERRED";
inline constexpr std::string_view kEndRead = "COMMIT";

}  // namespace gpq::storage::sql
