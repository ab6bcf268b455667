import { existsSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { startPi, type PiDriver } from '../src/real/pi-driver.js';
import { customEntries } from '../src/real/session-file.js';
import { PI_E2E_TIMEOUT_MS, describeEachPi } from '../src/real/vitest-matrix.js';
import { ECHO_EXTENSION_PATH, ECHO_NOTE_ENTRY } from './support/echo-fixture.js';

describeEachPi('real Pi driver', (target) => {
  let pi: PiDriver;

  beforeAll(async () => {
    pi = await startPi({ ...target, extensions: [ECHO_EXTENSION_PATH] });
  }, PI_E2E_TIMEOUT_MS);

  afterAll(async () => {
    await pi.dispose();
  }, PI_E2E_TIMEOUT_MS);

  // One process per version; every test starts from a fresh session and an empty script.
  beforeEach(async () => {
    pi.model.reset();
    await pi.newSession();
  });

  afterEach(() => {
    expect(pi.extensionErrors()).toEqual([]);
  });

  it('delivers the notification of an extension command', async () => {
    const result = await pi.prompt('/echo hello world');

    expect(result.notifications).toEqual([{ message: 'echo: hello world', notifyType: 'info' }]);
    expect(result.startedRun).toBe(false);
    expect(pi.model.requests()).toEqual([]);
  });

  it('cancels a blocking dialog so the command still finishes', async () => {
    const result = await pi.prompt('/echo-confirm');

    expect(result.notifications).toEqual([{ message: 'confirmed: false', notifyType: 'info' }]);
  });

  it('lists the extension command in get_commands', async () => {
    const commands = await pi.getCommands();

    expect(commands).toContainEqual({ name: 'echo', description: 'Notify the arguments back', source: 'extension' });
  });

  it('runs a model turn where the model calls the extension tool and then answers', async () => {
    pi.model.enqueue({ toolCalls: [{ name: 'echo_note', arguments: { note: 'first' } }] }, { text: 'Noted it.' });

    const result = await pi.prompt('please note first');

    expect(result.startedRun).toBe(true);
    expect(result.assistantText).toBe('Noted it.');
    const [toolTurn, answerTurn, ...rest] = pi.model.chatRequests();
    expect(rest).toEqual([]);
    expect(toolTurn?.toolNames).toContain('echo_note');
    expect(toolTurn?.lastUserText).toBe('please note first');
    const toolResult = answerTurn?.messages.find((message) => message.role === 'tool');
    expect(toolResult?.content).toContain('noted: first');
    expect(pi.model.pendingSteps()).toBe(0);
  });

  it('rejects a prompt whose model turn failed, without retrying', async () => {
    pi.model.enqueue(() => {
      throw new Error('script bug');
    });

    await expect(pi.prompt('trigger a failure')).rejects.toThrow(/^Pi [\d.]+: a model turn failed: /);
    expect(pi.model.chatRequests()).toHaveLength(1);
  });

  it('writes the session file with the custom entry only once a model turn completed', async () => {
    const sessionFile = pi.sessionFile;
    expect(sessionFile).toBeDefined();
    await pi.prompt('/echo before any turn');
    expect(existsSync(sessionFile ?? '')).toBe(false);

    pi.model.enqueue({ toolCalls: [{ name: 'echo_note', arguments: { note: 'kept' } }] }, { text: 'Done.' });
    await pi.prompt('note kept');

    const notes = customEntries(await pi.readSessionFile(), ECHO_NOTE_ENTRY);
    expect(notes.map((entry) => entry['data'])).toEqual([{ note: 'kept' }]);
  });

  it('restarts on the same session file and keeps the conversation', async () => {
    pi.model.enqueue({ text: 'I will remember.' });
    await pi.prompt('remember the word alpha');
    const sessionFile = pi.sessionFile;

    await pi.restart();

    expect((await pi.getState()).sessionFile).toBe(sessionFile);
    pi.model.enqueue({ text: 'It was alpha.' });
    await pi.prompt('which word?');
    const lastRequest = pi.model.chatRequests().at(-1);
    expect(lastRequest?.contextText).toContain('remember the word alpha');
    expect(lastRequest?.contextText).toContain('I will remember.');
  });

  it('kills Pi with SIGKILL, rejects waits on the dead process, and restarts on the session file', async () => {
    pi.model.enqueue({ text: 'Written before the kill.' });
    await pi.prompt('before the kill');
    const sessionFile = pi.sessionFile;

    await pi.kill();

    await expect(pi.getState()).rejects.toThrow(/Pi is not running|signal SIGKILL/);
    await pi.restart();
    expect((await pi.getState()).sessionFile).toBe(sessionFile);
    pi.model.enqueue({ text: 'Still here.' });
    await pi.prompt('after the kill');
    expect(pi.model.chatRequests().at(-1)?.contextText).toContain('Written before the kill.');
  });

  it('opens a fresh session with new_session and returns with switch_session', async () => {
    await pi.prompt('first session');
    const firstFile = pi.sessionFile ?? '';

    expect(await pi.newSession()).toBe(true);
    const fresh = await pi.getState();
    expect(fresh.sessionFile).not.toBe(firstFile);
    expect(fresh.messageCount).toBe(0);

    expect(await pi.switchSession(firstFile)).toBe(true);
    const back = await pi.getState();
    expect(back.sessionFile).toBe(firstFile);
    expect(back.messageCount).toBeGreaterThan(0);
  });

  it('compacts with the scripted summary and sends it to the model afterwards', async () => {
    pi.model.setSummary('SCRIPTED-SUMMARY-7');
    for (const text of ['turn one', 'turn two', 'turn three']) await pi.prompt(text);

    const result = await pi.compact();

    expect(result.summary).toContain('SCRIPTED-SUMMARY-7');
    expect(pi.model.summaryRequests().length).toBeGreaterThan(0);
    const compaction = (await pi.readSessionFile()).filter((entry) => entry.type === 'compaction');
    expect(compaction).toHaveLength(1);
    expect(compaction[0]?.['summary']).toContain('SCRIPTED-SUMMARY-7');
    await pi.prompt('after compaction');
    expect(pi.model.chatRequests().at(-1)?.contextText).toContain('SCRIPTED-SUMMARY-7');
  });
});
