import type { AgentToolResult, ToolDefinition } from 'pi-coding-agent-0.84.2';
import { emitToolCall, emitToolResult, errorMessage, hasHandlers, type DispatchPort } from './event-dispatch.js';
import { checkToolArguments } from './tool-arguments.js';

export type ToolResultContent = AgentToolResult<unknown>['content'];

/** What the model would get back for one tool call. */
export interface ToolExecutionResult {
  readonly content: ToolResultContent;
  readonly details: unknown;
  readonly isError: boolean;
}

export interface ToolCallRequest {
  readonly tool: ToolDefinition;
  readonly toolCallId: string;
  readonly args: unknown;
  readonly signal: AbortSignal | undefined;
}

/** Pi's error tool result (agent-loop `createErrorToolResult`): the message only, empty details. */
function errorResult(message: string): ToolExecutionResult {
  return { content: [{ type: 'text', text: message }], details: {}, isError: true };
}

/** Untyped JavaScript tools may return no content; Pi turns that into an empty list. */
function contentOrEmpty(result: { readonly content?: ToolResultContent | undefined }): ToolResultContent {
  return result.content ?? [];
}

type Preparation =
  | { readonly kind: 'ready'; readonly args: unknown }
  | { readonly kind: 'done'; readonly result: ToolExecutionResult };

/** Before execute: `prepareArguments`, schema validation, then the `tool_call` event that may block. */
async function prepare(request: ToolCallRequest, port: DispatchPort): Promise<Preparation> {
  const { tool, toolCallId } = request;
  try {
    const prepared = tool.prepareArguments ? tool.prepareArguments(request.args) : request.args;
    const checked = checkToolArguments(tool.name, tool.parameters, prepared);
    if (!checked.ok) return { kind: 'done', result: errorResult(checked.message) };
    if (hasHandlers(port, 'tool_call')) {
      const event = { type: 'tool_call', toolName: tool.name, toolCallId, input: checked.value };
      const verdict = await emitToolCall(port, event);
      if (verdict?.block === true) {
        return { kind: 'done', result: errorResult(verdict.reason ?? 'Tool execution was blocked') };
      }
    }
    return { kind: 'ready', args: checked.value };
  } catch (error) {
    return { kind: 'done', result: errorResult(errorMessage(error)) };
  }
}

/**
 * One tool call as Pi 0.84.2's agent loop runs it: invalid arguments or a blocking `tool_call` handler end the
 * call before `execute`; a throwing `execute` becomes an error result with its message; `tool_result` handlers
 * may then patch the result. A result without content gets `[]`, as Pi normalises it.
 */
export async function runToolCall(request: ToolCallRequest, port: DispatchPort): Promise<ToolExecutionResult> {
  const preparation = await prepare(request, port);
  if (preparation.kind === 'done') return preparation.result;
  const { tool, toolCallId, signal } = request;
  let executed: ToolExecutionResult;
  try {
    const result = await tool.execute(toolCallId, preparation.args, signal, () => undefined, port.createContext());
    executed = { content: contentOrEmpty(result), details: result.details, isError: false };
  } catch (error) {
    executed = errorResult(errorMessage(error));
  }
  if (!hasHandlers(port, 'tool_result')) return executed;
  const patch = await emitToolResult(port, {
    type: 'tool_result',
    toolName: tool.name,
    toolCallId,
    input: preparation.args,
    content: executed.content,
    details: executed.details,
    isError: executed.isError,
  });
  if (patch === undefined) return executed;
  return {
    content: (patch.content as ToolResultContent | undefined) ?? executed.content,
    details: patch.details ?? executed.details,
    isError: patch.isError ?? executed.isError,
  };
}
