import { realpathSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AgentToolResult, ToolDefinition } from 'pi-coding-agent-0.84.2';
import { errorMessage, type DispatchPort } from './event-dispatch.js';

export type ToolResultContent = AgentToolResult<unknown>['content'];

/** The text parts of a tool result as one string: what the model reads of it. */
export function toolResultText(content: readonly { readonly type: string; readonly text?: string }[]): string {
  return content.map((part) => part.text ?? '').join('');
}

/** What the model would get back for one tool call. */
export interface ToolExecutionResult {
  readonly content: ToolResultContent;
  readonly details: unknown;
  readonly isError: boolean;
}

type ValidateToolArguments = (tool: ToolDefinition, call: { readonly name: string; readonly arguments: unknown }) => unknown;

let piValidation: Promise<ValidateToolArguments> | undefined;

/**
 * Pi's own argument check (pi-ai's `validateToolArguments`, which Pi 0.84.2's agent loop runs before
 * `execute`): taken from the installed Pi, so the fake refuses, coerces and words a refusal as Pi does.
 */
function validateToolArguments(): Promise<ValidateToolArguments> {
  piValidation ??= (async () => {
    const piPackage = realpathSync(fileURLToPath(new URL('../../node_modules/pi-coding-agent-0.84.2', import.meta.url)));
    const validation = (await import(pathToFileURL(`${piPackage}/../pi-ai/dist/utils/validation.js`).href)) as { validateToolArguments: ValidateToolArguments };
    return validation.validateToolArguments;
  })();
  return piValidation;
}

/** Pi's error tool result (agent-loop `createErrorToolResult`): the message only, empty details. */
function errorResult(message: string): ToolExecutionResult {
  return { content: [{ type: 'text', text: message }], details: {}, isError: true };
}

/**
 * One tool call as Pi 0.84.2's agent loop runs it: `prepareArguments`, then Pi's argument check, whose
 * refusal ends the call before `execute`; a throwing `execute` becomes an error result with its message.
 * A result without content gets `[]`, as Pi normalises it.
 */
export async function runToolCall(tool: ToolDefinition, toolCallId: string, args: unknown, port: DispatchPort): Promise<ToolExecutionResult> {
  const validate = await validateToolArguments();
  try {
    const prepared: unknown = tool.prepareArguments ? tool.prepareArguments(args) : args;
    const checked = validate(tool, { name: tool.name, arguments: prepared });
    const result = await tool.execute(toolCallId, checked, new AbortController().signal, () => undefined, port.createContext() as never);
    return { content: (result as { content?: ToolResultContent }).content ?? [], details: result.details, isError: false };
  } catch (error) {
    return errorResult(errorMessage(error));
  }
}
