import { contentText, type ModelRequest } from './model-request.js';
import type { ScriptedReply } from './openai-stream.js';
import type { PiDriver } from './pi-driver.js';

// Pi 1.6's codemode as a test drives it: the model calls one tool, `codemode`, whose JavaScript
// calls the other tools; only what the script returns reaches the model.

/** Agent settings that turn codemode on and offer the model nothing else (`mode: "only"`). */
export const CODEMODE_ONLY_SETTINGS: Readonly<Record<string, unknown>> = Object.freeze({
  defaultTools: ['+codemode'],
  codemode: { mode: 'only' },
});

/** One assistant message calling `codemode` with `code`: raw JavaScript, run as an async function body. */
export function codemodeCall(code: string): ScriptedReply {
  return { toolCalls: [{ name: 'codemode', arguments: { code } }] };
}

const OUTPUT_HEADER = '\nOutput:\n\n';

/**
 * What the newest codemode script of the request returned, as the model received it: the text after
 * Pi's `Script completed` header. Throws with the whole result when the script failed.
 */
function scriptOutput(request: ModelRequest): string {
  const result = request.messages.filter((message) => message.role === 'tool').at(-1);
  const text = result === undefined ? '' : contentText(result.content);
  const start = text.indexOf(OUTPUT_HEADER);
  if (!text.startsWith('Script completed') || start < 0) {
    throw new Error(`no completed codemode script in the request:\n${text}`);
  }
  return text.slice(start + OUTPUT_HEADER.length);
}

/** One model turn whose only tool call is a codemode script, then `reply`; resolves to what the script returned. */
export async function runCodemodeScript(pi: PiDriver, code: string, reply = 'Done.'): Promise<string> {
  pi.model.enqueue(codemodeCall(code), { text: reply });
  await pi.prompt('Use the tools.');
  const request = pi.model.chatRequests().at(-1);
  if (request === undefined) throw new Error('the scripted model received no request');
  return scriptOutput(request);
}
