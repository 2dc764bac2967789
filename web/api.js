// The page's one way to the API: the key from localStorage in X-Api-Key, a 403 turned into
// a request for a key, a 429 waited out as Retry-After says (and shown), errors as messages.
const KEY_STORE = 'gpq.apiKey';
const MAX_RETRIES = 5;

export class ApiError extends Error {
  constructor(status, name, message) {
    super(message);
    this.status = status;
    this.name = name || 'Error';
  }
}

export function apiKey() {
  return localStorage.getItem(KEY_STORE) || '';
}

export function setApiKey(key) {
  if (key) localStorage.setItem(KEY_STORE, key);
  else localStorage.removeItem(KEY_STORE);
}

const hooks = {
  // async (message) => resolves once the user saved a key (or rejects when they gave up)
  askKey: null,
  // (text | null, kind) => shows or hides the notice line
  notice: () => {},
};

export function onKeyNeeded(ask) { hooks.askKey = ask; }
export function onNotice(show) { hooks.notice = show; }

// Counts down in the notice so that the wait is visible, then resolves.
async function waitOut(seconds, path) {
  for (let left = seconds; left > 0; left--) {
    hooks.notice(`Too many requests (429): the server asked to wait; retrying ${path} in ${left} s…`, 'warn');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function errorOf(res) {
  const body = await res.json().catch(() => ({}));
  return new ApiError(res.status, body.error, body.message || `${res.status} ${res.statusText}`);
}

// GET /api/v1{path}?params; JSON unless `as` is 'text'.
export async function api(path, params = {}, { as = 'json' } = {}) {
  const url = new URL(`/api/v1${path}`, location.origin);
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(name, value);
  }
  let waited = false;
  for (let attempt = 0; ; attempt++) {
    const key = apiKey();
    const res = await fetch(url, { headers: key ? { 'X-Api-Key': key } : {} });
    if (res.status === 429 && attempt < MAX_RETRIES) {
      const asked = Number.parseInt(res.headers.get('Retry-After') || '1', 10);
      await waitOut(Math.min(120, Math.max(1, Number.isFinite(asked) ? asked : 1)), path);
      waited = true;
      continue;
    }
    if (res.status === 403 && hooks.askKey && attempt < MAX_RETRIES) {
      const refused = await errorOf(res);
      await hooks.askKey(key
        ? `The server refused the saved API key: ${refused.message}. Enter a valid key.`
        : 'This server needs an API key. Enter yours; it is kept in this browser only.');
      continue;
    }
    if (!res.ok) throw await errorOf(res);
    if (waited) hooks.notice('Answered after waiting for the rate limit (429).', 'info');
    return as === 'text' ? res.text() : res.json();
  }
}
