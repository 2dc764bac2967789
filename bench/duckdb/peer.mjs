// The DuckDB peer of gpq's archive figures (bench/run): the same generated sets in one DuckDB
// table, and the same four questions as bench/query_bench.cc, timed the way
// gpq_query_percentiles times gpq's.
//
//   gpq_generate_archive --sets N --csv /dev/stdout | node bench/duckdb/peer.mjs load --db X.duckdb
//   node bench/duckdb/peer.mjs query --db X.duckdb [--cold-samples 20] [--warm-samples 1000]
//                                    [--warm-seconds 120]
//
// load prints {"sets","load_seconds","bytes"}; query prints {"latest": {"warm_median_us",
// "warm_p99_us", "cold_median_us", "cold_p99_us"}, "nearest": ..., "history_page_500": ...,
// "snapshot_page_500": ...}, the shape of gpq_query_percentiles, so one table holds both.
//
// The generated archive has one source (CelesTrak) and no catalog, so the SQL leaves out what
// only those would change in gpq's answers: the merge of two sources (a Space-Track set hides
// a CelesTrak set of the same millisecond) and decayed objects. DuckDB runs with its defaults
// (a thread per core, memory limit 80% of RAM).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';

import { DuckDBInstance, timestampValue } from '@duckdb/node-api';

// The columns gpq stores per set, with their DuckDB types: no names (OBJECT_NAME and OBJECT_ID
// are per object in gpq) and no derived fields (computed on output). The CSV's other columns
// are read as text and dropped.
const kSetColumns = {
  NORAD_CAT_ID: 'INTEGER',
  EPOCH: 'TIMESTAMP',
  MEAN_MOTION: 'DOUBLE',
  ECCENTRICITY: 'DOUBLE',
  INCLINATION: 'DOUBLE',
  RA_OF_ASC_NODE: 'DOUBLE',
  ARG_OF_PERICENTER: 'DOUBLE',
  MEAN_ANOMALY: 'DOUBLE',
  BSTAR: 'DOUBLE',
  MEAN_MOTION_DOT: 'DOUBLE',
  MEAN_MOTION_DDOT: 'DOUBLE',
  REV_AT_EPOCH: 'INTEGER',
  ELEMENT_SET_NO: 'SMALLINT',
  CLASSIFICATION_TYPE: 'VARCHAR',
  EPHEMERIS_TYPE: 'TINYINT',
  CREATION_DATE: 'TIMESTAMP',
  DATA_SOURCE: 'VARCHAR',
};

const kPerPage = 500;

// The object ids and epoch of query_bench.cc: every (count / 997)-th object in NORAD order
// (the generated archive has no catalog, so gpq counts every object with sets as current),
// and the midpoint of the first picked object's first and last epochs (C++ integer halving).
const kPickIds = `
  WITH every AS (SELECT DISTINCT NORAD_CAT_ID AS id FROM element_set),
  numbered AS (
    SELECT id, row_number() OVER (ORDER BY id) - 1 AS i, count(*) OVER () AS n FROM every)
  SELECT id FROM numbered WHERE i % greatest(1, n // 997) = 0 ORDER BY id`;
const kMiddle = `
  SELECT (epoch_us(min(EPOCH)) + epoch_us(max(EPOCH))) // 2 FROM element_set
  WHERE NORAD_CAT_ID = $1`;

// Peer of QueryService::latest (gpq reads its `latest` row): the newest set of the object, as
// one row struct so that the columns come from one set. arg_max measured faster than ORDER BY
// EPOCH DESC LIMIT 1 at 1M sets (1.2-1.6 against 1.6-2.4 ms).
const kLatest = `
  SELECT unnest(arg_max(s, EPOCH)) FROM element_set s WHERE NORAD_CAT_ID = $1`;

// Peer of QueryService::nearest: the object's set nearest the epoch, a tie to the earlier (the
// second key), as in gpq. One pass over the object's sets measured faster than the nearer of
// two LIMIT 1 reads, the last at or before and the first after (1.2-2.0 against 4.0-5.2 ms).
const kNearest = `
  SELECT unnest(arg_min(s, (abs(epoch_us(EPOCH) - epoch_us($2)), EPOCH)))
  FROM element_set s WHERE NORAD_CAT_ID = $1`;

// Peer of QueryService::history, page 1 of 500: the object's sets up to now ($2, as gpq's end
// defaults to now) in epoch order, with the exact total and the first and last epochs that
// gpq's history meta carries.
const kHistoryPage = `
  SELECT *, count(*) OVER () AS total, min(EPOCH) OVER () AS earliest,
         max(EPOCH) OVER () AS latest
  FROM element_set WHERE NORAD_CAT_ID = $1 AND EPOCH <= $2
  ORDER BY EPOCH LIMIT ${kPerPage}`;

// Peer of QueryService::snapshot (/gp/epoch), page 1 of 500 with the exact total. Members are
// gpq's: objects with a set at or before the epoch or a first set within a day after it; each
// gives the set nearest the epoch (a tie to the earlier). The members and their count come
// from one grouping of (id, epoch); only the page's objects are then read whole, and the
// join's key range lets the zone maps of the sorted table skip every other row group.
const kSnapshotPage = `
  WITH members AS (
    SELECT NORAD_CAT_ID, count(*) OVER () AS total
    FROM element_set GROUP BY NORAD_CAT_ID
    HAVING min(EPOCH) <= $1 + INTERVAL 1 DAY
    ORDER BY NORAD_CAT_ID LIMIT ${kPerPage}),
  sides AS (
    SELECT NORAD_CAT_ID, any_value(total) AS total,
           arg_max(s, EPOCH) FILTER (WHERE EPOCH <= $1) AS before,
           arg_min(s, EPOCH) FILTER (WHERE EPOCH > $1) AS after
    FROM element_set s JOIN members USING (NORAD_CAT_ID) GROUP BY NORAD_CAT_ID)
  SELECT unnest(CASE WHEN before IS NULL OR (after IS NOT NULL AND
                  epoch_us(after.EPOCH) - epoch_us($1) < epoch_us($1) - epoch_us(before.EPOCH))
                THEN after ELSE before END), total
  FROM sides ORDER BY NORAD_CAT_ID`;

function fail(message) {
  process.stderr.write(`peer.mjs: ${message}\n`);
  process.exit(2);
}

function parseArgs(argv) {
  const [command, ...rest] = argv;
  const options = { coldSamples: 20, warmSamples: 1000, warmSeconds: 120 };
  for (let i = 0; i < rest.length; i += 2) {
    const [flag, value] = [rest[i], rest[i + 1]];
    if (value === undefined) fail(`${flag} needs a value`);
    if (flag === '--db') options.db = value;
    else if (flag === '--cold-samples') options.coldSamples = Number(value);
    else if (flag === '--warm-samples') options.warmSamples = Number(value);
    else if (flag === '--warm-seconds') options.warmSeconds = Number(value);
    else fail(`unknown option ${flag}`);
  }
  if (!['load', 'query'].includes(command) || !options.db) {
    fail('usage: peer.mjs load --db FILE.duckdb < CSV | peer.mjs query --db FILE.duckdb');
  }
  return { command, options };
}

// The header line of stdin. From a pipe it is consumed byte by byte, so that DuckDB, opening
// /dev/stdin after us, reads only the sets; a regular file is reopened from its start.
function readHeader() {
  const fromPipe = !fs.fstatSync(0).isFile();
  const bytes = [];
  const one = Buffer.alloc(1);
  for (let offset = 0; ; ++offset) {
    let read;
    try {
      read = fs.readSync(0, one, 0, 1, fromPipe ? null : offset);
    } catch (error) {
      // A non-blocking pipe with nothing in it yet: the writer has not started writing.
      if (error.code !== 'EAGAIN') throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
      --offset;
      continue;
    }
    if (read === 0) break;
    if (one[0] === 0x0a) break;
    bytes.push(one[0]);
  }
  const names = Buffer.from(bytes).toString('utf8').replace(/\r$/, '').split(',');
  return { names, fromPipe };
}

async function load({ db }) {
  const { names, fromPipe } = readHeader();
  for (const required of ['NORAD_CAT_ID', 'EPOCH']) {
    if (!names.includes(required)) fail(`the CSV on stdin has no ${required} column`);
  }
  for (const suffix of ['', '.wal']) fs.rmSync(db + suffix, { force: true });
  const instance = await DuckDBInstance.create(db);
  const connection = await instance.connect();
  const quoted = (text) => `'${text.replaceAll("'", "''")}'`;
  const columns = names.map((name) => `${quoted(name)}: ${quoted(kSetColumns[name] ?? 'VARCHAR')}`);
  const kept = Object.keys(kSetColumns).filter((name) => names.includes(name));
  // Sorted by (id, epoch) so that each row group holds a narrow range of ids: a per-object
  // read then touches one or two row groups through the zone maps.
  await connection.run(`
    CREATE TABLE element_set AS
    SELECT ${kept.join(', ')}
    FROM read_csv('/dev/stdin', header = ${!fromPipe}, auto_detect = false, delim = ',',
                  quote = '"', escape = '"', columns = {${columns.join(', ')}})
    ORDER BY NORAD_CAT_ID, EPOCH`);
  await connection.run('CHECKPOINT');
  // Seconds since this process started: the generator writing the pipe started with it.
  const seconds = performance.now() / 1000;
  const sets = Number((await connection.runAndReadAll('SELECT count(*) FROM element_set')).getRows()[0][0]);
  connection.closeSync();
  instance.closeSync();
  const bytes = fs.statSync(db).size + (fs.existsSync(`${db}.wal`) ? fs.statSync(`${db}.wal`).size : 0);
  process.stdout.write(`${JSON.stringify({ sets, load_seconds: Number(seconds.toFixed(2)), bytes })}\n`);
}

// The four questions, each a prepared statement bound for sample i: ids cycle through the
// picked list, and the snapshot epoch moves by 1 s a sample, as in query_bench.cc, so that
// no two snapshots are the same question.
const kQueries = [
  ['latest', kLatest, (p, ids, middle, i) => p.bindInteger(1, ids[i % ids.length])],
  ['nearest', kNearest, (p, ids, middle, i) => {
    p.bindInteger(1, ids[i % ids.length]);
    p.bindTimestamp(2, timestampValue(middle));
  }],
  ['history_page_500', kHistoryPage, (p, ids, middle, i) => {
    p.bindInteger(1, ids[i % ids.length]);
    p.bindTimestamp(2, timestampValue(BigInt(Date.now()) * 1000n));
  }],
  ['snapshot_page_500', kSnapshotPage, (p, ids, middle, i) =>
    p.bindTimestamp(1, timestampValue(middle + BigInt(i) * 1_000_000n))],
];

// Runs the bound statement and reads every row into JS values: the time covers execution and
// materialisation, not planning alone.
async function timed(prepared) {
  const start = process.hrtime.bigint();
  const reader = await prepared.runAndReadAll();
  const rows = reader.getRows();
  const micros = Number(process.hrtime.bigint() - start) / 1000;
  if (rows.length === 0) fail('a query found no set');
  return micros;
}

function percentile(sorted, p) {
  // Nearest rank: the value below which p of the samples lie.
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

function median(sorted) {
  const half = sorted.length >> 1;
  return sorted.length % 2 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
}

async function open(db) {
  const instance = await DuckDBInstance.create(db, { access_mode: 'READ_ONLY' });
  return { instance, connection: await instance.connect() };
}

async function picks(connection) {
  const ids = (await connection.runAndReadAll(kPickIds)).getRows().map((row) => Number(row[0]));
  if (ids.length === 0) fail('the table holds no sets');
  const middle = (await connection.runAndReadAll(kMiddle, [ids[0]])).getRows()[0][0];
  return { ids, middle: BigInt(middle) };
}

async function query({ db, coldSamples, warmSamples, warmSeconds }) {
  const results = {};
  const { instance, connection } = await open(db);
  const { ids, middle } = await picks(connection);
  // One count for all samples of a query, untimed ones included: no snapshot epoch comes twice.
  const samples = {};
  for (const [name, sql, bind] of kQueries) {
    const prepared = await connection.prepare(sql);
    samples[name] = 0;
    // Warm: one untimed pass over the ids first (three snapshots, which read every object),
    // so that the blocks are in the page cache and DuckDB's buffers.
    const untimed = name === 'snapshot_page_500' ? 3 : ids.length;
    while (samples[name] < untimed) {
      bind(prepared, ids, middle, samples[name]++);
      await timed(prepared);
    }
    // Capped in time for the largest archives, where a snapshot takes seconds.
    const warm = [];
    const deadline = performance.now() + warmSeconds * 1000;
    while (warm.length < warmSamples && (warm.length < 20 || performance.now() < deadline)) {
      bind(prepared, ids, middle, samples[name]++);
      warm.push(await timed(prepared));
    }
    prepared.destroySync();
    results[name] = { warm };
  }
  connection.closeSync();
  instance.closeSync();

  // Cold: the kernel's page cache dropped and a new instance (so an empty buffer pool) for
  // every sample; opening and preparing are not timed, only the query.
  for (const [name, sql, bind] of kQueries) {
    const cold = [];
    for (let i = 0; i < coldSamples; ++i) {
      execFileSync('sh', ['-c', 'sync; echo 1 > /proc/sys/vm/drop_caches']);
      const fresh = await open(db);
      const prepared = await fresh.connection.prepare(sql);
      bind(prepared, ids, middle, samples[name]++);
      cold.push(await timed(prepared));
      prepared.destroySync();
      fresh.connection.closeSync();
      fresh.instance.closeSync();
    }
    results[name].cold = cold;
  }

  const out = {};
  for (const [name, { warm, cold }] of Object.entries(results)) {
    warm.sort((a, b) => a - b);
    cold.sort((a, b) => a - b);
    const round = (us) => Number(us.toFixed(1));
    out[name] = {
      warm_median_us: round(median(warm)),
      warm_p99_us: round(percentile(warm, 0.99)),
      cold_median_us: cold.length ? round(median(cold)) : null,
      cold_p99_us: cold.length ? round(percentile(cold, 0.99)) : null,
    };
    process.stderr.write(`peer.mjs: ${name}: ${warm.length} warm, ${cold.length} cold samples\n`);
  }
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

// Imported (to check the answers against gpq's), it only gives its statements and picks.
export { kLatest, kNearest, kHistoryPage, kSnapshotPage, open, picks };
if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { command, options } = parseArgs(process.argv.slice(2));
  await (command === 'load' ? load(options) : query(options));
}
