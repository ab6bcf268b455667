import { STATE_ENTRY_TYPE as AGENT_STATE_ENTRY_TYPE } from '@j1nn0/agent-state-pi';
import {
  CHECK_ENTRY_TYPE as CONTEXT_GUARD_CHECK_ENTRY_TYPE,
  STATE_ENTRY_TYPE as CONTEXT_GUARD_ENTRY_TYPE,
  RECOVERY_MESSAGE_TYPE,
} from '@j1nn0/agent-context-guard-pi';
import { formatList } from '../../../agent-context-guard-pi/src/format.js';
import { EMPTY_GUARD_STATE } from '../../../agent-context-guard-pi/src/guard-state.js';

// The names each adapter documents as its own; a coexistence test checks them against the host.

export { AGENT_STATE_ENTRY_TYPE, CONTEXT_GUARD_CHECK_ENTRY_TYPE, CONTEXT_GUARD_ENTRY_TYPE, RECOVERY_MESSAGE_TYPE };

export const AGENT_STATE_COMMAND = 'agent-state';
export const CONTEXT_GUARD_COMMAND = 'context-guard';

/** Agent State's four tools, then Context Guard's two. */
export const ALL_ADAPTER_TOOLS: readonly string[] = [
  'agent_state_get',
  'agent_state_add_work_item',
  'agent_state_set_work_item_status',
  'agent_state_add_decision',
  'context_guard_list',
  'context_guard_protect',
];

/** Context Guard's empty list, as its formatter writes it. */
export const EMPTY_CONTEXT_GUARD_LIST = formatList(EMPTY_GUARD_STATE);
