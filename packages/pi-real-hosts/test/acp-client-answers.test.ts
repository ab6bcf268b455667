import { describe, expect, it } from 'vitest';
import { answerPermission, pathInsideRoot, sliceLines } from '../src/acp/client-requests.js';
import { shellWord } from '../src/acp/pi-acp-agent.js';
import { agentMessageChunks, agentMessageText, availableCommandNames, toolCallViews, type AcpSessionUpdate } from '../src/acp/session-updates.js';

// What the ACP client answers an agent, and the session updates it keeps folded as an editor shows them.

describe('answers to what an agent asks of the client', () => {
  it('allows with an offered option, once before always, and cancels when none allows', () => {
    const options = [
      { optionId: 'never', name: 'Never', kind: 'reject_always' },
      { optionId: 'always', name: 'Always', kind: 'allow_always' },
      { optionId: 'once', name: 'Once', kind: 'allow_once' },
    ] as const;
    expect(answerPermission({ options: [...options] })).toEqual({ outcome: { outcome: 'selected', optionId: 'once' } });
    expect(answerPermission({ options: [options[0], options[1]] })).toEqual({ outcome: { outcome: 'selected', optionId: 'always' } });
    expect(answerPermission({ options: [options[0]] })).toEqual({ outcome: { outcome: 'cancelled' } });
  });

  it('serves files inside its root only, a 1-based line and a limit applied', () => {
    expect(['/tmp/sandbox/project/a.txt', '/tmp/sandbox/../etc/passwd', '/tmp/sandbox-other/a', 'project/a.txt'].map((path) => pathInsideRoot('/tmp/sandbox', path))).toEqual([
      '/tmp/sandbox/project/a.txt',
      undefined,
      undefined,
      undefined,
    ]);
    const text = 'a\nb\nc\nd';
    expect([sliceLines(text, undefined, undefined), sliceLines(text, 2, 2), sliceLines(text, 3, undefined), sliceLines(text, undefined, 1)]).toEqual([text, 'b\nc', 'c\nd', 'a']);
  });

  it('quotes a word for the wrapper script so that quotes and spaces survive', () => {
    expect(shellWord("it's a path")).toBe(`'it'\\''s a path'`);
  });
});

describe('session updates as a client shows them', () => {
  const text = (value: string): AcpSessionUpdate => ({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: value } });

  it('joins agent message chunks in order and skips other updates and non-text blocks', () => {
    const updates = [text('Hello, '), { sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: 'hm' } }, { sessionUpdate: 'agent_message_chunk', content: { type: 'image', data: '' } }, text('world.')];
    expect(agentMessageChunks(updates)).toEqual(['Hello, ', '', 'world.']);
    expect(agentMessageText(updates)).toBe('Hello, world.');
  });

  it('folds tool_call and tool_call_update per id: later fields win, omitted fields stay, the result replaces progress', () => {
    const content = (...texts: string[]): unknown[] => texts.map((value) => ({ type: 'content', content: { type: 'text', text: value } }));
    const updates: AcpSessionUpdate[] = [
      { sessionUpdate: 'tool_call', toolCallId: 'a', title: 'agent_state_get', kind: 'other', status: 'pending', rawInput: {} },
      { sessionUpdate: 'tool_call', toolCallId: 'b', title: 'agent_state_add_work_item', status: 'pending' },
      { sessionUpdate: 'tool_call_update', toolCallId: 'a', status: 'in_progress', content: content('working') },
      { sessionUpdate: 'tool_call_update', toolCallId: 'a', status: 'completed', content: [...content('line 1'), { type: 'diff', path: '/x' }, ...content('line 2')] },
      { sessionUpdate: 'tool_call_update', toolCallId: 'b', status: 'failed', content: content('Rejected.') },
      { sessionUpdate: 'tool_call_update', toolCallId: 'b', status: 'failed' },
      { sessionUpdate: 'tool_call_update', status: 'failed' },
    ];
    expect(toolCallViews(updates)).toEqual([
      { toolCallId: 'a', title: 'agent_state_get', kind: 'other', status: 'completed', text: 'line 1\nline 2', rawInput: {} },
      { toolCallId: 'b', title: 'agent_state_add_work_item', kind: undefined, status: 'failed', text: 'Rejected.', rawInput: undefined },
    ]);
  });

  it('lists the command names of the newest available_commands_update only', () => {
    expect(availableCommandNames([text('a')])).toBeUndefined();
    const first = { sessionUpdate: 'available_commands_update', availableCommands: [{ name: 'compact', description: '' }] };
    const second = { sessionUpdate: 'available_commands_update', availableCommands: [{ name: 'agent-state', description: '' }, { description: 'nameless' }] };
    expect(availableCommandNames([first, second])).toEqual(['agent-state']);
  });
});
