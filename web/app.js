// The page's entry: routes (#/, #/object/ID, #/snapshot), the key dialog and the notice line.
import { onKeyNeeded, onNotice, apiKey, setApiKey } from './api.js';
import { showSearch } from './search.js';
import { showObject } from './object.js';
import { showSnapshot } from './snapshot.js';

const main = document.getElementById('main');
const notice = document.getElementById('notice');
const dialog = document.getElementById('key-dialog');
const keyInput = document.getElementById('key-input');
const keyMessage = document.getElementById('key-message');

let noticeTimer = 0;
onNotice((text, kind = 'info') => {
  clearTimeout(noticeTimer);
  notice.hidden = !text;
  notice.textContent = text || '';
  notice.className = kind;
  if (text && kind === 'info') noticeTimer = setTimeout(() => { notice.hidden = true; }, 8000);
});

// One dialog at a time: requests refused together wait for the same answer.
let pendingKey = null;
function askKey(text) {
  if (pendingKey) return pendingKey;
  keyMessage.textContent = text;
  keyInput.value = '';
  pendingKey = new Promise((resolve, reject) => {
    dialog.addEventListener('close', () => {
      pendingKey = null;
      if (dialog.returnValue === 'save' && keyInput.value.trim()) {
        setApiKey(keyInput.value.trim());
        resolve();
      } else {
        if (dialog.returnValue === 'clear') setApiKey('');
        reject(new Error('No API key was given; the page cannot ask the server without one.'));
      }
    }, { once: true });
  });
  dialog.showModal();
  keyInput.focus();
  return pendingKey;
}
onKeyNeeded(askKey);

document.getElementById('key-button').addEventListener('click', () => {
  askKey(apiKey() ? 'A key is saved in this browser. Enter another to replace it.'
    : 'No key is saved. Servers started with --no-auth need none.')
    .then(route, () => {});
});

// Aborted when the page shows another view, so that a view ends what it follows (a stream).
let leaving = new AbortController();

function route() {
  leaving.abort();
  leaving = new AbortController();
  const hash = location.hash.replace(/^#/, '') || '/';
  const [path, query = ''] = hash.split('?');
  const params = new URLSearchParams(query);
  for (const link of document.querySelectorAll('nav a')) {
    const current = (link.dataset.view === 'snapshot') === path.startsWith('/snapshot');
    if (current && !path.startsWith('/object/')) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  main.replaceChildren();
  const object = path.match(/^\/object\/(\d+)$/);
  if (object) showObject(main, Number(object[1]), params, leaving.signal);
  else if (path.startsWith('/snapshot')) showSnapshot(main, params);
  else showSearch(main, params);
}

window.addEventListener('hashchange', () => { route(); main.focus({ preventScroll: true }); });
route();
