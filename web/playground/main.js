// The playground: loads the wasm module, keeps the page state in the URL hash and hands it to the views. The
// module's promotion part loads at start; its formats part when a view that shows formats first opens (or once
// the page is idle), so the first frame waits only for what it draws.
import { loadTypeLattice } from '../components/tl-module.js';
import { latticeCss, styleSheet } from '../components/styles.js';
import { parseHashWithNotes, checkStateWithModule, moduleFacts, toHash, defaultState } from './state.js';
import { AddressBar, readHash } from './history.js';
import { FORMAT_VIEWS, partsOfView } from './parts.js';
import { t, setLanguage, applyStrings, language, languages, useModule } from './strings.js';
import { LatticeView } from './lattice-view.js';
import { TableView } from './table-view.js';
import { CompareView } from './compare-view.js';
import { StoryView } from './story-view.js';
import { CustomView } from './custom-view.js';

const $ = (id) => document.getElementById(id);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, styleSheet(latticeCss)];

class Playground {
  constructor(tl) {
    this.tl = tl;
    useModule(tl);
    this.facts = moduleFacts(tl, languages);
    this.address = new AddressBar((keys) => this.say(t('linkNotKept', { keys: keys.join(', ') })));
    ({ state: this.state, notes: this.linkNotes } = this.stateOfLink(location.hash));
    this.views = new Map();
    this.viewClasses = {
      lattice: LatticeView, table: TableView, compare: CompareView, story: StoryView, custom: CustomView,
      // bits and blocks: imported with the formats part (loadFormats)
    };
  }

  // The state a link describes, every key checked against the module's data; what was refused is said in the
  // status line and the rest of the link still applies.
  stateOfLink(hash) {
    const { state, notes } = readHash(hash);
    checkStateWithModule(state, this.tl, languages, notes, this.facts);
    return { state, notes };
  }

  // A message in the status line that stays until the next change.
  say(text) {
    const status = $('load-status');
    status.textContent = text;
    status.classList.add('error');
    status.hidden = false;
  }

  showLinkNotes() {
    if (!this.linkNotes?.length) return;
    const status = $('load-status');
    status.textContent = t('linkIgnored', { list: this.linkNotes.join('; ') });
    status.classList.add('error');
    status.hidden = false;
    this.keepError = true;
    this.linkNotes = [];
  }

  // Promotion options of the current state, as the module takes them.
  opts(overrides = {}) {
    return { system: this.state.system, mode: this.state.mode, x64: this.state.x64, ...overrides };
  }

  // Whether a system takes strict mode and x64 off (its `modes` in tl.systems()).
  hasModes(system) {
    return this.facts.systemTakesModes(system);
  }

  view(name) {
    if (!this.views.has(name)) this.views.set(name, new this.viewClasses[name](this));
    return this.views.get(name);
  }

  // Loads the formats part and the views that show it once (again after a failure); then checks the state's
  // format keys, which only that part can judge.
  loadFormats() {
    if (!this.formatsLoading) {
      this.formatsLoading = Promise.all([loadTypeLattice(['promotion', 'formats']), import('./bits-view.js'),
        import('./blocks-view.js')]).then(([tl, { BitsView }, { BlocksView }]) => {
        Object.assign(this.viewClasses, { bits: BitsView, blocks: BlocksView });
        if (!this.tl.parts.includes('formats')) {
          this.tl = tl;
          this.facts = moduleFacts(tl, languages);
          const notes = [];
          this.state = checkStateWithModule({ ...this.state }, tl, languages, notes, this.facts);
          this.linkNotes = [...(this.linkNotes || []), ...notes];
          if (!FORMAT_VIEWS.has(this.state.view)) this.showLinkNotes();
        }
        this.formatsReady = true;
      });
      this.formatsLoading.catch(() => { this.formatsLoading = null; });
    }
    return this.formatsLoading;
  }

  // The Tensors view's code, fetched when the view first opens; its worker loads the module's tensors part.
  loadTensorsView() {
    this.tensorsLoading ??= import('./tensors-view.js').then(({ TensorsView }) => {
      this.viewClasses.tensors = TensorsView;
    });
    this.tensorsLoading.catch(() => { this.tensorsLoading = null; });
    return this.tensorsLoading;
  }

  // `how`: 'push' (a choice: a history entry of its own), 'type' (typing in a field: one entry per run of
  // keystrokes) or 'replace' (history.js).
  set(patch, how = 'push') {
    this.state = { ...this.state, ...patch };
    this.render();
    this.address.write(() => this.state, how, Object.keys(patch));
  }

  // Back, Forward or an edited hash: the whole state from the address bar, every view drawn from it.
  restore() {
    const { state, notes } = this.stateOfLink(location.hash);
    this.address.restored();
    if (toHash(state) === toHash(this.state)) return;
    this.state = state;
    this.linkNotes = notes;
    this.render();
  }

  render() {
    const s = this.state;
    if (language() !== s.lang) {
      setLanguage(s.lang);
      applyStrings(document);
      for (const v of this.views.values()) v.relabel?.();
    }
    $('lang-select').value = language();
    for (const tab of document.querySelectorAll('[role=tab]')) {
      const on = tab.dataset.view === s.view;
      tab.setAttribute('aria-selected', on ? 'true' : 'false');
      tab.tabIndex = on ? 0 : -1;
      $(tab.getAttribute('aria-controls')).hidden = !on;
    }
    $('system-bar').hidden = !(s.view === 'lattice' || (s.view === 'table' && s.tableOf === 'system')
      || s.view === 'compare');
    // Compare answers in every system: of the bar, only the strict/x64 toggles apply there.
    for (const id of ['system-select', 'all-types-toggle']) $(id).parentElement.hidden = s.view === 'compare';
    $('system-select').value = s.system;
    $('strict-toggle').checked = s.mode === 'strict';
    $('x64-toggle').checked = s.x64;
    this.showModes();
    $('all-types-toggle').checked = s.all;
    const status = $('load-status');
    this.showLinkNotes();
    if (FORMAT_VIEWS.has(s.view) && !this.formatsReady) {
      if (!status.classList.contains('error')) {
        status.textContent = t('loading');
        status.hidden = false;
      }
      this.loadFormats().then(() => { if (FORMAT_VIEWS.has(this.state.view)) this.render(); }, (e) => {
        if (!FORMAT_VIEWS.has(this.state.view)) return;
        status.textContent = t('loadFailed', { error: e.message });
        status.classList.add('error');
        status.hidden = false;
      });
      return;
    }
    if (s.view === 'tensors' && !this.viewClasses.tensors) {
      this.loadTensorsView().then(() => { if (this.state.view === 'tensors') this.render(); },
        (e) => this.say(t('loadFailed', { error: e.message })));
      return;
    }
    try {
      this.view(s.view).render(s);
      // An error stays when it was just shown; the loading line goes once the view is drawn.
      if (!status.classList.contains('error') || !this.keepError) status.hidden = true;
      this.keepError = false;
    } catch (e) {
      // Links are checked before they get here; this is the last resort: say why and show the defaults
      // (keeping the language), once.
      status.textContent = e.message;
      status.classList.add('error');
      status.hidden = false;
      if (this.recovering) throw e;
      this.recovering = true;
      this.keepError = true;
      try {
        this.set({ ...defaultState(), lang: s.lang }, 'replace');
      } finally {
        this.recovering = false;
      }
    }
  }

  // The toggles work in Compare whatever the Lattice/Table system is; a mode is kept with a system that has it (the
  // first in tl.systems() with modes), so the other views show what Compare was set to.
  systemWithModes() {
    if (this.hasModes(this.state.system)) return {};
    return { system: this.facts.systemNames().find((name) => this.hasModes(name)) };
  }

  // Strict mode and x64 off only where the system takes them. Until the system list is loaded (a link naming a
  // system loads it; else fillSystems, right after the first frame) the toggles are left as they are.
  showModes() {
    if (!this.facts.systemsKnown()) return;
    const modes = this.state.view === 'compare' || this.hasModes(this.state.system);
    for (const id of ['strict-toggle', 'x64-toggle']) {
      $(id).disabled = !modes;
      $(id).parentElement.title = modes ? '' : t('system.strictOnlyJax');
    }
  }

  // The system list: the current system at once, the rest right after the first frame (tl.systems() also
  // checks every system's lattice laws, tens of milliseconds on the first call).
  fillSystems(all) {
    const sel = $('system-select');
    const names = all ? this.facts.systemNames() : [this.state.system];
    sel.replaceChildren(...names.map((name) => {
      const o = document.createElement('option');
      o.value = name;
      o.textContent = name;
      return o;
    }));
    sel.value = this.state.system;
    this.showModes();
  }

  wire() {
    this.fillSystems(false);
    // A system without JAX's modes takes only standard mode with x64 on.
    $('system-select').addEventListener('change', (e) => this.set({
      system: e.target.value, select: [], ...(this.hasModes(e.target.value) ? {} : { mode: 'standard', x64: true }),
    }));
    $('strict-toggle').addEventListener('change', (e) => this.set({ mode: e.target.checked ? 'strict' : 'standard',
      ...this.systemWithModes() }));
    $('x64-toggle').addEventListener('change', (e) => this.set({ x64: e.target.checked, ...this.systemWithModes() }));
    $('all-types-toggle').addEventListener('change', (e) => this.set({ all: e.target.checked }));
    $('lang-select').addEventListener('change', (e) => this.set({ lang: e.target.value }));
    const tabs = [...document.querySelectorAll('[role=tab]')];
    for (const tab of tabs) {
      tab.addEventListener('click', () => this.set({ view: tab.dataset.view }));
      tab.addEventListener('keydown', (e) => {
        const step = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
        if (!step) return;
        const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length];
        next.focus();
        this.set({ view: next.dataset.view });
      });
    }
    // "Embed this": the panel's code is fetched on the first click (embed-panel.js).
    $('embed-button').addEventListener('click', () => import('./embed-panel.js').then(
      ({ openEmbedPanel }) => openEmbedPanel(this, $('embed-button')),
      (e) => this.say(t('loadFailed', { error: e.message }))));
    window.addEventListener('hashchange', () => this.restore());
    window.addEventListener('popstate', () => this.restore());
    $('module-info').textContent = `typelattice ${this.tl.version} · ${this.tl.isa}`;
  }
}

function setupTheme() {
  const order = ['auto', 'light', 'dark'];
  let theme = localStorage.getItem('typelattice-theme') || 'auto';
  const apply = () => {
    if (theme === 'auto') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
    const label = $('theme-label');
    label.dataset.i18n = `theme.${theme}`;
    label.textContent = t(`theme.${theme}`);
  };
  $('theme-toggle').addEventListener('click', () => {
    theme = order[(order.indexOf(theme) + 1) % order.length];
    localStorage.setItem('typelattice-theme', theme);
    apply();
  });
  apply();
}

async function main() {
  const initial = parseHashWithNotes(location.hash).state;
  setLanguage(initial.lang);
  applyStrings(document);
  setupTheme();
  let tl;
  try {
    tl = await loadTypeLattice(partsOfView(initial.view));
  } catch (e) {
    $('load-status').textContent = t('loadFailed', { error: e.message });
    $('load-status').classList.add('error');
    return;
  }
  performance.mark('typelattice-module-loaded');
  const app = new Playground(tl);
  if (FORMAT_VIEWS.has(app.state.view)) {
    try {
      await app.loadFormats();
    } catch (e) {
      $('load-status').textContent = t('loadFailed', { error: e.message });
      $('load-status').classList.add('error');
      return;
    }
  }
  app.wire();
  app.render();
  if (!$('load-status').classList.contains('error')) $('load-status').hidden = true;
  document.documentElement.dataset.ready = 'true';
  performance.mark('typelattice-interactive');
  setTimeout(() => app.fillSystems(true), 0);
  // The formats part, fetched once the first frame is up, so that opening the Bits view does not wait.
  const idle = window.requestIdleCallback ?? ((f) => setTimeout(f, 200));
  idle(() => app.loadFormats().catch(() => {}), { timeout: 2000 });
  window.typelatticePlayground = app;   // for people's scripts and the budget measurements
}

main();
