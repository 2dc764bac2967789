// Small helpers for building the views: elements, numbers and times as the page shows them.
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
    else if (name === 'text') node.textContent = value;
    else node.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children.flat()) {
    if (child !== undefined && child !== null) node.append(child);
  }
  return node;
}

// A table that scrolls sideways on a phone instead of widening the page.
export function scrollingTable(caption, header, rows) {
  return el('div', { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': caption },
    el('table', {},
      el('caption', { text: caption }),
      el('thead', {}, el('tr', {}, header.map((h) => el('th', { scope: 'col' }, h)))),
      el('tbody', {}, rows)));
}

// "2026-06-01 12:34:56Z" from unix seconds.
export function utc(seconds) {
  return new Date(seconds * 1000).toISOString().replace('T', ' ').replace(/\.\d+Z$/, 'Z');
}

export function number(value, digits = 3) {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  return Math.abs(value) !== 0 && (Math.abs(value) < 1e-3 || Math.abs(value) >= 1e6)
    ? value.toExponential(digits)
    : value.toFixed(digits);
}

export function message(text, kind = 'error') {
  return el('p', { class: `message ${kind}`, role: kind === 'error' ? 'alert' : 'status', text });
}

// A set's quality flags (`_quality`) in words: "stale, decayed", or "no flag".
export function qualityText(flags) {
  return flags && flags.length ? flags.join(', ').replaceAll('_', ' ') : 'no flag';
}

// An answer's coverage (`include=coverage`, meta.coverage) as one line: how much of the catalog
// it stands on, and when each source last synced.
export function coverageLine(coverage) {
  if (!coverage) return '';
  const syncs = Object.entries(coverage.last_sync || {})
    .map(([source, at]) => `${source} ${at.replace('T', ' ').replace(/\.\d+Z$/, 'Z')}`);
  return el('p', { class: 'coverage', id: 'coverage' },
    `Stands on ${coverage.on_orbit} objects in orbit (SATCAT) at ${coverage.at.replace('T', ' ').replace(/\.\d+Z$/, 'Z')}: `
    + `${coverage.with_set_within_1d} with a set within 1 day, ${coverage.with_set_within_3d} within 3 days, `
    + `${coverage.with_set_within_30d} within 30 days. `
    + (syncs.length ? `Last sync: ${syncs.join(', ')}.` : 'No sync yet.'));
}
