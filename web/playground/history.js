// The address bar and the tab's history. A change the user makes by choosing (a view, a selection, a format, a
// click in a figure) pushes a history entry; typing in a field replaces the entry its first keystroke pushed, so
// Back leaves the field as it was before the typing. A value too long for a link (state.js, LINK_LIMIT) is kept
// in the tab's session storage under the `held=KEY.DIGEST` id the hash carries, so reload and Back find it.
import { parseHashWithNotes, toHash, heldTexts } from './state.js';

const PREFIX = 'typelattice-held:';
const INDEX = 'typelattice-held';
const KEEP = 16;   // the held texts kept per tab, the most recent ones (enough for the entries Back reaches)

export function heldText(id) {
  try {
    return sessionStorage.getItem(PREFIX + id);
  } catch {
    return null;   // storage disabled: the link's note says the text is not here
  }
}

// Keeps a held text; false when the tab's storage refuses it (disabled or full).
export function holdText(id, text) {
  try {
    const index = JSON.parse(sessionStorage.getItem(INDEX) ?? '[]').filter((x) => x !== id);
    index.push(id);
    while (index.length > KEEP) sessionStorage.removeItem(PREFIX + index.shift());
    sessionStorage.setItem(INDEX, JSON.stringify(index));
    sessionStorage.setItem(PREFIX + id, text);
    return true;
  } catch {
    return false;
  }
}

/** The state and notes of a hash, held texts read from this tab's storage. */
export function readHash(hash) {
  return parseHashWithNotes(hash, heldText);
}

export class AddressBar {
  // `unkept(keys)`: called with the keys whose long text the tab's storage refused (disabled or full).
  constructor(unkept = () => {}) {
    this.unkept = unkept;
    this.pending = false;
    this.push = false;
    this.typing = null;   // the fields of the typing the current entry records, or null
  }

  // After a Back/Forward or a hash edit: the next typing starts a new entry.
  restored() { this.typing = null; }

  // Writes the state to the address bar right after the frame (history.pushState/replaceState cost a few ms in
  // Chromium, which would otherwise sit between a click and its highlight). `how`: 'push', 'type' (with the
  // typed fields) or 'replace'. Several changes before the write make one entry, pushed if any of them pushes.
  write(current, how, fields = []) {
    const typed = fields.join(',');
    if (how === 'push' || (how === 'type' && this.typing !== typed)) this.push = true;
    this.typing = how === 'type' ? typed : null;
    if (this.pending) return;
    this.pending = true;
    const before = location.hash;
    setTimeout(() => {
      this.pending = false;
      const push = this.push;
      this.push = false;
      // A link opened (or the hash edited, or Back) since the change wins: writing this state's hash now would
      // put the old view back in the address bar.
      if (location.hash !== before) return;
      const state = current();
      const refused = heldTexts(state).filter(({ id, text }) => !holdText(id, text)).map(({ key }) => key);
      if (refused.length) this.unkept(refused);
      const hash = toHash(state);
      if (hash === location.hash || (hash === '#' && !location.hash)) return;
      if (push) history.pushState(null, '', hash);
      else history.replaceState(null, '', hash);
    }, 0);
  }
}
