// Snapshot: every object at an epoch (its nearest set propagated there, /api/v1/state),
// filtered by regime, type and group, sorted by the server over the whole snapshot (`sort`,
// `order`), a page at a time.
import { api } from './api.js';
import { coverageLine, el, message, number, scrollingTable } from './dom.js';

const PER_PAGE = 100;
const REGIMES = ['LEO', 'MEO', 'GEO', 'HEO'];
const TYPES = ['PAYLOAD', 'ROCKET BODY', 'DEBRIS', 'UNKNOWN'];
const GROUPS = ['stations', 'starlink', 'oneweb', 'gps-ops', 'glo-ops', 'galileo', 'beidou',
  'weather', 'geo', 'active', 'analyst', 'last-30-days'];
// [field, heading, numeric, sortable]
const COLUMNS = [
  ['NORAD_CAT_ID', 'NORAD', true, true], ['OBJECT_NAME', 'Name', false, true],
  ['OBJECT_ID', 'Designator', false, false], ['SET_EPOCH', 'Set epoch (UTC)', false, true],
  ['SET_AGE_HOURS', 'Set age h', true, true], ['HEIGHT_KM', 'Height km', true, true],
  ['LATITUDE_DEG', 'Lat °', true, true], ['LONGITUDE_DEG', 'Lon °', true, true],
  ['DATA_SOURCE', 'Source', false, false],
];

function choice(id, label, values, current, any) {
  return el('div', { class: 'field' }, el('label', { for: id }, label),
    el('select', { id, name: id }, el('option', { value: '' }, any),
      values.map((v) => el('option', { value: v, selected: v === current }, v))));
}

function cell(row, name) {
  const value = row[name];
  if (value === null || value === undefined) return '–';
  if (typeof value === 'number' && name !== 'NORAD_CAT_ID') return number(value, name === 'SET_AGE_HOURS' ? 1 : 2);
  return String(value).replace(/T(\d\d:\d\d:\d\d)\.\d+/, ' $1');
}

// A row without a state (its set too far from the epoch, or SGP4 failed) says so where its
// height would be, and why on hover and to screen readers.
function row(data) {
  return el('tr', { class: data.ERROR ? 'no-state' : null }, COLUMNS.map(([name, , numeric]) => {
    if (name === 'OBJECT_NAME') {
      return el('td', {}, el('a', { href: `#/object/${data.NORAD_CAT_ID}` }, data.OBJECT_NAME || '(no name)'));
    }
    if (name === 'HEIGHT_KM' && data.ERROR) {
      return el('td', { class: 'num' }, el('abbr', { title: data.ERROR, 'aria-label': `no state: ${data.ERROR}` }, 'no state'));
    }
    return el('td', { class: numeric ? 'num' : null }, cell(data, name));
  }));
}

// Without an epoch: the newest set's epoch in the mirror (/status), or now if that is later,
// so that a mirror that is not synced up to today still shows its catalog.
export function showSnapshot(main, params) {
  if (params.get('epoch')) {
    showSnapshotAt(main, params, params.get('epoch'));
    return;
  }
  const now = new Date().toISOString();
  api('/status').then((status) => status.latest_epoch || now, () => now).then((latest) => {
    showSnapshotAt(main, params, (latest < now ? latest : now).slice(0, 16));
  });
}

function showSnapshotAt(main, params, epoch) {
  const page = Math.max(1, Number(params.get('page') || 1));
  const epochInput = el('input', { id: 'epoch', name: 'epoch', type: 'datetime-local', value: epoch, step: '60' });
  const form = el('form', { class: 'search', onsubmit: (event) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const input of form.querySelectorAll('input, select')) if (input.value) next.set(input.name, input.value);
    for (const name of ['sort', 'order']) if (params.get(name)) next.set(name, params.get(name));
    location.hash = `#/snapshot?${next}`;
  } },
  el('div', { class: 'field' }, el('label', { for: 'epoch' }, 'Epoch (UTC)'), epochInput),
  choice('orbit_regime', 'Regime', REGIMES, params.get('orbit_regime'), 'Any regime'),
  choice('object_type', 'Type', TYPES, params.get('object_type'), 'Any type'),
  choice('group', 'Group', GROUPS, params.get('group'), 'Any group'),
  el('button', { type: 'submit' }, 'Show'));
  const results = el('section', { id: 'snapshot-results', 'aria-live': 'polite' }, el('p', {}, 'Loading…'));
  main.append(el('h1', {}, 'Snapshot: the catalog at an epoch'), form, results);

  // datetime-local gives minutes ("2026-07-11T00:00"), or seconds when typed so; both are UTC.
  const iso = epoch.length === 16 ? `${epoch}:00Z` : `${epoch}Z`;
  const sort = params.get('sort');
  const descending = params.get('order') === 'desc';
  const query = { epoch: iso, frame: 'geodetic', include: 'coverage', page, per_page: PER_PAGE, sort: sort || undefined,
    order: sort && descending ? 'desc' : undefined };
  for (const name of ['orbit_regime', 'object_type', 'group']) query[name] = params.get(name) || undefined;
  const go = (changes) => {
    const next = new URLSearchParams(params);
    next.set('epoch', epoch);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    location.hash = `#/snapshot?${next}`;
  };
  // A heading sorts every object of the snapshot, not only this page: the server sorts, the
  // view starts again at page 1. The same heading again reverses the order.
  const heading = ([name, label, , sortable]) => {
    if (!sortable) return label;
    const current = sort === name;
    return el('button', { type: 'button', class: 'sort', 'data-field': name,
      'aria-sort': current ? (descending ? 'descending' : 'ascending') : null,
      onclick: () => go({ sort: name, order: current && !descending ? 'desc' : null, page: null }) }, label);
  };
  api('/state', query).then((answer) => {
    const { total, total_pages: pages } = answer.pagination;
    const order = sort ? `, by ${COLUMNS.find(([name]) => name === sort)?.[1] ?? sort} ${descending ? 'descending' : 'ascending'}` : '';
    // (replaceChildren would write a null as the text "null": absent parts are left out.)
    results.replaceChildren(...[
      el('p', { id: 'snapshot-count' }, `${total} objects${order}; sort by a column's heading.`),
      coverageLine(answer.meta?.coverage),
      answer.meta?.errors ? el('p', { class: 'hint' }, `${answer.meta.errors} on this page have no state at this epoch `
        + '(hover "no state" for why: mostly a nearest set more than 30 days away). ',
      ['HEIGHT_KM', 'LATITUDE_DEG', 'LONGITUDE_DEG'].includes(sort) ? null
        : el('button', { type: 'button', id: 'states-first', onclick: () => go({ sort: 'HEIGHT_KM', order: null, page: null }) },
          'Show objects with a state first')) : null,
      scrollingTable(`Objects at ${epoch} UTC, page ${answer.pagination.page} of ${pages}`,
        COLUMNS.map(heading),
        answer.data.map(row)),
      el('nav', { class: 'pages', 'aria-label': 'Pages' },
        el('button', { type: 'button', disabled: page <= 1, onclick: () => go({ page: String(page - 1) }) }, '← Previous'),
        el('span', {}, ` Page ${page} of ${Math.max(1, pages)} `),
        el('button', { type: 'button', disabled: page >= pages, onclick: () => go({ page: String(page + 1) }) }, 'Next →')),
    ].filter((part) => part !== null));
    // After a sort the keyboard stays on the heading that was pressed.
    if (sort) results.querySelector(`th button[data-field="${sort}"]`)?.focus({ preventScroll: true });
  }, (error) => results.replaceChildren(message(error.message)));
}
