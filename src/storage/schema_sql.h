// The schema's DDL, one text per migration (schema.cc applies them in order). Migration 1 is
// the whole first schema; the comments beside the DDL say why each table has the shape it has
// (compactness of element_set above all: ~10M rows at <= 100 bytes each).
#pragma once

#include <string_view>

namespace gpq::storage::schema_sql {

// element_set
//   WITHOUT ROWID keyed (norad_id, epoch_us, source): one object's sets in epoch order are one
//   range scan and the table needs no index (an index would double the bytes per set).
//   No names and no derived fields: names live in `object`, derived fields are computed.
//   The element columns have no declared type (BLOB affinity) so that an INTEGER decimal code
//   and a REAL fallback keep their storage class (decimal_codec.h); NULL stands for NaN.
//   Common values cost zero bytes: SQLite stores the integers 0 and 1 and NULL in the record
//   header alone, hence source 0/1, class_eph 0 = ('U', ephemeris 0), element_set_no NULL =
//   999, creation_us NULL = none given.
//   run_id: the sync_run that last wrote the set; its start time is _collected_at.
// latest: the newest epoch per (object, source), so current sets are a join, not a scan.
// object: OBJECT_NAME and OBJECT_ID as the GP data last gave them.
// satcat: one SATCAT record per object; dates in unix microseconds; object_type 0 payload,
//   1 rocket body, 2 debris, 3 unknown. No name index: search is a substring match, which no
//   B-tree index can serve, and a scan of ~65k rows takes milliseconds.
inline constexpr std::string_view kMigration1 = R"sql(
CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value
) WITHOUT ROWID;
INSERT INTO meta (key, value) VALUES ('application', 'gpq'), ('element_set_count', 0);

CREATE TABLE sync_run (
  id INTEGER PRIMARY KEY,
  source TEXT NOT NULL,
  started_us INTEGER NOT NULL,
  ended_us INTEGER,
  sets_added INTEGER NOT NULL DEFAULT 0,
  sets_updated INTEGER NOT NULL DEFAULT 0,
  sets_unchanged INTEGER NOT NULL DEFAULT 0,
  sets_skipped INTEGER NOT NULL DEFAULT 0,
  catalog_records INTEGER NOT NULL DEFAULT 0,
  bytes INTEGER NOT NULL DEFAULT 0,
  outcome TEXT NOT NULL CHECK (outcome IN ('running', 'ok', 'failed', 'partial')),
  error TEXT
);

CREATE TABLE element_set (
  norad_id INTEGER NOT NULL,
  epoch_us INTEGER NOT NULL,
  source INTEGER NOT NULL,
  creation_us INTEGER,
  mean_motion,
  eccentricity,
  inclination,
  ra_of_asc_node,
  arg_of_pericenter,
  mean_anomaly,
  bstar,
  mean_motion_dot,
  mean_motion_ddot,
  rev_at_epoch INTEGER NOT NULL,
  element_set_no INTEGER,
  class_eph INTEGER NOT NULL,
  run_id INTEGER,
  PRIMARY KEY (norad_id, epoch_us, source)
) WITHOUT ROWID;

CREATE TABLE latest (
  norad_id INTEGER NOT NULL,
  source INTEGER NOT NULL,
  epoch_us INTEGER NOT NULL,
  PRIMARY KEY (norad_id, source)
) WITHOUT ROWID;

CREATE TABLE object (
  norad_id INTEGER PRIMARY KEY,
  object_name TEXT NOT NULL,
  object_id TEXT NOT NULL
);

CREATE TABLE satcat (
  norad_id INTEGER PRIMARY KEY,
  object_name TEXT NOT NULL,
  object_id TEXT NOT NULL,
  object_type INTEGER,
  ops_status_code TEXT NOT NULL,
  owner TEXT NOT NULL,
  launch_us INTEGER,
  launch_site TEXT NOT NULL,
  decay_us INTEGER,
  period_minutes REAL,
  inclination_deg REAL,
  apogee_km REAL,
  perigee_km REAL
);

CREATE TABLE group_member (
  group_name TEXT NOT NULL,
  norad_id INTEGER NOT NULL,
  PRIMARY KEY (group_name, norad_id)
) WITHOUT ROWID;

CREATE TABLE group_sync (
  group_name TEXT PRIMARY KEY,
  synced_us INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE api_key (
  id INTEGER PRIMARY KEY,
  label TEXT NOT NULL DEFAULT '',
  key_hash BLOB NOT NULL UNIQUE,
  created_us INTEGER NOT NULL,
  revoked_us INTEGER
);

CREATE TABLE api_usage (
  key_id INTEGER NOT NULL,
  month TEXT NOT NULL,
  count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (key_id, month)
) WITHOUT ROWID;
)sql";

// sync_resource: what gpq knows of each upstream resource, so that a sync asks only for what
//   may have changed: when it last got an answer, the validators the upstream sent, and for
//   history walks the point up to which everything is in (cursor_us).
inline constexpr std::string_view kMigration2 = R"sql(
CREATE TABLE sync_resource (
  name TEXT PRIMARY KEY,
  checked_us INTEGER,
  etag TEXT,
  last_modified TEXT,
  cursor_us INTEGER
) WITHOUT ROWID;
)sql";

// meta 'earliest_epoch_us': the oldest epoch stored, for `gpq status`; from here on the writer
//   keeps it. The first set of every object is one seek each.
inline constexpr std::string_view kMigration3 = R"sql(
INSERT OR REPLACE INTO meta (key, value)
SELECT 'earliest_epoch_us',
       min((SELECT e.epoch_us FROM element_set e WHERE e.norad_id = l.norad_id
            ORDER BY e.epoch_us LIMIT 1))
FROM (SELECT DISTINCT norad_id FROM latest) l;
)sql";

// object_year: how many sets each object has per source and UTC year, with the first and last
//   epoch, kept by the writer. The coverage of an object (/range, a whole-history page's
//   total) is then a read of a few rows instead of a scan of its whole history. Years come
//   from whole seconds, rounded down, as the writer computes them.
inline constexpr std::string_view kMigration4 = R"sql(
CREATE TABLE object_year (
  norad_id INTEGER NOT NULL,
  source INTEGER NOT NULL,
  year INTEGER NOT NULL,
  set_count INTEGER NOT NULL,
  first_epoch_us INTEGER NOT NULL,
  last_epoch_us INTEGER NOT NULL,
  PRIMARY KEY (norad_id, source, year)
) WITHOUT ROWID;
INSERT INTO object_year (norad_id, source, year, set_count, first_epoch_us, last_epoch_us)
SELECT norad_id, source,
       CAST(strftime('%Y', epoch_us / 1000000 - (epoch_us % 1000000 < 0), 'unixepoch')
            AS INTEGER) AS year,
       count(*), min(epoch_us), max(epoch_us)
FROM element_set GROUP BY norad_id, source, year;
)sql";

// upstream_request: every request sent to an upstream that limits requests per account
//   (Space-Track), with its time, so that the limits hold across runs and processes; a few
//   days are kept. upstream_pause: after a rate-limit answer, no request of any kind before
//   until_us. history_window: gp_history windows downloaded whole, never asked again unless
//   --force.
inline constexpr std::string_view kMigration5 = R"sql(
CREATE TABLE upstream_request (
  source TEXT NOT NULL,
  account TEXT NOT NULL,
  at_us INTEGER NOT NULL
);
CREATE INDEX upstream_request_by_account ON upstream_request (source, account, at_us);

CREATE TABLE upstream_pause (
  source TEXT NOT NULL,
  account TEXT NOT NULL,
  until_us INTEGER NOT NULL,
  PRIMARY KEY (source, account)
) WITHOUT ROWID;

CREATE TABLE history_window (
  source TEXT NOT NULL,
  window_start_us INTEGER NOT NULL,
  window_end_us INTEGER NOT NULL,
  completed_us INTEGER NOT NULL,
  sets INTEGER NOT NULL,
  PRIMARY KEY (source, window_start_us, window_end_us)
) WITHOUT ROWID;
)sql";

// set_block: every element set, in blocks of consecutive sets of one object and source
//   (block_codec.h): a quarter of the bytes of one row per set. A rowid table with an index
//   on (object, source, first epoch): a block row is ~1 KB, and a WITHOUT ROWID table would
//   hold whole rows in its interior pages too (four per page: a B-tree ten levels deep at
//   170M sets). The last epoch and the count let a read skip or count whole blocks without
//   decoding them. The row table element_set goes.
// latest: the newest set of each object and source, whole (the columns of the old row table),
//   so that current sets are one read without decoding a block.
inline constexpr std::string_view kMigration6 = R"sql(
CREATE TABLE set_block (
  id INTEGER PRIMARY KEY,
  norad_id INTEGER NOT NULL,
  source INTEGER NOT NULL,
  first_epoch_us INTEGER NOT NULL,
  last_epoch_us INTEGER NOT NULL,
  set_count INTEGER NOT NULL,
  sets BLOB NOT NULL
);
CREATE UNIQUE INDEX set_block_by_object ON set_block (norad_id, source, first_epoch_us);

CREATE TABLE latest_set (
  norad_id INTEGER NOT NULL,
  source INTEGER NOT NULL,
  epoch_us INTEGER NOT NULL,
  creation_us INTEGER,
  mean_motion,
  eccentricity,
  inclination,
  ra_of_asc_node,
  arg_of_pericenter,
  mean_anomaly,
  bstar,
  mean_motion_dot,
  mean_motion_ddot,
  rev_at_epoch INTEGER NOT NULL,
  element_set_no INTEGER,
  class_eph INTEGER NOT NULL,
  run_id INTEGER,
  PRIMARY KEY (norad_id, source)
) WITHOUT ROWID;
INSERT INTO latest_set
SELECT e.norad_id, e.source, e.epoch_us, e.creation_us, e.mean_motion, e.eccentricity,
       e.inclination, e.ra_of_asc_node, e.arg_of_pericenter, e.mean_anomaly, e.bstar,
       e.mean_motion_dot, e.mean_motion_ddot, e.rev_at_epoch, e.element_set_no, e.class_eph,
       e.run_id
FROM latest l CROSS JOIN element_set e
  ON e.norad_id = l.norad_id AND e.epoch_us = l.epoch_us AND e.source = l.source;
DROP TABLE latest;
ALTER TABLE latest_set RENAME TO latest;
)sql";
inline constexpr std::string_view kMigration6Finish = "DROP TABLE element_set;";

// sync_run: outcome 'interrupted', for a run stopped by a signal or whose process ended
//   without finishing it (SQLite cannot change a CHECK in place, so the small table is copied).
inline constexpr std::string_view kMigration7 = R"sql(
CREATE TABLE sync_run_7 (
  id INTEGER PRIMARY KEY,
  source TEXT NOT NULL,
  started_us INTEGER NOT NULL,
  ended_us INTEGER,
  sets_added INTEGER NOT NULL DEFAULT 0,
  sets_updated INTEGER NOT NULL DEFAULT 0,
  sets_unchanged INTEGER NOT NULL DEFAULT 0,
  sets_skipped INTEGER NOT NULL DEFAULT 0,
  catalog_records INTEGER NOT NULL DEFAULT 0,
  bytes INTEGER NOT NULL DEFAULT 0,
  outcome TEXT NOT NULL
    CHECK (outcome IN ('running', 'ok', 'failed', 'partial', 'interrupted')),
  error TEXT
);
INSERT INTO sync_run_7 SELECT * FROM sync_run;
DROP TABLE sync_run;
ALTER TABLE sync_run_7 RENAME TO sync_run;
)sql";

// Change tracking, so that a replica pulls only what changed after the generation it has
// (docs/REPLICAS.md): the rows a sync writes carry the generation that wrote them, and
// block_change names every set_block row written or deleted, with its generation (a block's
// row of 1 KB is not rewritten to stamp it). Rows from before this migration carry NULL: only
// a replica's first, whole pull sends them.
// api_key scope: 'api' reads the public API; 'replication' reads only the change stream.
inline constexpr std::string_view kMigration8 = R"sql(
ALTER TABLE latest ADD COLUMN generation INTEGER;
ALTER TABLE object ADD COLUMN generation INTEGER;
ALTER TABLE object_year ADD COLUMN generation INTEGER;
ALTER TABLE satcat ADD COLUMN generation INTEGER;
ALTER TABLE group_sync ADD COLUMN generation INTEGER;
CREATE TABLE block_change (
  block_id INTEGER PRIMARY KEY,
  generation INTEGER NOT NULL
);
CREATE INDEX block_change_by_generation ON block_change (generation);
ALTER TABLE api_key ADD COLUMN scope TEXT NOT NULL DEFAULT 'api'
  CHECK (scope IN ('api', 'replication'));
)sql";

// sync_run reason: a short reason beside the error text, in gpq's own words ("HTTP 500",
//   "connection failed"), for GET /status, which anyone may read (docs/SYNC.md). Runs from
//   before it have none.
inline constexpr std::string_view kMigration9 = "ALTER TABLE sync_run ADD COLUMN reason TEXT;";

// set_version: the versions of a set (object, source, epoch) that a later publication
//   replaced, each with its publication time (CREATION_DATE, else its run's publication);
//   the block keeps the version that answers. The columns are latest's, so the same codec
//   binds and reads them. A rowid table: versions of one run share a publication time (a
//   history file holds every refit), and the later row is the later version.
// sync_run published_us: when the sets a run collected were published, for files collected
//   earlier than they are imported (`gpq sync --from --published-at`); NULL means the run's
//   start.
// object published_us, object_version: the names and designator an object had before the GP
//   data renamed it (a new launch's "TBA - TO BE ASSIGNED" becomes its name), each with the
//   publication time of the set that brought it, kept by a trigger on every change, so that
//   `--as-of` names an object as it was named then. NULL (names from before) counts as 0.
//   Rowid tables: two renames may share a publication time (one run), and the later row is
//   the later name. The outer upsert's conflict rule would override a trigger's own.
// satcat published_us, satcat_version: the same for SATCAT records, each published when the
//   sync that brought it was.
// meta max_epoch_lead_us: how far a stored set's epoch lies after its publication at most,
//   kept by the writer from here on; the sets already stored are taken to lie at most 30 days
//   ahead (finding the true figure would decode every block).
inline constexpr std::string_view kMigration10 = R"sql(
CREATE TABLE set_version (
  norad_id INTEGER NOT NULL,
  source INTEGER NOT NULL,
  epoch_us INTEGER NOT NULL,
  published_us INTEGER NOT NULL,
  creation_us INTEGER,
  mean_motion,
  eccentricity,
  inclination,
  ra_of_asc_node,
  arg_of_pericenter,
  mean_anomaly,
  bstar,
  mean_motion_dot,
  mean_motion_ddot,
  rev_at_epoch INTEGER NOT NULL,
  element_set_no INTEGER,
  class_eph INTEGER NOT NULL,
  run_id INTEGER,
  generation INTEGER
);
CREATE INDEX set_version_by_identity ON set_version (norad_id, source, epoch_us, published_us);
ALTER TABLE sync_run ADD COLUMN published_us INTEGER;
ALTER TABLE object ADD COLUMN published_us INTEGER;
CREATE TABLE object_version (
  norad_id INTEGER NOT NULL,
  published_us INTEGER NOT NULL,
  object_name TEXT NOT NULL,
  object_id TEXT NOT NULL,
  generation INTEGER
);
CREATE INDEX object_version_by_object ON object_version (norad_id, published_us);
CREATE TRIGGER object_keeps_versions AFTER UPDATE OF object_name, object_id ON object
WHEN OLD.object_name IS NOT NEW.object_name OR OLD.object_id IS NOT NEW.object_id
BEGIN
  INSERT INTO object_version (norad_id, published_us, object_name, object_id,
                                         generation)
  VALUES (OLD.norad_id, coalesce(OLD.published_us, 0), OLD.object_name, OLD.object_id,
          NEW.generation);
END;
ALTER TABLE satcat ADD COLUMN published_us INTEGER;
CREATE TABLE satcat_version (
  norad_id INTEGER NOT NULL,
  published_us INTEGER NOT NULL,
  object_name TEXT NOT NULL,
  object_id TEXT NOT NULL,
  object_type INTEGER,
  ops_status_code TEXT NOT NULL,
  owner TEXT NOT NULL,
  launch_us INTEGER,
  launch_site TEXT NOT NULL,
  decay_us INTEGER,
  period_minutes REAL,
  inclination_deg REAL,
  apogee_km REAL,
  perigee_km REAL,
  generation INTEGER
);
CREATE INDEX satcat_version_by_object ON satcat_version (norad_id, published_us);
CREATE TRIGGER satcat_keeps_versions AFTER UPDATE ON satcat
WHEN (OLD.object_name, OLD.object_id, OLD.object_type, OLD.ops_status_code, OLD.owner,
      OLD.launch_us, OLD.launch_site, OLD.decay_us, OLD.period_minutes, OLD.inclination_deg,
      OLD.apogee_km, OLD.perigee_km)
  IS NOT (NEW.object_name, NEW.object_id, NEW.object_type, NEW.ops_status_code, NEW.owner,
          NEW.launch_us, NEW.launch_site, NEW.decay_us, NEW.period_minutes,
          NEW.inclination_deg, NEW.apogee_km, NEW.perigee_km)
BEGIN
  INSERT INTO satcat_version (norad_id, published_us, object_name, object_id,
    object_type, ops_status_code, owner, launch_us, launch_site, decay_us, period_minutes,
    inclination_deg, apogee_km, perigee_km, generation)
  VALUES (OLD.norad_id, coalesce(OLD.published_us, 0), OLD.object_name, OLD.object_id,
    OLD.object_type, OLD.ops_status_code, OLD.owner, OLD.launch_us, OLD.launch_site,
    OLD.decay_us, OLD.period_minutes, OLD.inclination_deg, OLD.apogee_km, OLD.perigee_km,
    NEW.generation);
END;
INSERT INTO meta (key, value)
SELECT 'max_epoch_lead_us', 30 * 86400000000 WHERE EXISTS (SELECT 1 FROM set_block);
)sql";

// change_event: what the stream and the webhooks tell (docs/STREAM.md), one row per change in
//   the order it was recorded; the id is the stream's event id, AUTOINCREMENT so that an id
//   is never given twice even after the oldest rows are pruned. kind: ChangeKind's code.
//   epoch_us: the set the change came with (a SATCAT decay: its DECAY date). The columns after
//   committed_us describe a manoeuvre or a decay found in the sets (OrbitEvent), NULL
//   otherwise. Replicated with its generation, so that a replica streams the primary's ids.
// event_mark: per object and source, the newest epoch whose changes were looked for, so that
//   a manoeuvre is told once however the syncs that bring its sets are cut. The primary's own.
// latest_by_generation: the sets a commit made newest, found without a scan.
// watch: the webhooks of `gpq watch` (docs/STREAM.md "Webhooks"): where, for which changes,
//   the secret that signs the deliveries, whether the URL may name a private address, and how
//   far delivery has come: every event up to delivered_through is delivered or given up, and
//   the next one has failed `attempts` times. Each database's own, like its API keys: never
//   replicated.
inline constexpr std::string_view kMigration11 = R"sql(
CREATE TABLE change_event (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind INTEGER NOT NULL,
  norad_id INTEGER NOT NULL,
  source INTEGER NOT NULL,
  epoch_us INTEGER NOT NULL,
  committed_us INTEGER NOT NULL,
  time_us INTEGER,
  element INTEGER,
  size REAL,
  sigmas REAL,
  before_epoch_us INTEGER,
  before_source INTEGER,
  reentry_earliest_us INTEGER,
  reentry_latest_us INTEGER,
  generation INTEGER
);
CREATE INDEX change_event_by_generation ON change_event (generation);
CREATE TABLE event_mark (
  norad_id INTEGER NOT NULL,
  source INTEGER NOT NULL,
  epoch_us INTEGER NOT NULL,
  PRIMARY KEY (norad_id, source)
) WITHOUT ROWID;
CREATE INDEX latest_by_generation ON latest (generation);
CREATE TABLE watch (
  id INTEGER PRIMARY KEY,
  url TEXT NOT NULL,
  norad_ids TEXT NOT NULL,
  group_name TEXT NOT NULL,
  kinds INTEGER NOT NULL,
  secret TEXT NOT NULL,
  allow_private INTEGER NOT NULL,
  created_us INTEGER NOT NULL,
  delivered_through INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_us INTEGER NOT NULL DEFAULT 0,
  delivered INTEGER NOT NULL DEFAULT 0,
  failed INTEGER NOT NULL DEFAULT 0,
  last_status INTEGER,
  last_error TEXT
);
INSERT INTO meta (key, value)
SELECT 'events_noticed_through', value FROM meta WHERE key = 'generation';
INSERT INTO meta (key, value)
SELECT 'events_detected_through', value FROM meta WHERE key = 'generation';
)sql";

}  // namespace gpq::storage::schema_sql
