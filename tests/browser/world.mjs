// The world the browser tests run in: a mirror imported from $GPQ_REAL_DATA (the stations
// history, the SATCAT, the active catalog) plus one object with a made-up 10,000-set history,
// an API key, and `gpq serve` processes on 127.0.0.1.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const LONG_HISTORY_ID = 99990;  // an analyst-range id no real file uses
export const LONG_HISTORY_SETS = 10000;

// OMM CSV of LONG_HISTORY_SETS sets, three a day, drifting down by drag, with a reboost at
// the middle: the 10,000-point history the page must plot within a second (bench/page_load.mjs).
function longHistoryCsv() {
  const lines = ['OBJECT_NAME,OBJECT_ID,EPOCH,MEAN_MOTION,ECCENTRICITY,INCLINATION,RA_OF_ASC_NODE,' +
    'ARG_OF_PERICENTER,MEAN_ANOMALY,EPHEMERIS_TYPE,CLASSIFICATION_TYPE,NORAD_CAT_ID,ELEMENT_SET_NO,' +
    'REV_AT_EPOCH,BSTAR,MEAN_MOTION_DOT,MEAN_MOTION_DDOT'];
  const start = Date.parse('2017-03-01T00:00:00Z');  // ends before the real data's newest sets
  for (let k = 0; k < LONG_HISTORY_SETS; k++) {
    const days = k / 3;
    const epoch = new Date(start + days * 86400e3).toISOString().replace('Z', '');
    const boost = k >= LONG_HISTORY_SETS / 2 ? -0.01 : 0;
    const n = (15.2 + 1e-4 * days + boost + 2e-6 * Math.sin(k * 1.7)).toFixed(8);
    lines.push(`LONG HISTORY TEST,2017-099A,${epoch},${n},.0004${String(k % 97).padStart(3, '0')},` +
      `51.6400,${((((360 - 5 * days) % 360) + 360) % 360).toFixed(4)},90.0000,${(k * 37 % 360).toFixed(4)},` +
      `0,U,${LONG_HISTORY_ID},${k % 999 + 1},${k},.15E-3,.1E-4,0`);
  }
  return lines.join('\n') + '\n';
}

export class World {
  constructor(gpq, data) {
    this.gpq = gpq;
    this.dir = mkdtempSync(join(tmpdir(), 'gpq-browser-'));
    this.db = join(this.dir, 'gpq.db');
    const long = join(this.dir, 'long-history.csv');
    writeFileSync(long, longHistoryCsv());
    this.run(['sync', '--from',
      join(data, 'history/celestrak_stations_2026-05-24_2026-07-14.3le.xz'),
      join(data, 'satcat/spacetrack_satcat_current_2025-03-15T22-48-37.json.xz'),
      join(data, 'gp/celestrak_gp_active_2026-07-10.csv'), long]);
    this.key = this.run(['keys', 'create', '--label', 'browser-tests']).split('\n')[0].trim();
    this.servers = [];
  }

  run(args) {
    return execFileSync(this.gpq, ['--db', this.db, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  }

  // Starts `gpq serve` with `args`; resolves to its base URL ("http://127.0.0.1:PORT").
  serve(args = []) {
    const child = spawn(this.gpq, ['--db', this.db, 'serve', '--listen', '127.0.0.1:0', '--keep-alive', '1',
      '--access-log', 'off', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.servers.push(child);
    return new Promise((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`gpq serve did not start: ${out}`)), 20000);
      child.stdout.on('data', (chunk) => {
        out += chunk;
        const found = out.match(/listening on (http:\/\/127\.0\.0\.1:\d+)\/api\/v1/);
        if (found) { clearTimeout(timer); resolve(found[1]); }
      });
      child.stderr.on('data', (chunk) => { out += chunk; });
      child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`gpq serve exited ${code}: ${out}`)); });
    });
  }

  close() {
    for (const child of this.servers) child.kill('SIGTERM');
    rmSync(this.dir, { recursive: true, force: true });
  }
}
