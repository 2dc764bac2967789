// One object: its catalog record, latest set (copy as TLE or OMM), history plotted over a
// chosen span with its events marked, and the set behind any point.
import { api, ApiError } from './api.js';
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

function catalogSection(id) {
  const section = el('section', { 'aria-labelledby': 'catalog-title' },
    el('h2', { id: 'catalog-title' }, 'Catalog record'), el('p', {}, 'Loading…'));
  api(`/catalog/${id}`).then((record) => {
    const list = el('dl', { class: 'record' });
    for (const [name, value] of Object.entries(record)) {
      list.append(el('dt', { text: name }), el('dd', { text: value === null ? '–' : String(value) }));
    }
    section.lastChild.replaceWith(list);
  }, (error) => section.lastChild.replaceWith(
    message(error.status === 404 ? 'No SATCAT record for this object.' : error.message, error.status === 404 ? 'info' : 'error')));
  return section;
}

function latestSection(id, title) {
  const tle = el('pre', { class: 'tle', 'aria-label': 'Latest set as TLE' });
  const facts = el('dl', { class: 'record' });
  const section = el('section', { 'aria-labelledby': 'latest-title' },
    el('h2', { id: 'latest-title' }, 'Latest set'), facts, tle,
    el('p', { class: 'buttons' },
      copyButton('Copy as TLE', () => api(`/gp/${id}`, { format: 'tle' }, { as: 'text' })),
      copyButton('Copy as OMM (XML)', () => api(`/gp/${id}`, { format: 'xml' }, { as: 'text' }))));
  // The flags always: a stale, decayed or unpropagated set says so here (docs/DECISIONS.md "Quality").
  api(`/gp/${id}`, { include: 'quality' }).then((set) => {
    title.textContent = `${set.OBJECT_NAME || 'Object'} · NORAD ${id}`;
    document.title = `${set.OBJECT_NAME} (${id}) · gpq`;
    for (const name of ['OBJECT_ID', 'EPOCH', 'DATA_SOURCE', 'ELEMENT_SET_NO', 'PERIGEE_KM',
      'APOGEE_KM', 'INCLINATION', 'PERIOD_MINUTES', 'BSTAR']) {
      facts.append(el('dt', { text: name }), el('dd', { text: String(set[name] ?? '–') }));
    }
    facts.append(el('dt', { text: 'QUALITY' }),
      el('dd', { id: 'latest-quality', text: qualityText(set._quality) }));
  }, (error) => facts.replaceWith(message(error.message)));
  api(`/gp/${id}`, { format: 'tle' }, { as: 'text' }).then((text) => { tle.textContent = text; }, () => {});
  return section;
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
    location.hash = `#/object/${id}?${next}`;
  } },
  el('div', { class: 'field' }, el('label', { for: 'span' }, 'Span'), select),
  el('div', { class: 'field' }, el('label', { for: 'from' }, 'From'), from),
  el('div', { class: 'field' }, el('label', { for: 'to' }, 'To'), to),
  el('button', { type: 'submit' }, 'Show'));
  const status = el('p', { id: 'history-status', 'aria-live': 'polite' }, 'Loading the history…');
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
  const span = spanParams(choice, params.get('from'), params.get('to'));
  const started = performance.now();
  Promise.all([api(`/gp/${id}/series`, span), api(`/gp/${id}/events`, span).catch((e) => e)])
    .then(([series, events]) => {
      const data = series.data;
      const list = events instanceof Error ? [] : events.data;
      const showPoint = (k) => {
        slider.value = String(k);
        describeSet(point, id, data, k);
      };
      plots = drawPlots(charts, data, list, showPoint);
      slider.max = String(data.EPOCH_UNIX.length - 1);
      slider.addEventListener('input', () => plots.pointAt(Number(slider.value)));
      zoomBar.append(...zoomButtons(plots));
      const ms = Math.round(performance.now() - started);
      status.textContent = `${data.EPOCH_UNIX.length} sets from ${utc(data.EPOCH_UNIX[0])} to ` +
        `${utc(data.EPOCH_UNIX[data.EPOCH_UNIX.length - 1])}, plotted in ${ms} ms.`;
      window.gpq = { plots, points: data.EPOCH_UNIX.length, events: list, loadedMs: ms };
      document.body.dataset.plotted = String(data.EPOCH_UNIX.length);
      eventsPart.lastChild.replaceWith(events instanceof Error ? message(events.message)
        : list.length === 0 ? el('p', {}, `No manoeuvre, decay or gap in this span (${events.meta.distinct_sets} sets).`)
          : scrollingTable(`Events (${list.length}); markers on the plots: red manoeuvre, purple decay, grey dashed gap`,
            ['Time (UTC)', 'Kind', 'Element', 'Size', 'σ', 'Between sets', 'Re-entry window', ''],
            list.map((event) => eventRow(event, () => plots))));
    }, (error) => {
      status.replaceWith(message(error instanceof ApiError && error.status === 404
        ? 'No element sets in this span.' : error.message));
      eventsPart.remove();
    });
  return section;
}

export function showObject(main, id, params) {
  const title = el('h1', {}, `NORAD ${id}`);
  main.append(title, el('div', { class: 'columns' }, catalogSection(id), latestSection(id, title)),
    historySection(id, params));
}
