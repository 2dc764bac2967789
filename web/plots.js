// An object's history as uPlot charts sharing one time axis: zoom (drag, buttons), cursor and
// the set under it synced across the charts, events drawn as vertical markers.
import { number } from './dom.js';

const EVENT_COLOURS = { MANOEUVRE: '#c0392b', DECAY: '#8e44ad', GAP: '#7f8c8d' };

// RAAN change per day from the previous set, unwrapped; null where the sets are under an hour
// apart (the rate of two near-identical fits is noise).
function raanDrift(data) {
  const t = data.EPOCH_UNIX;
  const raan = data.RA_OF_ASC_NODE;
  return raan.map((value, k) => {
    if (k === 0 || t[k] - t[k - 1] < 3600) return null;
    let delta = value - raan[k - 1];
    delta -= 360 * Math.round(delta / 360);
    return delta / ((t[k] - t[k - 1]) / 86400);
  });
}

export const CHARTS = [
  { id: 'altitude', title: 'Perigee and apogee altitude (km)',
    lines: [['Perigee', (d) => d.PERIGEE, '#2471a3'], ['Apogee', (d) => d.APOGEE, '#d68910']], digits: 2 },
  { id: 'inclination', title: 'Inclination (°)', lines: [['Inclination', (d) => d.INCLINATION, '#117864']], digits: 4 },
  { id: 'eccentricity', title: 'Eccentricity', lines: [['Eccentricity', (d) => d.ECCENTRICITY, '#6c3483']], digits: 3, exp: true },
  { id: 'mean-motion', title: 'Mean motion (rev/day)', lines: [['Mean motion', (d) => d.MEAN_MOTION, '#1a5276']], digits: 8 },
  { id: 'bstar', title: 'B* (1/earth radii)', lines: [['B*', (d) => d.BSTAR, '#784212']], digits: 3, exp: true },
  { id: 'raan-drift', title: 'RAAN drift (°/day)', lines: [['RAAN drift', raanDrift, '#1d8348']], digits: 4 },
];

// Draws the markers of `events` (those in view) on a chart; `seen[chart]` lists those drawn
// last, for the page (and its tests) to read.
function markerPlugin(events, seen, chartId) {
  return {
    hooks: {
      draw: [(u) => {
        const drawn = [];
        seen.set(chartId, drawn);
        const { ctx } = u;
        const { top, height } = u.bbox;
        const [min, max] = [u.scales.x.min, u.scales.x.max];
        ctx.save();
        ctx.lineWidth = 2 * devicePixelRatio;
        for (const event of events) {
          if (event.time < min || event.time > max) continue;
          const x = Math.round(u.valToPos(event.time, 'x', true));
          ctx.strokeStyle = EVENT_COLOURS[event.KIND] || '#000';
          ctx.setLineDash(event.KIND === 'GAP' ? [4, 4] : []);
          ctx.beginPath();
          ctx.moveTo(x, top);
          ctx.lineTo(x, top + height);
          ctx.stroke();
          drawn.push({ chart: chartId, kind: event.KIND, time: event.time, x: x / devicePixelRatio });
        }
        ctx.restore();
      }],
    },
  };
}

const markedOf = (events) => events.map((e) => ({ ...e, time: Date.parse(e.TIME) / 1000 }));

// Charts into `container`; `onPoint(index)` is told the set under the cursor. The charts read
// `data`'s columns: after a change to them in place (a set added live), update() redraws.
export function drawPlots(container, data, events, onPoint) {
  const times = data.EPOCH_UNIX;
  const marked = markedOf(events);
  const state = { charts: [], markers: new Map(), syncing: false, span: [times[0], times[times.length - 1]] };
  const columnsOf = (spec) => [times, ...spec.lines.map(([, values]) => values(data))];
  const width = () => Math.max(280, container.clientWidth - 8);
  for (const spec of CHARTS) {
    const figure = document.createElement('figure');
    figure.className = 'chart';
    figure.dataset.chart = spec.id;
    const caption = document.createElement('figcaption');
    caption.id = `chart-${spec.id}`;
    caption.textContent = spec.title;
    figure.append(caption);
    container.append(figure);
    const series = [{ label: 'Epoch (UTC)', value: (u, v) => (v == null ? '–' : new Date(v * 1000).toISOString().slice(0, 19).replace('T', ' ')) }];
    for (const [label, , colour] of spec.lines) {
      series.push({ label, stroke: colour, width: 1.5, spanGaps: true,
        points: { show: times.length <= 3000, size: 4 },
        value: (u, v) => (v == null ? '–' : (spec.exp ? v.toExponential(spec.digits) : number(v, spec.digits))) });
    }
    const chart = new uPlot({
      width: width(), height: 200, series,
      scales: { x: { time: true } },
      // uPlot's own tick labels, but small quantities' in powers of ten; one width for every
      // chart so that their time axes line up.
      axes: [{}, spec.exp ? { size: 80, values: (u, ticks) => ticks.map((v) => v.toExponential(2)) } : { size: 80 }],
      cursor: { sync: { key: 'gpq-history', setSeries: true }, drag: { x: true, y: false } },
      legend: { live: true },
      plugins: [markerPlugin(marked, state.markers, spec.id)],
      hooks: {
        setCursor: [(u) => { if (u.cursor.idx != null) onPoint(u.cursor.idx); }],
        setScale: [(u, key) => {
          if (key !== 'x' || state.syncing) return;
          state.syncing = true;
          for (const other of state.charts) {
            if (other !== u) other.setScale('x', { min: u.scales.x.min, max: u.scales.x.max });
          }
          state.syncing = false;
        }],
      },
    }, columnsOf(spec), figure);
    chart.root.dataset.chart = spec.id;
    chart.root.setAttribute('role', 'img');
    chart.root.setAttribute('aria-labelledby', caption.id);
    state.charts.push(chart);
  }
  const resize = () => { for (const chart of state.charts) chart.setSize({ width: width(), height: 200 }); };
  window.addEventListener('resize', resize);
  return {
    charts: state.charts,
    // The markers drawn on every chart, as each last drew them.
    get markers() { return [...state.markers.values()].flat(); },
    zoom(min, max) { state.charts[0].setScale('x', { min, max }); },
    reset() { state.charts[0].setScale('x', { min: times[0], max: times[times.length - 1] }); },
    range() { return [state.charts[0].scales.x.min, state.charts[0].scales.x.max]; },
    // Draws `data`'s columns again: a view of the whole span grows with it, a zoomed one stays.
    update() {
      const [min, max] = this.range();
      const zoomed = min > state.span[0] || max < state.span[1];
      state.charts.forEach((chart, k) => chart.setData(columnsOf(CHARTS[k])));
      state.span = [times[0], times[times.length - 1]];
      if (zoomed) this.zoom(min, max);
      else this.reset();
    },
    // Marks `events` in place of those marked until now.
    setEvents(events) {
      marked.splice(0, marked.length, ...markedOf(events));
      for (const chart of state.charts) chart.redraw(false, false);
    },
    // Puts every chart's cursor on set `index`, as hovering it would.
    pointAt(index) {
      for (const chart of state.charts) {
        chart.setCursor({ left: chart.valToPos(times[index], 'x'), top: 20 });
      }
      onPoint(index);
    },
    destroy() {
      window.removeEventListener('resize', resize);
      for (const chart of state.charts) chart.destroy();
    },
  };
}
