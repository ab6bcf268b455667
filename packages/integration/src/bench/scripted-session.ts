import type { PiDriver } from '@j1nn0/pi-real-hosts';
import type { MutationScript } from './mutation-script.js';

export const AGENT_STATE_COMMAND = '/agent-state';
const MODEL_RUN_PROMPT = 'Record the next changes in the Agent State.';
const MODEL_RUN_ANSWER = 'Recorded.';

/** Plays a mutation script into a real Pi: one prompt per command, one prompt per model run. */
export async function playMutationScript(pi: PiDriver, script: MutationScript): Promise<void> {
  for (const step of script.steps) {
    if (step.kind === 'command') {
      await pi.prompt(`${AGENT_STATE_COMMAND} ${step.text}`);
    } else {
      pi.model.enqueue(...step.turns.map((turn) => ({ toolCalls: turn.map((call) => call.call) })), { text: MODEL_RUN_ANSWER });
      await pi.prompt(MODEL_RUN_PROMPT);
      if (pi.model.pendingSteps() !== 0) throw new Error('a model run ended before its script did');
    }
  }
}
