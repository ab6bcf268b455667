import { describe, expect, it } from 'vitest';
import {
  agentMessageChunks,
  agentMessageText,
  availableCommandNames,
  toolCallViews,
  type AcpSessionUpdate,
} from '../src/acp/session-updates.js';

const text = (value: string): AcpSessionUpdate => ({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: value } });

describe('session updates as a client shows them', () => {
  it('joins agent message chunks in order and skips other updates and non-text blocks', () => {
    const updates = [text('Hello, '), { sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: 'hm' } }, { sessionUpdate: 'agent_message_chunk', content: { type: 'image', data: '' } }, text('world.')];
    expect(agentMessageChunks(updates)).toEqual(['Hello, ', '', 'world.']);
    expect(agentMessageText(updates)).toBe('Hello, world.');
  });

  it('folds tool_call and tool_call_update per id: later fields win, omitted fields stay, the result replaces progress', () => {
    const updates: AcpSessionUpdate[] = [
      { sessionUpdate: 'tool_call', toolCallId: 'a', title: 'agent_state_get', kind: 'other', status: 'pending', rawInput: {} },
      { sessionUpdate: 'tool_call', toolCallId: 'b', title: 'agent_state_add_work_item', status: 'pending' },
      { sessionUpdate: 'tool_call_update', toolCallId: 'a', status: 'in_progress', content: [{ type: 'content', content: { type: 'text', text: 'working' } }] },
      { sessionUpdate: 'tool_call_update', toolCallId: 'a', status: 'completed', content: [{ type: 'content', content: { type: 'text', text: 'line 1' } }, { type: 'diff', path: '/x' }, { type: 'content', content: { type: 'text', text: 'line 2' } }] },
      { sessionUpdate: 'tool_call_update', toolCallId: 'b', status: 'failed', content: [{ type: 'content', content: { type: 'text', text: 'Rejected.' } }] },
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
