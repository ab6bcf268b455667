import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { AcpClient } from '../src/acp/acp-client.js';
import { TEST_CLIENT_CAPABILITIES } from '../src/acp/client-requests.js';
import { agentMessageText, availableCommandNames, toolCallViews } from '../src/acp/session-updates.js';
import { disposeAll, liveProcessCount } from '../src/real/process-registry.js';
import { createPiSandbox, type PiSandbox } from '../src/real/sandbox.js';

const AGENT = fileURLToPath(new URL('fixtures/scripted-acp-agent.mjs', import.meta.url));

async function startScriptedAgent(sandbox: PiSandbox, env: Readonly<Record<string, string>> = {}): Promise<AcpClient> {
  const client = AcpClient.start({
    label: 'scripted agent',
    command: process.execPath,
    args: [AGENT],
    cwd: sandbox.projectDir,
    env: { ...sandbox.env(), ...env },
    fileRoot: sandbox.root,
    timeoutMs: 5_000,
  });
  await client.initialize();
  return client;
}

describe('AcpClient against a scripted agent', () => {
  afterEach(disposeAll);

  it('announces its capabilities, opens a session and collects what a prompt streams until its answer', async () => {
    const sandbox = await createPiSandbox();
    const client = AcpClient.start({ label: 'scripted agent', command: process.execPath, args: [AGENT], cwd: sandbox.projectDir, env: sandbox.env(), fileRoot: sandbox.root });
    expect(await client.initialize()).toMatchObject({ protocolVersion: 1, echoedCapabilities: TEST_CLIENT_CAPABILITIES });
    const sessionId = await client.newSession(sandbox.projectDir);
    await client.waitForUpdate((update) => update.sessionUpdate === 'available_commands_update');
    expect(availableCommandNames(client.updates(sessionId))).toEqual(['help']);

    const outcome = await client.prompt(sessionId, 'hi');
    expect(outcome.stopReason).toBe('end_turn');
    expect(agentMessageText(outcome.updates)).toBe('You said: hi');
    expect(toolCallViews(outcome.updates)).toEqual([{ toolCallId: 'c1', title: 'lookup', kind: 'read', status: 'failed', text: 'no such item', rawInput: undefined }]);
  });

  it('answers permission and file requests and refuses what it does not offer', async () => {
    const sandbox = await createPiSandbox();
    const file = join(sandbox.projectDir, 'notes.txt');
    await writeFile(file, 'one\ntwo\nthree\n');
    const client = await startScriptedAgent(sandbox, { ACP_FIXTURE_FILE: file });
    const sessionId = await client.newSession(sandbox.projectDir);

    const reply = JSON.parse(agentMessageText((await client.prompt(sessionId, 'ask')).updates)) as unknown;
    expect(reply).toEqual({
      permission: { outcome: { outcome: 'selected', optionId: 'yes' } },
      file: { content: 'two' },
      terminal: { error: { code: -32601, message: '"Method not found": terminal/create', data: { method: 'terminal/create' } } },
    });
  });

  it('rejects an error answer and every pending wait once the agent is gone, and leaves no process behind', async () => {
    const sandbox = await createPiSandbox();
    const client = await startScriptedAgent(sandbox);
    const sessionId = await client.newSession(sandbox.projectDir);
    await expect(client.prompt(sessionId, 'fail')).rejects.toThrow('scripted agent: session/prompt failed: scripted failure (code -32603)');
    const turn = client.startPrompt(sessionId, 'hang');
    const waiting = client.waitForUpdate(() => false, { timeoutMs: 5_000 });
    await client.dispose();
    await expect(waiting).rejects.toThrow(/the agent exited/u);
    await expect(turn.completion()).rejects.toThrow(/the agent exited/u);
    expect(liveProcessCount()).toBe(0);
  });
});
