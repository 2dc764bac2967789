// satellite.js's side of bench/sgp4_peers/run.sh: the sets of WORKDIR/near.tle and deep.tle at
// the instants of WORKDIR/instants.txt, timed two ways, one JSON line per way and kind:
//   "satellite.js sgp4()"   the propagator called set by set, instant by instant, with the
//                           minutes since the set's epoch (what propagate() hands it)
//   "satellite.js bulk"     its BulkPropagator: C++ compiled to WebAssembly, single thread,
//                           every set at every instant in one run()
// Each repeats its grid until a second has passed. Positions of every 50th set at the first
// instant go to WORKDIR/sample-satellite.js.txt for the cross-check.
//
//   node bench/sgp4_peers/satellite.mjs WORKDIR
import { readFileSync, writeFileSync } from 'node:fs';
import * as satellite from 'satellite.js';

const work = process.argv[2];
const instants = readFileSync(`${work}/instants.txt`, 'utf8').trim().split('\n').map(Number);
const dates = instants.map((seconds) => new Date(seconds * 1000));
const minutesPerDay = 1440;

function readSatrecs(kind) {
  const lines = readFileSync(`${work}/${kind}.tle`, 'utf8').trim().split('\n');
  const satrecs = [];
  for (let i = 0; i + 1 < lines.length; i += 2) {
    satrecs.push(satellite.twoline2satrec(lines[i], lines[i + 1]));
  }
  return satrecs;
}

function seconds(start) {
  return Number(process.hrtime.bigint() - start) / 1e9;
}

function timeLoop(kind, satrecs) {
  const julian = dates.map((d) => satellite.jday(d));
  const minutes = new Float64Array(satrecs.length * julian.length);
  satrecs.forEach((satrec, s) => {
    julian.forEach((j, k) => {
      minutes[s * julian.length + k] = (j - satrec.jdsatepoch) * minutesPerDay;
    });
  });
  let checksum = 0;
  let propagations = 0;
  const start = process.hrtime.bigint();
  do {
    for (let s = 0; s < satrecs.length; s++) {
      const satrec = satrecs[s];
      for (let k = 0; k < julian.length; k++) {
        const pv = satellite.sgp4(satrec, minutes[s * julian.length + k]);
        if (pv && pv.position) {
          checksum += pv.position.x;
        }
      }
    }
    propagations += satrecs.length * julian.length;
  } while (seconds(start) < 1.0);
  report('satellite.js sgp4()', kind, satrecs.length, propagations, seconds(start), checksum);
}

function timeBulk(kind, satrecs, runtime) {
  const propagator = new satellite.BulkPropagator({
    runtime,
    calculators: [new satellite.EciBaseCalculator()],
    satRecsCount: satrecs.length,
    datesCount: dates.length,
  });
  try {
    propagator.setSatRecs(satrecs);
    propagator.setDates(dates);
    propagator.run();  // warm-up
    let propagations = 0;
    const start = process.hrtime.bigint();
    do {
      propagator.run();
      propagations += satrecs.length * dates.length;
    } while (seconds(start) < 1.0);
    const elapsed = seconds(start);
    const eci = propagator.getRawOutput().eci;
    report('satellite.js bulk', kind, satrecs.length, propagations, elapsed, eci[0]);
  } finally {
    propagator.dispose();
  }
}

function report(tool, kind, sets, propagations, elapsed, checksum) {
  console.log(JSON.stringify({ tool, kind, sets, propagations, seconds: elapsed, checksum }));
}

const sample = [];
const runtime = await satellite.createSingleThreadRuntime();
for (const kind of ['near', 'deep']) {
  const satrecs = readSatrecs(kind);
  for (let s = 0; s < satrecs.length; s += 50) {
    const pv = satellite.propagate(satrecs[s], dates[0]);
    if (pv && pv.position) {
      sample.push(`${kind} ${s} ${pv.position.x} ${pv.position.y} ${pv.position.z}`);
    }
  }
  timeLoop(kind, readSatrecs(kind));
  timeBulk(kind, readSatrecs(kind), runtime);
}
writeFileSync(`${work}/sample-satellite.js.txt`, `${sample.join('\n')}\n`);
