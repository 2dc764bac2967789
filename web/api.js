// The page's one way to the API: the key from localStorage in X-Api-Key, a 403 turned into
// a request for a key, a 429 waited out as Retry-After says (and shown), errors as messages;
// answers read whole (api) or followed as a stream of events (follow).
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

function apiUrl(path, params) {
  const url = new URL(`/api/v1${path}`, location.origin);
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(name, value);
  }
  return url;
}

// fetch with the key and `headers`; resolves to the answer once it is ok (a 429 waited out, a
// 403 turned into a request for a key), or throws an ApiError.
async function send(url, path, headers = {}, signal = undefined) {
  let waited = false;
  for (let attempt = 0; ; attempt++) {
    const key = apiKey();
    const res = await fetch(url, { headers: key ? { ...headers, 'X-Api-Key': key } : headers, signal });
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
    return res;
  }
}

// GET /api/v1{path}?params; JSON unless `as` is 'text'.
export async function api(path, params = {}, { as = 'json' } = {}) {
  const res = await send(apiUrl(path, params), path);
  return as === 'text' ? res.text() : res.json();
}

// Server-sent events as they come, in text chunks (docs/STREAM.md): a message is its field
// lines up to a blank line; lines starting with ':' are comments (the keep-alives). The id
// counts as received only with its message, so that a connection lost in the middle of one
// resumes before it. Calls onMessage(kind, data, id).
function eventParser(stream, onMessage) {
  let buffer = '';
  let kind = '';
  let data = [];
  let id = null;
  return (text) => {
    buffer += text;
    // A CR at the end may be the first half of a CRLF: it waits for the next chunk.
    const end = buffer.endsWith('\r') ? buffer.length - 1 : buffer.length;
    const lines = buffer.slice(0, end).split(/\r\n|\r|\n/);
    buffer = lines.pop() + buffer.slice(end);
    for (const line of lines) {
      if (line === '') {
        if (id !== null) stream.lastId = id;
        if (data.length) onMessage(kind || 'message', data.join('\n'), stream.lastId);
        [kind, data, id] = ['', [], null];
      } else if (!line.startsWith(':')) {
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'data') data.push(value);
        else if (field === 'event') kind = value;
        else if (field === 'id') id = value;
        else if (field === 'retry' && /^\d+$/.test(value)) stream.retry = Number(value);
      }
    }
  };
}

// One connection: reads the stream until it ends; throws when it cannot be opened or breaks.
// Open means the first chunk came (`retry:`): from then on the server counts every change for
// this connection, which its head alone does not promise.
async function readStream(url, path, stream, onMessage, signal, onOpen) {
  const headers = { Accept: 'text/event-stream' };
  if (stream.lastId) headers['Last-Event-ID'] = stream.lastId;
  const res = await send(url, path, headers, signal);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const parse = eventParser(stream, onMessage);
  let opened = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      if (!opened) {
        opened = true;
        onOpen();
      }
      parse(decoder.decode(value, { stream: true }));
    }
  } finally {
    // Whatever ended the reading (an error of the page's own too), the connection goes with it.
    reader.cancel().catch(() => {});
  }
}

// Resolves after `ms`, or at once when `signal` aborts.
function pause(ms, signal) {
  return new Promise((resolve) => {
    const done = () => { clearTimeout(timer); signal.removeEventListener('abort', done); resolve(); };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

// Lost connections are followed again; a refusal (a bad parameter, no key) or the page's own
// error is not.
function worthRetrying(error) {
  if (error instanceof ApiError) return error.status === 429 || error.status >= 500;
  return error instanceof TypeError;
}

// Follows the server-sent events of GET /api/v1{path}?params until `signal` aborts, calling
// onEvent(kind, data, id) with each message's data parsed. fetch rather than EventSource,
// which cannot send X-Api-Key. When the connection breaks or the stream ends it is opened
// again after the server's `retry:` (1 s), with Last-Event-ID the last id received, so that
// no change is missed. onState tells the page: ('open', missed) once the stream is read,
// `missed` true when it reopened before any id came (the changes in between may be lost:
// the page reads again what it shows), ('lost', error or null). Rejects on an error not
// worth retrying.
export async function follow(path, params, onEvent, signal, onState = () => {}) {
  const url = apiUrl(path, params);
  const stream = { lastId: '', retry: 1000 };
  const onMessage = (kind, data, id) => onEvent(kind, JSON.parse(data), id);
  let connections = 0;
  const onOpen = () => onState('open', connections++ > 0 && !stream.lastId);
  while (!signal.aborted) {
    try {
      await readStream(url, path, stream, onMessage, signal, onOpen);
      onState('lost', null);
    } catch (error) {
      if (signal.aborted) return;
      if (!worthRetrying(error)) throw error;
      onState('lost', error);
    }
    await pause(stream.retry, signal);
  }
}
