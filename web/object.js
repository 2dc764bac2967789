// One object: its catalog record, latest set (copy as TLE or OMM), history plotted over a
// chosen span with its events marked, the set behind any point, and, while "Follow live" is
// on, each change the server tells (/api/v1/stream) added as it comes.
import { api, ApiError, follow } from './api.js';
import { el, message, number, qualityText, scrollingTable, utc } from './dom.js';
import { drawPlots } from './plots.js';

const SPANS = [['7', 'Last 7 days'], ['30', 'Last 30 days'], ['90', 'Last 90 days'],
  ['365', 'Last year'], ['all', 'Whole history'], ['custom', 'From … to …']];

function copyButton(label, load) {
  const status = el('span', { class: 'copy-status', 'aria-live': 'polite' });
  const button = el('button', { type: 'button', onclick: async () => {
    try {
      const text = await load();
      await navigator.clipboard.writeText(text);
      status.textContent = 'Copied.';
    } catch (error) {
      status.textContent = `Not copied: ${error.message}`;
    }
  } }, label);
  return el('span', {}, button, status);
}

// Each section returns its element and `refresh`, which reads it again (a change told live).
function catalogSection(id) {
  const section = el('section', { 'aria-labelledby': 'catalog-title' },
    el('h2', { id: 'catalog-title' }, 'Catalog record'), el('p', {}, 'Loading…'));
  const refresh = () => api(`/catalog/${id}`).then((record) => {
    const list = el('dl', { class: 'record' });
    for (const [name, value] of Object.entries(record)) {
      list.append(el('dt', { text: name }), el('dd', { text: value === null ? '–' : String(value) }));
    }
    section.lastChild.replaceWith(list);
  }, (error) => section.lastChild.replaceWith(
    message(error.status === 404 ? 'No SATCAT record for this object.' : error.message, error.status === 404 ? 'info' : 'error')));
  refresh();
  return { section, refresh };
}

function latestSection(id, title) {
  const tle = el('pre', { class: 'tle', 'aria-label': 'Latest set as TLE' });
  const facts = el('dl', { class: 'record' });
  const problem = el('div');
  const section = el('section', { 'aria-labelledby': 'latest-title' },
    el('h2', { id: 'latest-title' }, 'Latest set'), problem, facts, tle,
    el('p', { class: 'buttons' },
      copyButton('Copy as TLE', () => api(`/gp/${id}`, { format: 'tle' }, { as: 'text' })),
      copyButton('Copy as OMM (XML)', () => api(`/gp/${id}`, { format: 'xml' }, { as: 'text' }))));
  let reads = 0;
  // Reads more than once when following live: only the latest read's answers are shown.
  const refresh = () => {
    const read = ++reads;
    // The flags always: a stale, decayed or unpropagated set says so here (docs/DECISIONS.md "Quality").
    api(`/gp/${id}`, { include: 'quality' }).then((set) => {
      if (read !== reads) return;
      title.textContent = `${set.OBJECT_NAME || 'Object'} · NORAD ${id}`;
      document.title = `${set.OBJECT_NAME} (${id}) · gpq`;
      facts.replaceChildren();
      for (const name of ['OBJECT_ID', 'EPOCH', 'DATA_SOURCE', 'ELEMENT_SET_NO', 'PERIGEE_KM',
        'APOGEE_KM', 'INCLINATION', 'PERIOD_MINUTES', 'BSTAR']) {
        facts.append(el('dt', { text: name }), el('dd', { id: `latest-${name.toLowerCase()}`, text: String(set[name] ?? '–') }));
      }
      facts.append(el('dt', { text: 'QUALITY' }),
        el('dd', { id: 'latest-quality', text: qualityText(set._quality) }));
      problem.replaceChildren();
    }, (error) => { if (read === reads) problem.replaceChildren(message(error.message)); });
    api(`/gp/${id}`, { format: 'tle' }, { as: 'text' })
      .then((text) => { if (read === reads) tle.textContent = text; }, () => {});
  };
  refresh();
  return { section, refresh };
}

// The span's start and end parameters (ISO dates), from the form's choice.
function spanParams(choice, from, to) {
  if (choice === 'custom') return { start: from || undefined, end: to || undefined };
  if (choice === 'all') return {};
  const start = new Date(Date.now() - Number(choice) * 86400e3);
  return { start: start.toISOString().slice(0, 19) + 'Z' };
}

function eventRow(event, plots) {
  const time = Date.parse(event.TIME) / 1000;
  const size = `${event.ELEMENT === 'ECCENTRICITY' ? event.SIZE.toExponential(2) : number(event.SIZE, 3)} ${event.UNIT}`;
  return el('tr', { 'data-event-kind': event.KIND.toLowerCase() },
    el('td', { text: event.TIME.replace('T', ' ') }),
    el('td', { text: event.KIND.toLowerCase() }),
    el('td', { text: event.ELEMENT.toLowerCase().replaceAll('_', ' ') }),
    el('td', { class: 'num', text: size }),
    el('td', { class: 'num', text: event.KIND === 'MANOEUVRE' ? event.SIGMAS.toFixed(1) : '–' }),
    el('td', { text: `${event.BEFORE_EPOCH.replace('T', ' ')} → ${event.AFTER_EPOCH.replace('T', ' ')}` }),
    el('td', { text: event.REENTRY_EARLIEST ? `${event.REENTRY_EARLIEST.slice(0, 16)} … ${event.REENTRY_LATEST.slice(0, 16)}` : '' }),
    el('td', {}, el('button', { type: 'button', onclick: () => plots()?.zoom(time - 3 * 86400, time + 3 * 86400) },
      'Show on plots')));
}

// The set behind point `k` of the plots, with a button fetching it as TLE.
function describeSet(point, id, data, k) {
  const tle = el('button', { type: 'button', onclick: () => {
    api(`/gp/${id}/nearest`, { epoch: new Date(data.EPOCH_UNIX[k] * 1000).toISOString(), format: 'tle' }, { as: 'text' })
      .then((text) => { point.querySelector('pre')?.remove(); point.append(el('pre', { class: 'tle', text })); });
  } }, 'Show this set as TLE');
  point.replaceChildren(
    el('strong', {}, `Set ${k + 1} of ${data.EPOCH_UNIX.length}: `),
    `EPOCH ${utc(data.EPOCH_UNIX[k])}, ${data.DATA_SOURCE[k]}, ELEMENT_SET_NO ${data.ELEMENT_SET_NO[k]}; ` +
    `perigee ${number(data.PERIGEE[k], 2)} km, apogee ${number(data.APOGEE[k], 2)} km, ` +
    `inclination ${number(data.INCLINATION[k], 4)}°, mean motion ${number(data.MEAN_MOTION[k], 8)} rev/day `, tle);
}

// Zoom from the keyboard as well as by dragging: halve or double the span shown, or all of it.
function zoomButtons(plots) {
  const zoom = (factor) => {
    const [min, max] = plots.range();
    const middle = (min + max) / 2;
    plots.zoom(middle - ((max - min) * factor) / 2, middle + ((max - min) * factor) / 2);
  };
  return [el('button', { type: 'button', onclick: () => zoom(0.5) }, 'Zoom in'),
    el('button', { type: 'button', onclick: () => zoom(2) }, 'Zoom out'),
    el('button', { type: 'button', onclick: () => plots.reset() }, 'Whole span'),
    el('span', { class: 'hint' }, ' or drag across a plot; double-click to reset.')];
}

// A set as the stream sends it (the GP record) in the series' columns (/gp/{id}/series).
const SERIES_COLUMNS = { DATA_SOURCE: 'DATA_SOURCE', ELEMENT_SET_NO: 'ELEMENT_SET_NO',
  MEAN_MOTION: 'MEAN_MOTION', ECCENTRICITY: 'ECCENTRICITY', INCLINATION: 'INCLINATION',
  RA_OF_ASC_NODE: 'RA_OF_ASC_NODE', BSTAR: 'BSTAR', SEMIMAJOR_AXIS: 'SEMI_MAJOR_AXIS_KM',
  PERIGEE: 'PERIGEE_KM', APOGEE: 'APOGEE_KM' };

// Puts `set` into the columns in epoch order; a set of the same epoch and source is replaced
// (new numbers for it), as the mirror replaces it. Returns the set's index.
function addToSeries(data, set) {
  const time = Date.parse(set.EPOCH) / 1000;
  const times = data.EPOCH_UNIX;
  // The series' epochs and the record's are each rounded to the millisecond.
  const near = (k) => Math.abs(times[k] - time) <= 0.001;
  let k = times.length;
  while (k > 0 && times[k - 1] > time + 0.001) k--;
  let same = k - 1;
  while (same >= 0 && near(same) && data.DATA_SOURCE[same] !== set.DATA_SOURCE) same--;
  const replace = same >= 0 && near(same);
  const at = replace ? same : k;
  times.splice(at, replace ? 1 : 0, time);
  for (const [column, field] of Object.entries(SERIES_COLUMNS)) data[column].splice(at, replace ? 1 : 0, set[field]);
  return at;
}

function spanText(data) {
  const times = data.EPOCH_UNIX;
  return `${times.length} sets from ${utc(times[0])} to ${utc(times[times.length - 1])}`;
}

function eventsTable(events, plots) {
  const list = events.data;
  return list.length === 0 ? el('p', {}, `No manoeuvre, decay or gap in this span (${events.meta.distinct_sets} sets).`)
    : scrollingTable(`Events (${list.length}); markers on the plots: red manoeuvre, purple decay, grey dashed gap`,
      ['Time (UTC)', 'Kind', 'Element', 'Size', 'σ', 'Between sets', 'Re-entry window', ''],
      list.map((event) => eventRow(event, () => plots)));
}

function historySection(id, params) {
  const choice = params.get('span') || 'all';
  const select = el('select', { id: 'span', name: 'span' },
    SPANS.map(([value, label]) => el('option', { value, selected: value === choice }, label)));
  const from = el('input', { id: 'from', name: 'from', type: 'date', value: params.get('from') || '' });
  const to = el('input', { id: 'to', name: 'to', type: 'date', value: params.get('to') || '' });
  const form = el('form', { class: 'span-form', onsubmit: (event) => {
    event.preventDefault();
    const next = new URLSearchParams({ span: select.value });
    if (select.value === 'custom') {
      if (from.value) next.set('from', from.value);
      if (to.value) next.set('to', to.value);
    }
    // Following live goes on over the new span.
    if (new URLSearchParams(location.hash.split('?')[1]).get('live')) next.set('live', '1');
    location.hash = `#/object/${id}?${next}`;
  } },
  el('div', { class: 'field' }, el('label', { for: 'span' }, 'Span'), select),
  el('div', { class: 'field' }, el('label', { for: 'from' }, 'From'), from),
  el('div', { class: 'field' }, el('label', { for: 'to' }, 'To'), to),
  el('button', { type: 'submit' }, 'Show'));
  const status = el('div', { id: 'history-status', 'aria-live': 'polite' }, 'Loading the history…');
  const point = el('div', { id: 'point', class: 'point', 'aria-live': 'polite' },
    'Hover a plot, or use the slider, to see the set behind a point.');
  const slider = el('input', { id: 'point-slider', type: 'range', min: '0', max: '0', value: '0' });
  const zoomBar = el('p', { class: 'buttons' });
  const charts = el('div', { id: 'charts', class: 'charts' });
  const eventsPart = el('section', { 'aria-labelledby': 'events-title' },
    el('h2', { id: 'events-title' }, 'Events'), el('p', {}, 'Looking for events…'));
  const section = el('section', { 'aria-labelledby': 'history-title' },
    el('h2', { id: 'history-title' }, 'History'), form, status, zoomBar,
    el('div', { class: 'field slider' }, el('label', { for: 'point-slider' }, 'Inspect set'), slider),
    point, charts, eventsPart);

  let plots = null;
  let data = null;
  let loading = null;
  const span = spanParams(choice, params.get('from'), params.get('to'));
  // The epochs a set must lie between to belong to the span (a bare date is midnight UTC).
  const [first, last] = [span.start ? Date.parse(span.start) / 1000 : -Infinity,
    span.end ? Date.parse(span.end) / 1000 : Infinity];
  slider.addEventListener('input', () => plots?.pointAt(Number(slider.value)));

  // The number of points plotted, for the page and its tests to read.
  const counted = () => {
    const points = data.EPOCH_UNIX.length;
    slider.max = String(points - 1);
    charts.dataset.points = String(points);
    document.body.dataset.plotted = String(points);
    Object.assign(window.gpq, { plots, points });
  };
  const showEvents = (events) => {
    eventsPart.hidden = false;
    window.gpq.events = events instanceof Error ? [] : events.data;
    eventsPart.lastChild.replaceWith(events instanceof Error ? message(events.message) : eventsTable(events, plots));
  };
  const readEvents = () => api(`/gp/${id}/events`, span).catch((e) => e).then((events) => {
    plots.setEvents(events instanceof Error ? [] : events.data);
    showEvents(events);
  });

  // Reads the span's sets and events and draws them, in place of what was drawn.
  const load = () => {
    const started = performance.now();
    loading = Promise.all([api(`/gp/${id}/series`, span), api(`/gp/${id}/events`, span).catch((e) => e)])
      .then(([series, events]) => {
        plots?.destroy();
        charts.replaceChildren();
        data = series.data;
        const showPoint = (k) => {
          slider.value = String(k);
          describeSet(point, id, data, k);
        };
        plots = drawPlots(charts, data, events instanceof Error ? [] : events.data, showPoint);
        zoomBar.replaceChildren(...zoomButtons(plots));
        const ms = Math.round(performance.now() - started);
        status.textContent = `${spanText(data)}, plotted in ${ms} ms.`;
        window.gpq = { loadedMs: ms };
        counted();
        showEvents(events);
      }, (error) => {
        status.replaceChildren(message(error instanceof ApiError && error.status === 404
          ? 'No element sets in this span.' : error.message));
        eventsPart.hidden = true;
      });
    return loading;
  };
  load();

  return {
    section,
    reload: load,
    // Reads the span's events again (a manoeuvre or decay told live).
    refreshEvents: () => loading.then(() => (data ? readEvents() : undefined)),
    // Adds a set told live to the plots, once the history is drawn; a span without sets until
    // now is read again. Resolves to whether the set belongs to the span.
    addSet: (set) => loading.then(() => {
      const time = Date.parse(set.EPOCH) / 1000;
      if (time < first || time > last) return false;
      if (!data) return load().then(() => true);
      const previous = data.EPOCH_UNIX[addToSeries(data, set) - 1];
      plots.update();
      counted();
      status.textContent = `${spanText(data)}; the newest came live.`;
      // A day or more without a set may be a gap (docs/EVENTS.md): the events say.
      if (previous !== undefined && time - previous >= 86400) readEvents();
      return true;
    }),
  };
}

// A change the stream told, in words for the status line.
function changeText(kind, change) {
  const at = (iso) => iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z');
  if (kind === 'set') return `New set at ${at(change.data.EPOCH)} (${change.source}, live).`;
  if (kind === 'manoeuvre') return `Manoeuvre at ${at(change.data.TIME)} in ${change.data.ELEMENT.toLowerCase().replaceAll('_', ' ')} (live).`;
  if (kind === 'decay') return change.basis === 'satcat' ? `Decay date in the SATCAT: ${change.data.DECAY} (live).`
    : `Decaying: perigee below 200 km at ${at(change.data.TIME)} (live).`;
  return `Changes were missed (older than the server keeps): the page read the object again.`;
}

// "Follow live": while checked, the object's changes from /api/v1/stream (docs/STREAM.md)
// update the sections. The stream is closed when unchecked or when the page shows something
// else (`leave` aborts); data-following says whether a stream is open, for the tests.
function liveControl(id, sections, params, leave) {
  const box = el('input', { id: 'follow-live', type: 'checkbox' });
  const status = el('span', { id: 'live-status', class: 'live-status', 'aria-live': 'polite' });
  const control = el('p', { class: 'live', 'data-following': 'false' },
    el('label', { for: 'follow-live' }, box, ' Follow live'), status);
  const { catalog, latest } = sections;
  let stop = null;
  let open = 0;

  // What may have changed unseen is read again from the API.
  const readAll = () => { sections.history.reload(); latest.refresh(); catalog.refresh(); };
  const onChange = (kind, change) => {
    if (kind === 'set') { sections.history.addSet(change.data); latest.refresh(); }
    else if (kind === 'manoeuvre' || (kind === 'decay' && change.basis === 'sets')) sections.history.refreshEvents();
    else if (kind === 'decay') catalog.refresh();
    else if (kind === 'gap') readAll();
    else return;
    status.textContent = changeText(kind, change);
  };
  const onState = (state, detail) => {
    if (state === 'open' && detail) readAll();
    status.textContent = state === 'open' ? 'Following: each new set, manoeuvre or decay will show here.'
      : `The stream was closed${detail ? ` (${detail.message})` : ''}; reconnecting…`;
  };
  // Kept in the address (live=1): a new span, a reload or a bookmark follows again.
  const remember = (on) => {
    const [path, query] = location.hash.split('?');
    const next = new URLSearchParams(query);
    if (on) next.set('live', '1');
    else next.delete('live');
    const rest = next.toString();
    history.replaceState(null, '', `${path}${rest ? `?${rest}` : ''}`);
  };
  const start = () => {
    const controller = new AbortController();
    stop = controller;
    open++;
    control.dataset.following = 'true';
    status.textContent = 'Connecting…';
    follow('/stream', { norad_ids: id }, onChange, controller.signal, onState)
      .catch((error) => {
        if (stop === controller) { box.checked = false; stop = null; remember(false); }
        status.textContent = `Not following: ${error.message}`;
      })
      .finally(() => { control.dataset.following = String(--open > 0); });
  };
  const end = () => {
    stop?.abort();
    stop = null;
    status.textContent = 'Not following.';
  };
  box.addEventListener('change', () => {
    remember(box.checked);
    if (box.checked) start();
    else end();
  });
  leave.addEventListener('abort', () => stop?.abort(), { once: true });
  if (params.get('live') === '1') {
    box.checked = true;
    start();
  }
  return control;
}

export function showObject(main, id, params, leave) {
  const title = el('h1', {}, `NORAD ${id}`);
  const sections = { catalog: catalogSection(id), latest: latestSection(id, title), history: historySection(id, params) };
  main.append(title, liveControl(id, sections, params, leave),
    el('div', { class: 'columns' }, sections.catalog.section, sections.latest.section),
    sections.history.section);
}
