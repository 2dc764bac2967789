// Search: by name, NORAD id(s), international designator, and CelesTrak group.
import { api } from './api.js';
import { coverageLine, el, message, qualityText, scrollingTable } from './dom.js';

const GROUPS = ['stations', 'starlink', 'oneweb', 'gps-ops', 'glo-ops', 'galileo', 'beidou',
  'weather', 'geo', 'active', 'analyst', 'last-30-days'];
const INTDES = /^\d{4}-\d{3}[A-Z]{0,3}$/i;
const IDS = /^\d+(\s*,\s*\d+)*$/;

// The /gp parameters of what was typed: ids, a designator, or a piece of a name.
function queryOf(text, group) {
  const params = { per_page: 50, group };
  text = text.trim();
  if (IDS.test(text)) params.norad_ids = text.replace(/\s+/g, '');
  else if (INTDES.test(text)) params.intdes = text.toUpperCase();
  else if (text) params.search = text;
  return params;
}

export function showSearch(main, params) {
  const text = params.get('q') || '';
  const group = params.get('group') || '';
  const input = el('input', { id: 'q', name: 'q', type: 'search', value: text,
    placeholder: 'ISS, 25544 or 1998-067A', autocomplete: 'off' });
  const groups = el('select', { id: 'group', name: 'group' },
    el('option', { value: '' }, 'Any group'),
    GROUPS.map((g) => el('option', { value: g, selected: g === group }, g)));
  const form = el('form', { class: 'search', role: 'search', onsubmit: (event) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (input.value.trim()) next.set('q', input.value.trim());
    if (groups.value) next.set('group', groups.value);
    location.hash = `#/?${next}`;
  } },
  el('div', { class: 'field' }, el('label', { for: 'q' }, 'Name, NORAD id or international designator'), input),
  el('div', { class: 'field' }, el('label', { for: 'group' }, 'Group'), groups),
  el('button', { type: 'submit' }, 'Search'));
  const results = el('section', { id: 'results', 'aria-live': 'polite' });
  main.append(el('h1', {}, 'Find an object'), form, results);
  if (!text && !group) {
    results.append(el('p', { class: 'hint' },
      'Type a name (ISS, STARLINK-1008), one or more NORAD ids (25544, 48274) or a designator ' +
      '(1998-067A); or pick a group. Then open an object for its history, plots and events.'));
    input.focus();
    return;
  }
  results.append(el('p', {}, 'Searching…'));
  api('/gp', { ...queryOf(text, group), include: 'quality,coverage' }).then((answer) => {
    const rows = answer.data.map((set) => el('tr', {},
      el('td', {}, el('a', { href: `#/object/${set.NORAD_CAT_ID}` }, String(set.NORAD_CAT_ID))),
      el('td', {}, el('a', { href: `#/object/${set.NORAD_CAT_ID}` }, set.OBJECT_NAME || '(no name)')),
      el('td', { text: set.OBJECT_ID || '' }),
      el('td', { text: set.EPOCH.replace('T', ' ') }),
      el('td', { class: 'num', text: set.PERIGEE_KM.toFixed(0) }),
      el('td', { class: 'num', text: set.APOGEE_KM.toFixed(0) }),
      el('td', { class: 'num', text: set.INCLINATION.toFixed(2) }),
      el('td', { class: 'quality', text: qualityText(set._quality) })));
    const total = answer.pagination.total;
    results.replaceChildren(
      el('p', { id: 'result-count' }, total === 0 ? 'No object matches.'
        : `${total} object${total === 1 ? '' : 's'}${total > rows.length ? `, the first ${rows.length} shown` : ''}.`),
      coverageLine(answer.meta?.coverage),
      rows.length ? scrollingTable('Matching objects', ['NORAD', 'Name', 'Designator',
        'Latest epoch (UTC)', 'Perigee km', 'Apogee km', 'Incl. °', 'Quality'], rows) : '');
  }, (error) => results.replaceChildren(error.status === 404
    // A search that matches nothing is 404, as every list of the API.
    ? el('p', { id: 'result-count' }, 'No object matches.')
    : message(error.message)));
}
