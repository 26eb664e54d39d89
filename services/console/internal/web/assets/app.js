// Docket console: a small single-page app over the console's /api/. Plain
// JavaScript, no build step, no network but its own origin. Every piece of
// data enters the page as text (textContent), never as HTML.
'use strict';

const TYPES = ['bank_statement', 'contract', 'id_document', 'insurance_claim', 'invoice', 'medical_record', 'other', 'purchase_order', 'receipt', 'tax_form'];
const STATUSES = ['queued', 'running', 'waiting_review', 'retrying', 'parked', 'completed', 'failed', 'canceled', 'timed_out', 'compensating', 'compensated', 'compensation_failed'];
const STAGES = ['ingest', 'ocr', 'classify', 'review', 'ledger'];
const TERMINAL = new Set(['completed', 'failed', 'canceled', 'timed_out', 'compensated', 'compensation_failed']);

let me = null;          // the signed-in person (GET /api/session)
let cleanup = [];       // what the current view must stop when left
const main = document.getElementById('main');

// h builds an element: h('a', {href: '#'}, 'text', child...).
function h(tag, attrs, ...kids) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'class') el.className = v;
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? '' : v);
  }
  for (const kid of kids.flat()) {
    if (kid === null || kid === undefined || kid === false) continue;
    el.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
  return el;
}

function announce(msg) {
  const a = document.getElementById('announce');
  a.textContent = '';
  setTimeout(() => { a.textContent = msg; }, 50);
}

class APIError extends Error {
  constructor(status, msg) { super(msg); this.status = status; }
}

async function api(method, path, body) {
  const opt = { method, credentials: 'same-origin', headers: {} };
  if (method !== 'GET') {
    opt.headers['Content-Type'] = 'application/json';
    opt.headers['X-CSRF-Token'] = me ? me.csrf : '';
    opt.body = JSON.stringify(body || {});
  }
  const res = await fetch(path, opt);
  let data = null;
  try { data = await res.json(); } catch (e) { data = null; }
  if (!res.ok) {
    if (res.status === 401 && path !== '/api/session') { me = null; location.hash = '#/login'; }
    throw new APIError(res.status, (data && data.error) || res.statusText);
  }
  return data;
}

const enc = encodeURIComponent;
function fmtTime(t) { if (!t || t.startsWith('0001')) return '—'; return new Date(t).toLocaleString(); }
function ago(t) {
  if (!t || t.startsWith('0001')) return '—';
  return dur((Date.now() - new Date(t).getTime()) / 1000) + ' ago';
}
// score writes a confidence to two decimals, cut, not rounded, as the
// server's words, the CLI and the classifier's flags do (pkg/events'
// ScoreText): 0.7781 is 0.77 everywhere a person reads it.
function score(s) { return (Math.floor(Number(s || 0) * 100 + 1e-9) / 100).toFixed(2); }
function dur(s) {
  if (s === null || s === undefined || isNaN(s)) return '—';
  s = Math.max(0, s);
  if (s < 1) return (s * 1000).toFixed(0) + ' ms';
  if (s < 60) return s.toFixed(s < 10 ? 1 : 0) + ' s';
  if (s < 3600) return Math.floor(s / 60) + ' min ' + Math.floor(s % 60) + ' s';
  if (s < 86400) return Math.floor(s / 3600) + ' h ' + Math.floor((s % 3600) / 60) + ' min';
  return Math.floor(s / 86400) + ' d ' + Math.floor((s % 86400) / 3600) + ' h';
}
function words(s) { return (s || '').replace(/_/g, ' '); }
function badge(status, stalled) {
  return [h('span', { class: 'badge s-' + status }, words(status)), stalled ? h('span', { class: 'badge s-stalled' }, 'stalled') : null];
}
function errorBox(e) { return h('p', { class: 'error', role: 'alert' }, String(e.message || e)); }

// confirmAction opens the confirmation dialog; resolves to the reason, or
// null when backed out.
function confirmAction(title, text, { reasonLabel = 'Reason', needReason = false, action = 'Confirm' } = {}) {
  const dlg = document.getElementById('confirm');
  document.getElementById('confirm-title').textContent = title;
  document.getElementById('confirm-text').textContent = text;
  document.getElementById('confirm-reason-label').textContent = reasonLabel + (needReason ? ' (required)' : ' (optional)');
  const reason = document.getElementById('confirm-reason');
  const err = document.getElementById('confirm-error');
  const yes = document.getElementById('confirm-yes');
  yes.textContent = action;
  reason.value = ''; err.textContent = '';
  return new Promise((resolve) => {
    const form = document.getElementById('confirm-form');
    const no = document.getElementById('confirm-no');
    const done = (v) => { form.onsubmit = null; no.onclick = null; dlg.oncancel = null; dlg.close(); resolve(v); };
    form.onsubmit = (ev) => {
      ev.preventDefault();
      if (needReason && !reason.value.trim()) { err.textContent = 'Give a reason.'; reason.focus(); return; }
      done(reason.value.trim());
    };
    no.onclick = () => done(null);
    dlg.oncancel = (ev) => { ev.preventDefault(); done(null); };
    dlg.showModal();
    reason.focus();
  });
}

// ---------- routing ----------

const routes = [
  [/^#\/login$/, viewLogin],
  [/^#\/workflows\/(.+)$/, viewWorkflow],
  [/^#\/workflows$/, viewWorkflows],
  [/^#\/reviews\/(.+)$/, viewReviewTask],
  [/^#\/reviews$/, viewReviews],
  [/^#\/dlq$/, viewDLQ],
  [/^#\/overview$/, viewOverview],
];

async function route() {
  for (const f of cleanup) { try { f(); } catch (e) { /* gone */ } }
  cleanup = [];
  const hash = location.hash || '#/workflows';
  if (!me && hash !== '#/login') {
    try { me = await api('GET', '/api/session'); } catch (e) { location.hash = '#/login'; return; }
  }
  renderChrome();
  for (const [re, view] of routes) {
    const m = hash.match(re);
    if (m) {
      main.replaceChildren(h('p', {}, 'Loading…'));
      try { await view(...m.slice(1).map(decodeURIComponent)); } catch (e) { main.replaceChildren(errorBox(e)); }
      const h1 = main.querySelector('h1');
      if (h1) { h1.tabIndex = -1; h1.focus({ preventScroll: true }); document.title = h1.textContent + ' · Docket'; }
      return;
    }
  }
  location.hash = '#/workflows';
}

function renderChrome() {
  const nav = document.getElementById('nav');
  const who = document.getElementById('who');
  nav.hidden = !me;
  const section = (location.hash.split('/')[1] || 'workflows');
  for (const a of nav.querySelectorAll('a')) {
    if (a.dataset.section === section) a.setAttribute('aria-current', 'page'); else a.removeAttribute('aria-current');
  }
  who.replaceChildren();
  if (me) {
    who.append(h('span', {}, me.name + ' · ' + me.role + (me.tenant ? ' · tenant ' + me.tenant : '')),
      h('button', { type: 'button', onclick: signOut }, 'Sign out'));
  }
}

async function signOut() {
  try { await api('POST', '/api/session/end'); } catch (e) { /* already gone */ }
  me = null;
  sessionStorage.clear(); // the next person starts with no filters of ours
  location.hash = '#/login';
}

// ---------- sign-in ----------

async function viewLogin() {
  let open = false;
  try { me = await api('GET', '/api/session'); location.hash = '#/workflows'; return; } catch (e) { open = false; }
  try { await fetch('/api/session').then((r) => r.json()).then((d) => { open = !!d.open; }); } catch (e) { /* ignore */ }
  renderChrome();
  const err = h('p', { class: 'error', role: 'alert', id: 'login-error' });
  const token = h('input', { id: 'token', type: 'password', autocomplete: 'current-password', required: !open, 'aria-describedby': 'token-help' });
  const form = h('form', { class: 'login', onsubmit: async (ev) => {
    ev.preventDefault();
    err.textContent = '';
    try {
      me = await api('POST', '/api/session', { token: token.value });
      sessionStorage.clear();
      location.hash = '#/workflows';
    } catch (e) { err.textContent = e.message; token.focus(); }
  } },
  h('h1', {}, 'Sign in to Docket'),
  open ? h('p', {}, 'This console runs in the embedded mode, without authentication: you sign in as the local operator.') : null,
  open ? null : h('label', { for: 'token' }, 'Access token'),
  open ? null : token,
  open ? null : h('span', { id: 'token-help', class: 'muted' }, 'Your token from the principals file (tenant, reviewer or operator).'),
  h('button', { class: 'primary', type: 'submit', id: 'sign-in' }, open ? 'Continue as the local operator' : 'Sign in'),
  err);
  main.replaceChildren(form);
}

// ---------- workflows ----------

function filtersFromHash() {
  const p = new URLSearchParams(sessionStorage.getItem('wf-filters') || '');
  return p;
}

async function viewWorkflows() {
  const t0 = performance.now();
  const params = filtersFromHash();
  const field = (id, label, input) => h('div', {}, h('label', { for: id }, label), input);
  const sel = (id, opts, val) => h('select', { id, name: id }, h('option', { value: '' }, 'any'),
    opts.map((o) => h('option', { value: o, selected: o === val }, words(o))));
  const status = sel('f-status', STATUSES, params.get('status'));
  const stage = sel('f-stage', STAGES, params.get('stage'));
  const type = sel('f-type', TYPES, params.get('type'));
  const tenant = h('input', { id: 'f-tenant', name: 'tenant', value: params.get('tenant') || '', size: 10 });
  const age = h('select', { id: 'f-age' }, [['', 'any'], ['5m', 'older than 5 min'], ['1h', 'older than 1 h'], ['24h', 'older than 1 day']]
    .map(([v, l]) => h('option', { value: v, selected: v === (params.get('age') || '') }, l)));
  const stalled = h('input', { id: 'f-stalled', type: 'checkbox', checked: params.get('stalled') === 'true' });
  const q = h('input', { id: 'f-q', type: 'search', value: params.get('q') || '', placeholder: 'id or file name', size: 24 });
  const live = h('span', { class: 'live', id: 'live', role: 'status' }, 'connecting…');
  const tbody = h('tbody', { id: 'wf-rows' });
  const more = h('button', { type: 'button', id: 'more', hidden: true }, 'Load more');
  const count = h('span', { class: 'muted', id: 'wf-count' });
  const form = h('form', { class: 'filters', role: 'search', 'aria-label': 'Filter workflows', onsubmit: (ev) => { ev.preventDefault(); apply(); } },
    field('f-status', 'Status', status), field('f-stage', 'Stage', stage), field('f-type', 'Document type', type),
    me.role === 'tenant' ? null : field('f-tenant', 'Tenant', tenant), field('f-age', 'Age', age),
    h('div', { class: 'check' }, stalled, h('label', { for: 'f-stalled' }, 'Stalled only')),
    field('f-q', 'Search', q), h('button', { type: 'submit', class: 'primary' }, 'Apply'), live);
  for (const el of [status, stage, type, age, stalled]) el.addEventListener('change', () => apply());
  main.replaceChildren(h('h1', {}, 'Workflows'), form,
    h('div', { class: 'table-wrap' }, h('table', { id: 'wf-table' },
      h('caption', {}, 'Newest first; updates live. ', count),
      h('thead', {}, h('tr', {}, ['Workflow', 'File', 'Type', 'Tenant', 'Status', 'Stage', 'Updated'].map((c) => h('th', { scope: 'col' }, c)))),
      tbody)), more);

  const rows = new Map(); // id -> tr
  let nextToken = '';
  let current = new URLSearchParams();

  function rowOf(w) {
    const tr = h('tr', { dataset: { id: w.id } },
      h('td', { class: 'id' }, h('a', { href: '#/workflows/' + enc(w.id) }, w.id)),
      h('td', { class: 'file' }, w.filename || ''),
      h('td', { class: 'type' }, words(w.document_type || '')),
      h('td', {}, w.tenant),
      h('td', { class: 'status' }, badge(w.status, w.stalled)),
      h('td', { class: 'stage' }, w.stage),
      h('td', { class: 'updated' }, h('time', { datetime: w.updated_at }, ago(w.updated_at))));
    tr.dataset.status = w.status;
    return tr;
  }

  async function fillMeta(ids) {
    ids = ids.filter((id) => { const tr = rows.get(id); return tr && (!tr.querySelector('.file').textContent || !tr.querySelector('.type').textContent); });
    if (!ids.length) return;
    for (let i = 0; i < ids.length; i += 100) {
      const part = ids.slice(i, i + 100);
      let meta;
      try { meta = await api('GET', '/api/workflows/meta?ids=' + part.map(enc).join(',')); } catch (e) { return; }
      for (const [id, m] of Object.entries(meta)) {
        const tr = rows.get(id);
        if (!tr) continue;
        if (m.filename) tr.querySelector('.file').textContent = m.filename;
        tr.querySelector('.type').textContent = words(m.document_type || '');
      }
    }
  }

  let seq = 0; // the latest load; an older answer arriving late is dropped
  async function load(append) {
    const mine = ++seq;
    const p = new URLSearchParams(current);
    if (append && nextToken) p.set('page_token', nextToken);
    const t1 = performance.now();
    const res = await api('GET', '/api/workflows?' + p.toString());
    if (mine !== seq) return;
    const frag = document.createDocumentFragment();
    for (const w of res.workflows) {
      const tr = rowOf(w);
      rows.set(w.id, tr);
      frag.append(tr);
    }
    if (!append) tbody.replaceChildren();
    tbody.append(frag);
    nextToken = res.next_page_token || '';
    more.hidden = !nextToken;
    count.textContent = rows.size + ' shown' + (nextToken ? ' (more below)' : '');
    const t2 = performance.now();
    document.body.dataset.listRenderMs = (t2 - t1).toFixed(1);
    document.body.dataset.listViewMs = (t2 - t0).toFixed(1);
    document.body.dataset.listRows = String(rows.size);
    document.body.dataset.listAtMs = t2.toFixed(1); // since the page began to load
    // A document type exists once classified: only then is ingest asked.
    fillMeta(res.workflows.filter((w) => !w.filename || (!w.document_type && ['completed', 'waiting_review'].includes(w.status) || ['review', 'ledger'].includes(w.stage))).map((w) => w.id));
  }

  function apply() {
    current = new URLSearchParams();
    if (status.value) current.set('status', status.value);
    if (stage.value) current.set('stage', stage.value);
    if (type.value) current.set('type', type.value);
    if (tenant.value.trim()) current.set('tenant', tenant.value.trim());
    if (age.value) current.set('age', age.value);
    if (stalled.checked) current.set('stalled', 'true');
    if (q.value.trim()) current.set('q', q.value.trim());
    sessionStorage.setItem('wf-filters', current.toString());
    rows.clear();
    load(false).catch((e) => tbody.replaceChildren(h('tr', {}, h('td', { colspan: 7 }, errorBox(e)))));
  }
  more.addEventListener('click', () => load(true));

  // Live: each change updates its row, or adds a new workflow on top when
  // the list shows the newest and no filter but status/tenant hides it.
  const es = new EventSource('/api/events');
  cleanup.push(() => es.close());
  es.onopen = () => { live.textContent = 'live'; live.classList.add('on'); };
  es.onerror = () => { live.textContent = 'reconnecting…'; live.classList.remove('on'); };
  es.addEventListener('reset', () => apply());
  let pendingMeta = [];
  let metaTimer = null;
  es.addEventListener('change', (ev) => {
    const c = JSON.parse(ev.data);
    let tr = rows.get(c.workflow_id);
    const fits = (!current.get('status') || current.get('status') === c.status) && (!current.get('tenant') || current.get('tenant') === c.tenant)
      && (!current.get('stage') || current.get('stage') === c.stage) && !current.get('type') && !current.get('q') && !current.get('age') && !current.get('stalled');
    if (!tr) {
      if (!fits) return;
      tr = rowOf({ id: c.workflow_id, tenant: c.tenant, status: c.status, stage: c.stage, updated_at: c.at });
      tr.classList.add('fresh');
      rows.set(c.workflow_id, tr);
      tbody.prepend(tr);
      count.textContent = rows.size + ' shown';
      pendingMeta.push(c.workflow_id);
    } else {
      tr.querySelector('.status').replaceChildren(...badge(c.status, false).filter(Boolean));
      tr.querySelector('.stage').textContent = c.stage;
      tr.querySelector('.updated').replaceChildren(h('time', { datetime: c.at }, ago(c.at)));
      tr.dataset.status = c.status;
      if (c.status === 'completed' || c.status === 'waiting_review') pendingMeta.push(c.workflow_id); // a type is known now
    }
    if (!metaTimer) {
      metaTimer = setTimeout(() => {
        const ids = pendingMeta; pendingMeta = []; metaTimer = null;
        for (const id of ids) { const r = rows.get(id); if (r) r.querySelector('.type').textContent = ''; }
        fillMeta(ids);
      }, 700);
    }
  });
  const tick = setInterval(() => {
    for (const t of tbody.querySelectorAll('time')) t.textContent = ago(t.getAttribute('datetime'));
  }, 15000);
  cleanup.push(() => clearInterval(tick));
  current = params;
  await load(false);
}

// ---------- one workflow ----------

async function viewWorkflow(id) {
  const box = h('div', { id: 'wf' });
  main.replaceChildren(h('h1', {}, 'Workflow ' + id), box);
  let textLoaded = false;
  async function refresh() {
    const d = await api('GET', '/api/workflows/' + enc(id));
    renderWorkflow(box, d, textLoaded);
    if (!textLoaded && d.document && d.document.text) {
      textLoaded = true;
      loadText(id, d.document);
    } else if (textLoaded && d.document) {
      if (!document.getElementById('pages').childElementCount) loadText(id, d.document);
    }
  }
  await refresh();
  let timer = null;
  const es = new EventSource('/api/workflows/' + enc(id) + '/events');
  es.addEventListener('change', () => {
    if (timer) return;
    timer = setTimeout(() => { timer = null; refresh().catch(() => {}); }, 400);
  });
  cleanup.push(() => { es.close(); clearTimeout(timer); });
}

function renderWorkflow(box, d, keepPages) {
  const w = d.workflow;
  const oldPages = keepPages ? document.getElementById('pages') : null;
  const cls = w.stalled || ['parked', 'failed', 'timed_out', 'compensation_failed'].includes(w.status) ? 'explain bad' : (w.status === 'waiting_review' || w.status === 'retrying' ? 'explain warn' : 'explain');
  const actions = h('div', { class: 'actions' });
  if (!TERMINAL.has(w.status)) {
    actions.append(h('button', { type: 'button', class: 'danger', id: 'cancel', onclick: async () => {
      const reason = await confirmAction('Cancel workflow', 'Cancel workflow ' + w.id + '? Each service stops before its next side effect and the workflow ends canceled. This is recorded in the audit log under your name.', { needReason: true, action: 'Cancel workflow' });
      if (reason === null) return;
      try { await api('POST', '/api/workflows/' + enc(w.id) + '/cancel', { reason }); announce('Cancel requested.'); } catch (e) { alert(e.message); }
    } }, 'Cancel…'));
  }
  if (me.role === 'operator' && (d.parked || []).some((p) => p.kind !== 'review')) {
    actions.append(h('button', { type: 'button', id: 'replay', onclick: async () => {
      const reason = await confirmAction('Replay workflow', 'Send its parked items back to their services? Do this once the cause is fixed. Recorded in the audit log.', { action: 'Replay' });
      if (reason === null) return;
      try { await api('POST', '/api/workflows/' + enc(w.id) + '/replay', { reason }); announce('Replayed.'); } catch (e) { alert(e.message); }
    } }, 'Replay…'));
  }
  if (me.role === 'operator' && w.status === 'completed' && w.ledger && !w.erased_at) {
    const typeSel = h('select', { id: 'correct-wf-type', 'aria-label': 'Corrected document type' },
      TYPES.map((x) => h('option', { value: x, selected: x === w.document_type }, words(x))));
    const outcomeSel = h('select', { id: 'correct-wf-outcome', 'aria-label': 'Corrected outcome' },
      [['', 'Keep the outcome'], ['approved', 'Approved'], ['rejected', 'Rejected']].map(([v, t]) => h('option', { value: v }, t)));
    actions.append(typeSel, outcomeSel, h('button', { type: 'button', id: 'correct', onclick: async () => {
      const reason = await confirmAction('Correct workflow', 'Correct workflow ' + w.id + ' to ' + words(typeSel.value) + (outcomeSel.value ? ', ' + outcomeSel.value : '') +
        '? The ledger keeps its record and appends a signed reversal and the corrected record; the tenant gets a corrected callback. Recorded in the audit log under your name.', { needReason: true, action: 'Correct' });
      if (reason === null) return;
      try { await api('POST', '/api/workflows/' + enc(w.id) + '/correct', { document_type: typeSel.value, outcome: outcomeSel.value, reason }); announce('Correction requested.'); } catch (e) { alert(e.message); }
    } }, 'Correct…'));
  }
  if (me.role === 'operator' && !w.erased_at) {
    actions.append(h('button', { type: 'button', class: 'danger', id: 'erase', onclick: async () => {
      const reason = await confirmAction('Erase workflow', 'Erase workflow ' + w.id + '? Its document and text are deleted for good, and the file name and reasons in words are dropped everywhere; the ledger keeps hashes and decisions. This cannot be undone. Recorded in the audit log under your name.', { needReason: true, action: 'Erase' });
      if (reason === null) return;
      try { await api('POST', '/api/workflows/' + enc(w.id) + '/erase', { reason }); announce('Erasure requested.'); } catch (e) { alert(e.message); }
    } }, 'Erase…'));
  }
  if (d.review_task) actions.append(h('a', { href: '#/reviews/' + enc(d.review_task.id) }, 'Open its review task'));

  const doc = d.document || {};
  const summary = h('dl', { class: 'kv' },
    h('dt', {}, 'Status'), h('dd', { id: 'wf-status' }, badge(w.status, w.stalled)),
    h('dt', {}, 'Stage'), h('dd', {}, w.stage),
    h('dt', {}, 'Tenant'), h('dd', {}, w.tenant),
    h('dt', {}, 'File'), h('dd', { id: 'wf-file' }, doc.filename || '—'),
    h('dt', {}, 'Media type'), h('dd', {}, (doc.media_type || '—') + (doc.size ? ' · ' + doc.size + ' bytes' : '')),
    h('dt', {}, 'Created'), h('dd', {}, fmtTime(w.created_at)),
    h('dt', {}, 'Last event'), h('dd', {}, fmtTime(w.updated_at) + ' (' + ago(w.updated_at) + ')'),
    h('dt', {}, 'Events'), h('dd', {}, String(w.events)),
    w.corrections ? [h('dt', {}, 'Corrections'), h('dd', { id: 'wf-corrections' }, String(w.corrections) + ' · now ' + words(w.document_type || '—'))] : null,
    w.erased_at ? [h('dt', {}, 'Erased'), h('dd', { id: 'wf-erased' }, fmtTime(w.erased_at) + ' · document and text deleted')] : null,
    w.last_error ? [h('dt', {}, 'Last error'), h('dd', { class: 'error' }, w.last_error)] : null);

  let progress = null;
  if (w.progress) {
    const p = w.progress;
    progress = h('section', { 'aria-labelledby': 'h-progress' }, h('h2', { id: 'h-progress' }, 'OCR progress'),
      h('label', { for: 'ocr-progress' }, p.step + ': ' + p.done + (p.total ? ' of ' + p.total : '') + ' ' + (p.unit || '')),
      h('br'), h('progress', { id: 'ocr-progress', max: p.total || 1, value: p.total ? p.done : 0 }));
  }

  // Timeline: steps with processing time and the queue age before each.
  const steps = w.steps || [];
  const known = (t) => t && !t.startsWith('0001');
  // A workflow that ended leaves a step it interrupted stopped, not
  // running (found from outside: a canceled OCR step counted on).
  const ended = ['completed', 'failed', 'canceled', 'timed_out', 'compensated', 'compensation_failed', 'rejected'].includes(w.status);
  const stepRows = steps.map((s, i) => {
    if (!known(s.started_at)) {
      return h('tr', {}, h('th', { scope: 'row' }, s.name), h('td', {}, '—'), h('td', {}, '—'), h('td', {}, s.finished_at ? 'done' : '—'), h('td', {}, String(s.attempts)));
    }
    const start = new Date(s.started_at).getTime();
    const prevEnd = i === 0 ? new Date(w.created_at).getTime() : (known(steps[i - 1].finished_at) ? new Date(steps[i - 1].finished_at).getTime() : null);
    const queued = prevEnd !== null ? (start - prevEnd) / 1000 : null;
    const until = s.finished_at ? new Date(s.finished_at).getTime() : ended ? new Date(w.updated_at).getTime() : Date.now();
    const took = Math.max(0, until - start) / 1000;
    return h('tr', {}, h('th', { scope: 'row' }, s.name), h('td', {}, fmtTime(s.started_at)),
      h('td', {}, queued === null ? '—' : dur(queued)), h('td', {}, dur(took) + (s.finished_at ? '' : ended ? ' (stopped)' : ' (running)')), h('td', {}, String(s.attempts)));
  });
  const history = h('ol', { class: 'timeline', id: 'history' }, (d.history || []).map((e) => h('li', {},
    h('time', { datetime: e.at }, fmtTime(e.at)), h('span', { class: 'type' }, words(e.type)), h('span', {}, e.summary),
    h('span', { class: 'muted' }, ' · ' + e.producer + ' · ' + e.topic + '/' + e.partition + '@' + e.offset))));

  // Classification.
  const c = doc.classification;
  let classification = h('p', { class: 'muted' }, 'Not classified yet.');
  if (c) {
    const best = Math.max(...(c.candidates || []).map((x) => x.score), 0.0001);
    classification = h('div', {},
      h('p', {}, 'Type ', h('strong', { id: 'wf-type' }, words(doc.document_type || c.type || '—')),
        ' · confidence ', h('strong', {}, score(c.confidence)), c.model ? ' · ' + c.model : ''),
      h('table', {}, h('caption', {}, 'Types the model considered'),
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Type'), h('th', { scope: 'col' }, 'Score'))),
        h('tbody', {}, (c.candidates || []).slice(0, 5).map((x) => h('tr', {}, h('td', {}, words(x.type)),
          h('td', {}, h('span', { class: 'bar', style: null, dataset: { w: x.score } }), ' ' + score(x.score)))))));
    for (const b of classification.querySelectorAll('.bar')) b.style.width = (8 * Number(b.dataset.w) / best) + 'rem';
  }
  const flags = c && c.flags && c.flags.length ? h('ul', {}, c.flags.map((f) => h('li', {}, h('strong', {}, f.kind), ': ', f.detail))) : h('p', { class: 'muted' }, 'None found.');

  // Ledger.
  let ledger = h('p', { class: 'muted' }, ended ? 'Not recorded: the workflow ended ' + words(w.status) + '.' : 'Not recorded yet.');
  if (w.ledger) {
    const r = d.ledger_record || {};
    const chk = d.ledger_check;
    ledger = h('div', { id: 'ledger' }, h('dl', { class: 'kv' },
      h('dt', {}, 'Record'), h('dd', {}, w.ledger.topic + ' partition ' + w.ledger.partition + (w.ledger.offset >= 0 ? ' offset ' + w.ledger.offset : '') + ' · sequence ' + w.ledger.sequence),
      h('dt', {}, 'Hash'), h('dd', {}, w.ledger.record_hash),
      r.decision ? [h('dt', {}, 'Decision'), h('dd', { id: 'ledger-decision' }, words(r.decision.Outcome || r.decision.outcome || '') + ' · ' + words(r.decision.DocumentType || r.decision.document_type || ''))] : null,
      r.model ? [h('dt', {}, 'Model'), h('dd', {}, (r.model.Name || r.model.name || '') + ' ' + (r.model.Version || r.model.version || ''))] : null,
      r.reviewer ? [h('dt', {}, 'Reviewer'), h('dd', {}, r.reviewer)] : null,
      r.recorded_at ? [h('dt', {}, 'Recorded'), h('dd', {}, fmtTime(r.recorded_at))] : null,
      h('dt', {}, 'Verifies'), h('dd', { id: 'ledger-verify', class: chk && chk.ok ? '' : 'error' }, chk ? (chk.ok ? '✔ ' : '✘ ') + chk.words : (d.ledger_error || '—'))));
  }
  const cb = doc.callback;
  const callback = doc.callback_configured ? h('p', { id: 'callback' }, cb ? ('Callback ' + words(cb.state) + ' after ' + cb.attempts + ' attempt(s)' + (cb.last_error ? ': ' + cb.last_error : '') + (cb.next_at ? ' · next ' + fmtTime(cb.next_at) : '')) : 'Callback due when the workflow ends.')
    : h('p', { class: 'muted', id: 'callback' }, 'No callback requested.');

  box.replaceChildren(
    h('p', { class: cls, id: 'explanation' }, d.explanation),
    actions,
    h('div', { class: 'grid' },
      h('section', { 'aria-labelledby': 'h-sum' }, h('h2', { id: 'h-sum' }, 'Summary'), summary, progress),
      h('section', { 'aria-labelledby': 'h-class' }, h('h2', { id: 'h-class' }, 'Classification'), classification,
        h('h2', {}, 'PII and policy findings (values masked)'), flags),
      h('section', { 'aria-labelledby': 'h-ledger' }, h('h2', { id: 'h-ledger' }, 'Ledger'), ledger, h('h2', {}, 'Callback'), callback)),
    h('section', { 'aria-labelledby': 'h-steps' }, h('h2', { id: 'h-steps' }, 'Timeline'),
      h('div', { class: 'table-wrap' }, h('table', {}, h('caption', {}, 'Per step: queue age (waiting before the step started) against processing time'),
        h('thead', {}, h('tr', {}, ['Step', 'Started', 'Queue age', 'Processing', 'Attempts'].map((x) => h('th', { scope: 'col' }, x)))),
        h('tbody', {}, stepRows))),
      h('h2', {}, 'Every event'), history),
    h('section', { 'aria-labelledby': 'h-doc' }, h('h2', { id: 'h-doc' }, 'Document'),
      d.document_error ? h('p', { class: 'muted' }, 'Document unavailable: ' + d.document_error) : null,
      oldPages || h('div', { id: 'pages' })));
}

// segmentsInto renders text segments: findings marked (PII masked by the
// server), the rest plain.
function segmentsInto(el, segs) {
  for (const s of segs) {
    if (!s.k) { el.append(document.createTextNode(s.t)); continue; }
    el.append(h('mark', { class: s.k === 'amount' ? 'amount' : 'pii', title: s.k }, s.t));
  }
}

// sizeWords words a size in bytes: "3.1 MiB", "412 KiB".
function sizeWords(n) {
  if (n >= 1 << 20) return (n / (1 << 20)).toFixed(1) + ' MiB';
  return Math.round(n / 1024) + ' KiB';
}

async function loadText(id, doc, target) {
  const pagesBox = target || document.getElementById('pages');
  if (!pagesBox) return;
  let pages = [], truncated = false, textBytes = 0;
  try { ({ pages, truncated, text_bytes: textBytes = 0 } = await api('GET', '/api/workflows/' + enc(id) + '/text')); } catch (e) { pagesBox.replaceChildren(h('p', { class: 'muted' }, 'Text unavailable: ' + e.message)); return; }
  const n = Math.max(pages.length, (doc.pages || []).length, 1);
  const out = [];
  for (let i = 0; i < Math.min(n, 50); i++) {
    const info = (doc.pages || [])[i];
    const text = h('pre', { class: 'text', tabindex: 0, 'aria-label': 'Extracted text of page ' + (i + 1) });
    segmentsInto(text, pages[i] || []);
    out.push(h('div', { class: 'page' },
      doc.page_images ? h('figure', {}, h('img', { src: '/api/workflows/' + enc(id) + '/pages/' + (i + 1), alt: 'Page ' + (i + 1) + ' of ' + (doc.filename || 'the document'), loading: i < 2 ? 'eager' : 'lazy' }),
        h('figcaption', { class: 'muted' }, 'Page ' + (i + 1) + (info ? ' · ' + info.method + ' · confidence ' + score(info.confidence) : ''))) : null,
      text));
  }
  if (n > 50) out.push(h('p', { class: 'muted' }, 'First 50 of ' + n + ' pages shown.'));
  if (truncated) out.push(h('p', { class: 'muted', id: 'text-truncated' }, 'The text goes on past the first 256 KiB' + (textBytes ? ' (it is ' + sizeWords(textBytes) + ' in all)' : '') + ', which is what the classifier\'s rules read; the rest is not shown.'));
  pagesBox.replaceChildren(...out);
}

// ---------- review queue ----------

async function viewReviews() {
  const d = await api('GET', '/api/reviews');
  const tasks = d.tasks;
  const now = Date.now();
  const body = h('tbody', {}, tasks.map((t) => {
    const due = (new Date(t.sla_deadline).getTime() - now) / 1000;
    return h('tr', { dataset: { task: t.id } },
      h('td', { class: 'id' }, h('a', { href: '#/reviews/' + enc(t.id) }, t.id)),
      h('td', {}, d.filenames[t.workflow_id] || h('a', { href: '#/workflows/' + enc(t.workflow_id) }, t.workflow_id)),
      h('td', {}, t.tenant),
      h('td', {}, t.rule_words),
      h('td', {}, String(t.priority) + (t.escalated ? ' (escalated)' : '')),
      h('td', { class: t.sla_breached ? 'error' : '' }, t.sla_breached ? 'breached ' + dur(-due) + ' ago' : 'due in ' + dur(due)),
      h('td', {}, t.claimed_by ? t.claimed_by + ' until ' + new Date(t.claim_expires_at).toLocaleTimeString() : 'unclaimed'));
  }));
  main.replaceChildren(h('h1', {}, 'Review queue'),
    h('p', { class: 'shortcuts' }, 'Most urgent first: SLA breached, then priority, then the nearest SLA. Press ', h('kbd', {}, 'N'), ' to open the first unclaimed task.'),
    tasks.length ? h('div', { class: 'table-wrap' }, h('table', { id: 'review-table' }, h('caption', {}, tasks.length + ' open task(s)'),
      h('thead', {}, h('tr', {}, ['Task', 'Document', 'Tenant', 'Why', 'Priority', 'SLA', 'Claim'].map((x) => h('th', { scope: 'col' }, x)))), body))
      : h('p', {}, 'No open review tasks.'));
  const key = (ev) => {
    if (ev.target.closest('input, textarea, select') || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.key === 'n' || ev.key === 'N') { const t = tasks.find((x) => !x.claimed_by); if (t) location.hash = '#/reviews/' + enc(t.id); }
  };
  document.addEventListener('keydown', key);
  cleanup.push(() => document.removeEventListener('keydown', key));
}

async function viewReviewTask(taskId) {
  let list = await api('GET', '/api/reviews');
  let t = list.tasks.find((x) => x.id === taskId);
  if (!t) {
    main.replaceChildren(h('h1', {}, 'Review task ' + taskId), h('p', {}, 'This task is no longer open (decided or settled). '), h('a', { href: '#/reviews' }, 'Back to the queue'));
    return;
  }
  const status = h('p', { role: 'status', id: 'review-status' });
  const countdown = h('span', { class: 'countdown', id: 'lease' });
  const claimBtn = h('button', { type: 'button', class: 'primary', id: 'claim', 'aria-keyshortcuts': 'C' }, 'Claim (C)');
  const typeSel = h('select', { id: 'correct-type' }, TYPES.map((x) => h('option', { value: x, selected: x === t.suggested_type }, words(x))));
  const reason = h('input', { id: 'decide-reason', size: 30 });
  const approve = h('button', { type: 'button', class: 'primary', id: 'approve', 'aria-keyshortcuts': 'A' }, 'Approve (A)');
  const correct = h('button', { type: 'button', id: 'correct', 'aria-keyshortcuts': 'T' }, 'Correct type (T)');
  const reject = h('button', { type: 'button', class: 'danger', id: 'reject', 'aria-keyshortcuts': 'R' }, 'Reject (R)');
  const next = h('button', { type: 'button', id: 'next', 'aria-keyshortcuts': 'N' }, 'Next task (N)');
  const decideBox = h('div', { class: 'decide', id: 'decide' },
    h('div', {}, h('label', { for: 'correct-type' }, 'Document type'), typeSel),
    h('div', {}, h('label', { for: 'decide-reason' }, 'Comment'), reason), approve, correct, reject);
  const pages = h('div', { id: 'review-pages' });
  const best = Math.max(...t.candidates.map((x) => x.score), 0.0001);
  const candidates = h('table', { id: 'candidates' }, h('caption', {}, "The model's top types"),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Type'), h('th', { scope: 'col' }, 'Confidence'))),
    h('tbody', {}, t.candidates.slice(0, 5).map((x) => h('tr', {}, h('td', {}, words(x.type)),
      h('td', {}, h('span', { class: 'bar', dataset: { w: x.score } }), ' ' + score(x.score))))));
  for (const b of candidates.querySelectorAll('.bar')) b.style.width = (8 * Number(b.dataset.w) / best) + 'rem';

  main.replaceChildren(h('h1', {}, 'Review task ' + t.id),
    h('p', { class: 'explain warn', id: 'rule' }, 'Why a person decides: ' + t.rule_words),
    h('p', {}, 'Workflow ', h('a', { href: '#/workflows/' + enc(t.workflow_id) }, t.workflow_id), ' · tenant ' + t.tenant + ' · priority ' + t.priority +
      ' · SLA ' + (t.sla_breached ? 'breached' : 'due ' + fmtTime(t.sla_deadline)) + (t.model ? ' · model ' + t.model : '')),
    h('div', { class: 'actions' }, claimBtn, countdown, next),
    h('p', { class: 'shortcuts' }, 'Keys: ', h('kbd', {}, 'C'), ' claim · ', h('kbd', {}, 'A'), ' approve · ', h('kbd', {}, 'T'), ' correct the type to the one selected · ',
      h('kbd', {}, 'R'), ' reject · ', h('kbd', {}, 'N'), ' next task'),
    decideBox, status,
    h('div', { class: 'grid' }, h('section', {}, h('h2', {}, 'Classification'), candidates,
      h('h2', {}, 'Findings'), t.flags.length ? h('ul', {}, t.flags.map((f) => h('li', {}, h('strong', {}, f.kind), ': ', f.detail))) : h('p', { class: 'muted' }, 'None.'))),
    h('section', {}, h('h2', {}, 'Document — PII and amounts highlighted (PII masked)'), pages));

  let leaseTimer = null;
  function showLease() {
    clearInterval(leaseTimer);
    const mine = t.claimed_by && t.claimed_by === (me.actor || me.name);
    claimBtn.disabled = !!mine;
    for (const b of [approve, correct, reject]) b.disabled = !mine;
    if (!t.claim_expires_at) { countdown.textContent = t.claimed_by ? '' : 'Not claimed'; return; }
    const upd = () => {
      const left = (new Date(t.claim_expires_at).getTime() - Date.now()) / 1000;
      countdown.textContent = left > 0 ? (mine ? 'Your lease: ' : 'Claimed by ' + t.claimed_by + ': ') + dur(left) + ' left' : 'Lease expired';
      countdown.classList.toggle('low', left < 60);
      if (left <= 0) { clearInterval(leaseTimer); for (const b of [approve, correct, reject]) b.disabled = true; claimBtn.disabled = false; }
    };
    upd();
    leaseTimer = setInterval(upd, 1000);
  }
  cleanup.push(() => clearInterval(leaseTimer));
  showLease();

  async function claim() {
    try { t = await api('POST', '/api/reviews/' + enc(t.id) + '/claim', {}); status.textContent = 'Claimed.'; showLease(); approve.focus(); } catch (e) { status.textContent = e.message; }
  }
  async function decide(outcome) {
    const body = { outcome, reason: reason.value };
    if (outcome === 'corrected') { body.document_type = typeSel.value; body.suggested_type = t.suggested_type; }
    try {
      await api('POST', '/api/reviews/' + enc(t.id) + '/decide', body);
      status.textContent = 'Decided: ' + (outcome === 'corrected' ? 'corrected to ' + words(typeSel.value) : outcome) + '. Press N for the next task.';
      for (const b of [approve, correct, reject, claimBtn]) b.disabled = true;
      clearInterval(leaseTimer); countdown.textContent = '';
      next.focus();
    } catch (e) { status.textContent = e.message; }
  }
  async function goNext() {
    list = await api('GET', '/api/reviews');
    const n = list.tasks.find((x) => x.id !== t.id && !x.claimed_by);
    if (n) location.hash = '#/reviews/' + enc(n.id); else { status.textContent = 'No other unclaimed task.'; }
  }
  claimBtn.addEventListener('click', claim);
  approve.addEventListener('click', () => decide('approved'));
  correct.addEventListener('click', () => decide('corrected'));
  reject.addEventListener('click', () => decide('rejected'));
  next.addEventListener('click', goNext);
  const key = (ev) => {
    if (ev.target.closest('input, textarea, select') || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const k = ev.key.toLowerCase();
    const act = { c: () => !claimBtn.disabled && claim(), a: () => !approve.disabled && decide('approved'), t: () => !correct.disabled && decide('corrected'),
      r: () => !reject.disabled && decide('rejected'), n: goNext }[k];
    if (act) { ev.preventDefault(); act(); }
  };
  document.addEventListener('keydown', key);
  cleanup.push(() => document.removeEventListener('keydown', key));

  try {
    const wd = await api('GET', '/api/workflows/' + enc(t.workflow_id));
    if (wd.document) await loadText(t.workflow_id, wd.document, pages);
    else pages.replaceChildren(h('p', { class: 'muted' }, 'Document unavailable: ' + (wd.document_error || '')));
  } catch (e) { pages.replaceChildren(errorBox(e)); }
}

// ---------- dead letters ----------

async function viewDLQ() {
  const [parked, br] = await Promise.all([api('GET', '/api/parked'), api('GET', '/api/breakers').catch((e) => ({ error: e.message }))]);
  const detail = h('section', { id: 'parked-detail', 'aria-live': 'polite' });
  const items = parked.items || [];
  const breakers = br.error ? errorBox(br) : h('ul', { class: 'cards', id: 'breakers', 'aria-label': 'Circuit breakers' }, (br.breakers || []).map((b) =>
    h('li', { class: 'card' }, h('div', {}, b.service), h('span', { class: 'badge ' + (b.state === 'closed' ? 's-completed' : 's-failed') }, words(b.state)),
      b.open_until ? h('div', { class: 'muted' }, 'until ' + fmtTime(b.open_until)) : null)));
  const body = h('tbody', {}, items.map((p) => h('tr', { dataset: { parked: p.id } },
    h('td', { class: 'id' }, h('button', { type: 'button', class: 'linklike', onclick: () => show(p.id) }, p.id)),
    h('td', {}, words(p.kind)), h('td', {}, p.service), h('td', {}, words(p.error_class)),
    h('td', { class: 'id' }, p.workflow_id ? h('a', { href: '#/workflows/' + enc(p.workflow_id) }, p.workflow_id) : 'none (poison)'),
    h('td', {}, p.reason), h('td', {}, p.source_topic), h('td', {}, ago(p.parked_at)))));
  main.replaceChildren(h('h1', {}, 'Dead letters'),
    h('h2', {}, 'Redelivery circuit breakers'), breakers,
    h('h2', {}, 'Parked items'),
    items.length ? h('div', { class: 'table-wrap' }, h('table', { id: 'parked-table' }, h('caption', {}, items.length + ' parked, newest first'),
      h('thead', {}, h('tr', {}, ['Item', 'Kind', 'Service', 'Class', 'Workflow', 'Reason', 'Source topic', 'Parked'].map((x) => h('th', { scope: 'col' }, x)))), body))
      : h('p', {}, 'Nothing parked.'),
    detail);

  async function show(pid) {
    let d;
    try { d = await api('GET', '/api/parked/' + enc(pid)); } catch (e) { detail.replaceChildren(errorBox(e)); return; }
    const env = d.envelope || {};
    const payload = d.payload ? JSON.stringify(d.payload, null, 2) : (d.payload_hex || '');
    detail.replaceChildren(h('h2', { tabindex: -1, id: 'parked-title' }, 'Parked item ' + d.id),
      h('dl', { class: 'kv' },
        h('dt', {}, 'Class'), h('dd', {}, words(env.error_class)),
        h('dt', {}, 'Reason'), h('dd', {}, d.reason),
        h('dt', {}, 'Error'), h('dd', {}, env.error_message || '—'),
        h('dt', {}, 'Source'), h('dd', { id: 'parked-source' }, env.source_topic + ' partition ' + env.source_partition + ' offset ' + env.source_offset),
        h('dt', {}, 'Attempts'), h('dd', {}, String(env.attempts) + ' · first ' + fmtTime(env.first_failure_at) + ' · last ' + fmtTime(env.last_failure_at)),
        h('dt', {}, 'Headers'), h('dd', {}, (env.original_headers || []).map((x) => x.key).join(', ') || '—')),
      h('h3', {}, d.payload ? 'Payload (decoded: ' + d.payload_type + ')' : 'Payload (hex: it does not decode' + (d.payload_error ? ': ' + d.payload_error : '') + ')'),
      h('pre', { class: 'payload', id: 'payload', tabindex: 0 }, payload),
      h('div', { class: 'actions' },
        h('button', { type: 'button', class: 'primary', id: 'parked-replay', onclick: async () => {
          const reason = await confirmAction('Replay parked item', 'Send ' + d.id + ' back to ' + d.service + "'s retry topic? Do this once the cause is fixed. Recorded in the audit log.", { action: 'Replay' });
          if (reason === null) return;
          try { await api('POST', '/api/parked/' + enc(d.id) + '/replay', { reason }); announce('Replayed ' + d.id); await viewDLQ(); } catch (e) { alert(e.message); }
        } }, 'Replay…'),
        h('button', { type: 'button', class: 'danger', id: 'parked-discard', onclick: async () => {
          const reason = await confirmAction('Discard parked item', 'Drop ' + d.id + '? Its workflow ends with a discarded disposition in the ledger.', { needReason: true, action: 'Discard' });
          if (reason === null) return;
          try { await api('POST', '/api/parked/' + enc(d.id) + '/discard', { reason }); announce('Discarded ' + d.id); await viewDLQ(); } catch (e) { alert(e.message); }
        } }, 'Discard…')));
    document.getElementById('parked-title').focus();
  }
}

// ---------- overview ----------

async function viewOverview() {
  const box = h('div', { id: 'overview' });
  main.replaceChildren(h('h1', {}, 'Overview'), h('p', { class: 'muted' }, 'Last hour, from the saga tracker; refreshes every 10 s.'), box);
  async function load() {
    const o = await api('GET', '/api/overview');
    const card = (label, v) => h('div', { class: 'card' }, h('div', { class: 'muted' }, label), h('div', { class: 'n' }, v));
    box.replaceChildren(h('div', { class: 'cards' },
      card('Active', o.active), card('Completed / min', o.completed_per_minute.toFixed(2)), card('Dead letters / min', o.dlq_per_minute.toFixed(2)),
      card('Exception rate of ended', (100 * o.exception_rate).toFixed(1) + ' %'), card('Parked', o.parked), card('Retrying', o.retrying),
      card('Waiting for review', o.waiting_review), card('Open reviews past SLA', o.sla_breaches),
      o.sla_escalations_total >= 0 ? card('Review SLA breaches since start', o.sla_escalations_total) : null),
    h('div', { class: 'table-wrap' }, h('table', {}, h('caption', {}, 'Per stage'),
      h('thead', {}, h('tr', {}, ['Stage', 'Finished / min', 'Backlog (waiting)', 'Queue age p50', 'Queue age p95', 'Processing p50', 'Processing p95'].map((x) => h('th', { scope: 'col' }, x)))),
      h('tbody', {}, (o.steps || []).map((s) => h('tr', {}, h('th', { scope: 'row' }, s.step), h('td', {}, s.per_minute.toFixed(2)), h('td', {}, String(s.waiting)),
        h('td', {}, dur(s.queue_age_p50_s)), h('td', {}, dur(s.queue_age_p95_s)), h('td', {}, dur(s.processing_p50_s)), h('td', {}, dur(s.processing_p95_s))))))),
    (o.services || []).length ? h('div', { class: 'table-wrap' }, h('table', { id: 'service-metrics' }, h('caption', {}, 'Per service, from its /metrics (since it started)'),
      h('thead', {}, h('tr', {}, ['Service', 'Handled', 'Dead-lettered', 'Kafka lag (about 1 per partition at rest: transaction markers)', 'Queue age p50', 'Queue age p95', 'Long jobs queued', 'Running', 'Breakers'].map((x) => h('th', { scope: 'col' }, x)))),
      h('tbody', {}, o.services.map((m) => h('tr', {}, h('th', { scope: 'row' }, m.service),
        m.error ? h('td', { colspan: 8, class: 'error' }, m.error) : [h('td', {}, String(m.processed)), h('td', {}, String(m.dead_lettered)),
          h('td', { class: 'lag' }, m.consumer_lag === undefined ? '—' : String(m.consumer_lag)),
          h('td', {}, m.queue_age_p50_s === undefined ? '—' : dur(m.queue_age_p50_s)), h('td', {}, m.queue_age_p95_s === undefined ? '—' : dur(m.queue_age_p95_s)),
          h('td', {}, String(m.jobs_queued)), h('td', {}, String(m.jobs_running)),
          h('td', {}, m.breakers ? Object.entries(m.breakers).map(([k, v]) => k + ': ' + ['closed', 'half-open', 'open'][v]).join(', ') : '')]))))) : null);
  }
  await load();
  const t = setInterval(() => load().catch(() => {}), 10000);
  cleanup.push(() => clearInterval(t));
}

window.addEventListener('hashchange', route);
window.addEventListener('DOMContentLoaded', route);
