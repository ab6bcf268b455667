import type { PiTerminal } from '@j1nn0/pi-real-hosts/terminal';
import { demoScene, enterLine } from './demo-pi.js';

// A person sets the objective and six work items, blocks one, finishes one and protects the goal
// with Context Guard; then one model turn adds an item in progress (accepted) and an existing id
// (refused). Six unfinished items do not all fit the panel, so it shows the work in hand first.

async function play(terminal: PiTerminal): Promise<void> {
  await enterLine(terminal, '/agent-state objective Ship the CSV export', 'Agent State · Ship the CSV export');
  await enterLine(terminal, '/agent-state add parse Parse the arguments', '◆ Agent State: added parse (open)');
  await enterLine(terminal, '/agent-state add fmt Format the rows', '◆ Agent State: added fmt (open)');
  await enterLine(terminal, '/agent-state add api Wait for the API review', '◆ Agent State: added api (open)');
  await enterLine(terminal, '/agent-state add cols Pick the column order', '◆ Agent State: added cols (open)');
  await enterLine(terminal, '/agent-state add quote Quote fields that hold commas', '◆ Agent State: added quote (open)');
  await enterLine(terminal, '/agent-state add bom Write a UTF-8 byte order mark', '◆ Agent State: added bom (open)');
  await enterLine(terminal, '/context-guard add csv-goal goal --critical Ship the CSV export', '◆ Context Guard: protected csv-goal');
  await enterLine(terminal, '/agent-state set api blocked', '◆ Agent State: set api → blocked');
  await enterLine(terminal, '/agent-state set parse done', '◆ Agent State: set parse → done');
  terminal.model.enqueue(
    {
      toolCalls: [
        { name: 'agent_state_add_work_item', arguments: { id: 'docs', content: 'Document the export', status: 'in_progress' } },
        { name: 'agent_state_add_work_item', arguments: { id: 'parse', content: 'Parse the arguments' } },
      ],
    },
    { text: 'Started on the docs; parse was recorded already.' },
  );
  await enterLine(terminal, 'Record the docs work', 'parse was recorded already.');
}

const DESCRIPTION =
  "Pi 1.6.0's terminal with Agent State: chat lines for each saved change, a model tool row that added a work item (✓) and one refused for an existing id (✗), " +
  'the panel with the objective, 1 of 7 done, the work in hand first (in progress, blocked, then open, each with the time it took that status) and what it left out, and the Agent State and Context Guard footers';

export const AGENT_STATE_SCENE = demoScene('agent-state', 'agent-state-pi', DESCRIPTION, play);
