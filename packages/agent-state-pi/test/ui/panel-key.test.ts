import { KEYBINDING_HOSTS, hostReadsKey, normalizeKeyId, readHostKeybindings } from '@j1nn0/pi-real-hosts';
import { keySequence } from '@j1nn0/pi-real-hosts/terminal';
import { describe, expect, it } from 'vitest';
import { PANEL_TOGGLE_KEY } from '../../src/ui/panel.js';

// The panel's key must reach the extension on every tested host: no host may bind it by default
// (Pi skips an extension key that clashes with a reserved one and lets others shadow it), and
// a terminal without the kitty protocol must be able to send it.

const KEY = normalizeKeyId(PANEL_TOGGLE_KEY);
/** Keys every host binds (clear, interrupt, tool output): a reading without them read nothing. */
const BOUND_EVERYWHERE = ['ctrl+c', 'escape', 'ctrl+o'];
const READ_TIMEOUT_MS = 30_000;

describe.each(KEYBINDING_HOSTS)(`the panel key ${PANEL_TOGGLE_KEY} on $label`, (host) => {
  it('is bound by none of its default keys and named nowhere in its key code', async () => {
    const { defaults, literals } = await readHostKeybindings(host);
    for (const key of BOUND_EVERYWHERE) expect(defaults).toContain(key);
    expect(literals).toContain('ctrl+o');
    expect([...defaults]).not.toContain(KEY);
    expect([...literals]).not.toContain(KEY);
  }, READ_TIMEOUT_MS);

  it('is what its terminal UI reads from the legacy bytes a terminal sends for it', async () => {
    expect(await hostReadsKey(host, keySequence(PANEL_TOGGLE_KEY), PANEL_TOGGLE_KEY)).toBe(true);
    // The same bytes are not another key of the host's.
    expect(await hostReadsKey(host, keySequence(PANEL_TOGGLE_KEY), 'alt+d')).toBe(false);
  }, READ_TIMEOUT_MS);
});
