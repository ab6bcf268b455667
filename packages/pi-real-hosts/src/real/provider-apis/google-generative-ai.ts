import { estimateTokens, type ScriptedReply } from '../openai-stream.js';
import type { ProviderWire, StreamParameters, WireMessage, WireRefusal, WireRequest, WireTool, WireToolResult } from './wire.js';
import { isRecord, records, stringOf } from './json-fields.js';

// Google's Generative Language API (Gemini), as Pi calls it on `api: "google-generative-ai"`: through
// the @google/genai SDK (Pi 0.73.1 and 0.84: SDK 1.52.0; 1.6.0: 2.32.0) or, on oh-my-pi 18.2.3, its
// own fetch of the same REST body. Both POST `${baseUrl}/models/${model}:streamGenerateContent?alt=sse`
// with the key in `x-goog-api-key`: for a custom baseUrl Pi sets the SDK's apiVersion to '', so the
// baseUrl carries the version, as Google's own `https://generativelanguage.googleapis.com/v1beta` does.
//
// Every Pi line and oh-my-pi declare tools with `parametersJsonSchema` (full JSON Schema) on this API;
// the legacy `parameters` (Google's OpenAPI subset) only goes to Cloud Code Assist, for Claude models.
// The refusals below are Google's for that subset, so a request Pi someday sends that way is answered
// as Google would answer it. (Through the SDK a legacy schema arrives converted: types upper-cased and
// `additionalProperties` dropped, or moved to `parametersJsonSchema` if it has `$schema`; `const`,
// `$ref` and number enums pass through.)

/** Google's rule for a function name, and its words when one breaks it (max 64, as its server says). */
const FUNCTION_NAME = /^[a-zA-Z_][a-zA-Z0-9_.-]{0,63}$/u;
const INVALID_FUNCTION_NAME =
  'Invalid function name. Must start with a letter or an underscore. Must be alphameric (a-z, A-Z, 0-9), underscores (_), dots (.) or dashes (-), with a maximum length of 64.';

/** The fields of Google's `Schema` message: any other key of a legacy `parameters` schema fails to parse. */
const SCHEMA_FIELDS: ReadonlySet<string> = new Set([
  'type', 'format', 'title', 'description', 'nullable', 'enum', 'items', 'properties', 'required', 'anyOf', 'any_of',
  'propertyOrdering', 'property_ordering', 'default', 'example', 'minimum', 'maximum', 'minItems', 'min_items',
  'maxItems', 'max_items', 'minLength', 'min_length', 'maxLength', 'max_length', 'minProperties', 'min_properties',
  'maxProperties', 'max_properties', 'pattern',
]);
/** The fields of `FunctionDeclaration` (JSON and proto names: Google's parser takes both). */
const DECLARATION_FIELDS: ReadonlySet<string> = new Set([
  'name', 'description', 'behavior', 'parameters', 'parametersJsonSchema', 'parameters_json_schema', 'response',
  'responseJsonSchema', 'response_json_schema',
]);
const SCHEMA_TYPES: ReadonlySet<string> = new Set(['TYPE_UNSPECIFIED', 'STRING', 'NUMBER', 'INTEGER', 'BOOLEAN', 'ARRAY', 'OBJECT', 'NULL']);
const TYPE_ENUM = 'type.googleapis.com/google.ai.generativelanguage.v1beta.Type';

interface Declaration {
  readonly declaration: Record<string, unknown>;
  /** Where Google's errors name it: `tools[0].function_declarations[1]`. */
  readonly path: string;
}

function declarationsOf(body: unknown): Declaration[] {
  const tools = isRecord(body) ? records(body['tools']) : [];
  return tools.flatMap((tool, toolIndex) =>
    records(tool['functionDeclarations']).map((declaration, index) => ({ declaration, path: `tools[${toolIndex}].function_declarations[${index}]` })),
  );
}

/** The text of `systemInstruction`: a Content (the SDK makes one of Pi's string) or, in the raw API, a string. */
function systemText(instruction: unknown): string {
  if (typeof instruction === 'string') return instruction;
  return isRecord(instruction) ? records(instruction['parts']).map((part) => stringOf(part['text'])).join('\n') : '';
}

/** Visible text of a content's parts; thought summaries (`thought: true`) are the model's reasoning, not its words. */
function partsText(parts: readonly Record<string, unknown>[]): string {
  return parts
    .filter((part) => typeof part['text'] === 'string' && part['thought'] !== true)
    .map((part) => stringOf(part['text']))
    .join('');
}

/**
 * The key of a functionCall or functionResponse: its `id` when it has one (Pi sends ids only for models
 * that need them: Gemini 3+, claude-*, gpt-oss-*), else its name, numbered from the name's second use
 * (`read#2`). Google pairs the k-th response to a name with the k-th call of it, so the keys pair alike.
 */
function callKeys(): (call: Record<string, unknown>) => string {
  const uses = new Map<string, number>();
  return (call) => {
    const id = call['id'];
    if (typeof id === 'string' && id !== '') return id;
    const name = stringOf(call['name']);
    const use = (uses.get(name) ?? 0) + 1;
    uses.set(name, use);
    return use === 1 ? name : `${name}#${String(use)}`;
  };
}

/**
 * A functionResponse's `response`: Pi writes `{ output }` for a result and `{ error }` for an error
 * result, the keys Google documents; a response with neither is all output.
 */
function responseText(response: unknown): string {
  if (response === undefined) return '';
  const value = isRecord(response) ? (response['error'] ?? response['output'] ?? response) : response;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function isErrorResponse(response: unknown): boolean {
  return isRecord(response) && response['error'] !== undefined;
}

function readContents(contents: readonly Record<string, unknown>[]): WireMessage[] {
  return contents.flatMap((content): WireMessage[] => {
    const parts = records(content['parts']);
    if (content['role'] === 'model') return [{ role: 'assistant', text: partsText(parts) }];
    const results = parts.flatMap((part) => (isRecord(part['functionResponse']) ? [part['functionResponse']] : []));
    const tool = results.map((result): WireMessage => ({ role: 'tool', text: responseText(result['response']) }));
    const hasText = parts.some((part) => typeof part['text'] === 'string');
    return hasText ? [...tool, { role: 'user', text: partsText(parts) }] : tool;
  });
}

/** Gemini has no strict flag per tool: `VALIDATED` function calling holds every call of the request to its schema. */
function validatesCalls(body: unknown): boolean {
  const toolConfig = isRecord(body) && isRecord(body['toolConfig']) ? body['toolConfig'] : {};
  const calling = isRecord(toolConfig['functionCallingConfig']) ? toolConfig['functionCallingConfig'] : {};
  return calling['mode'] === 'VALIDATED';
}

function readTools(body: unknown): WireTool[] {
  const strict = validatesCalls(body);
  return declarationsOf(body).map(({ declaration }) => ({
    name: stringOf(declaration['name']),
    description: stringOf(declaration['description']),
    parameters: declaration['parametersJsonSchema'] ?? declaration['parameters'],
    strict,
  }));
}

interface FieldViolation {
  readonly field: string;
  readonly description: string;
}

function unknownName(name: string, path: string): FieldViolation {
  return { field: path, description: `Invalid JSON payload received. Unknown name "${name}" at '${path}': Cannot find field.` };
}

function invalidValue(path: string, type: string, value: unknown): FieldViolation {
  return { field: path, description: `Invalid value at '${path}' (${type}), ${JSON.stringify(value)}` };
}

/**
 * Why a legacy `parameters` schema fails to parse as Google's `Schema` message: unknown keys (JSON
 * Schema's `additionalProperties`, `const`, `$ref`, `$schema`...), a type outside Google's `Type`, an
 * `enum` value that is not a string. Paths as Google writes them: map entries by position.
 */
function parseViolations(schema: unknown, path: string): FieldViolation[] {
  if (!isRecord(schema)) return [];
  return Object.entries(schema).flatMap(([key, value]): FieldViolation[] => {
    if (!SCHEMA_FIELDS.has(key)) return [unknownName(key, path)];
    switch (key) {
      case 'type':
        if (Array.isArray(value)) return [{ field: path, description: `Invalid JSON payload received. Unknown name "type" at '${path}': Proto field is not repeating, cannot start list.` }];
        return typeof value === 'string' && SCHEMA_TYPES.has(value.toUpperCase()) ? [] : [invalidValue(`${path}.type`, TYPE_ENUM, value)];
      case 'enum':
        return Array.isArray(value) ? value.flatMap((item: unknown, index) => (typeof item === 'string' ? [] : [invalidValue(`${path}.enum[${index}]`, 'TYPE_STRING', item)])) : [];
      case 'properties':
        return isRecord(value) ? Object.values(value).flatMap((property, index) => parseViolations(property, `${path}.properties[${index}].value`)) : [];
      case 'items':
        return parseViolations(value, `${path}.items`);
      case 'anyOf':
      case 'any_of':
        return Array.isArray(value) ? value.flatMap((variant: unknown, index) => parseViolations(variant, `${path}.any_of[${index}]`)) : [];
      default:
        return [];
    }
  });
}

/** What Google's validation says of a legacy schema that parsed: `enum` only on strings. Paths name properties. */
function schemaProblems(schema: unknown, path: string): string[] {
  if (!isRecord(schema)) return [];
  const type = typeof schema['type'] === 'string' ? schema['type'].toUpperCase() : undefined;
  const own = schema['enum'] !== undefined && type !== 'STRING' ? [`${path}.enum: only allowed for STRING type`] : [];
  const properties = isRecord(schema['properties']) ? Object.entries(schema['properties']) : [];
  const variants = Array.isArray(schema['anyOf']) ? (schema['anyOf'] as unknown[]) : Array.isArray(schema['any_of']) ? (schema['any_of'] as unknown[]) : [];
  return [
    ...own,
    ...properties.flatMap(([name, property]) => schemaProblems(property, `${path}.properties[${name}]`)),
    ...schemaProblems(schema['items'], `${path}.items`),
    ...variants.flatMap((variant, index) => schemaProblems(variant, `${path}.any_of[${index}]`)),
  ];
}

function declarationProblems({ declaration, path }: Declaration): string[] {
  const name = declaration['name'];
  const nameProblem = typeof name === 'string' && FUNCTION_NAME.test(name) ? [] : [`${path}.name: ${INVALID_FUNCTION_NAME}`];
  // Google documents the two as mutually exclusive; the wording is ours, in its validation's form.
  const both = declaration['parameters'] !== undefined && declaration['parametersJsonSchema'] !== undefined;
  const bothProblem = both ? [`${path}.parameters_json_schema: must not be set together with parameters`] : [];
  return [...nameProblem, ...bothProblem, ...schemaProblems(declaration['parameters'], `${path}.parameters`)];
}

/** Google's 400: `INVALID_ARGUMENT`, with the field violations when the body did not parse. */
function invalidArgument(message: string, violations: readonly FieldViolation[] = []): WireRefusal {
  const details = violations.length === 0 ? {} : { details: [{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: violations }] };
  return { status: 400, body: { error: { code: 400, message, status: 'INVALID_ARGUMENT', ...details } } };
}

/** One SSE event as Google writes them: compact JSON, events ended by CRLF CRLF (the SDK splits on either ending). */
function sseEvent(payload: unknown): string {
  return `data: ${JSON.stringify(payload)}\r\n\r\n`;
}

export const GOOGLE_GENERATIVE_AI_WIRE: ProviderWire = {
  api: 'google-generative-ai',
  baseUrl: (origin) => `${origin}/v1beta`,
  handles(method, path) {
    if (method !== 'POST') return false;
    const queryAt = path.indexOf('?');
    const pathname = queryAt === -1 ? path : path.slice(0, queryAt);
    const query = new URLSearchParams(queryAt === -1 ? '' : path.slice(queryAt + 1));
    return /\/models\/.+:streamGenerateContent$/u.test(pathname) && query.get('alt') === 'sse';
  },
  read(body): WireRequest {
    const record = isRecord(body) ? body : {};
    const contents = records(record['contents']);
    const parts = (role: 'user' | 'model'): Record<string, unknown>[] =>
      contents.filter((content) => (content['role'] === 'model') === (role === 'model')).flatMap((content) => records(content['parts']));
    const resultKey = callKeys();
    const toolResults = parts('user').flatMap((part): WireToolResult[] => {
      const result = part['functionResponse'];
      if (!isRecord(result)) return [];
      return [{ callId: resultKey(result), text: responseText(result['response']), isError: isErrorResponse(result['response']) }];
    });
    const callKey = callKeys();
    const callIds = parts('model').flatMap((part) => (isRecord(part['functionCall']) ? [callKey(part['functionCall'])] : []));
    return {
      // The model is in the URL, not the body; the scripted model falls back to its own id.
      model: stringOf(record['model']),
      systemPrompt: systemText(record['systemInstruction']),
      messages: readContents(contents),
      tools: readTools(record),
      toolResults,
      callIds,
    };
  },
  refuse(body): WireRefusal | undefined {
    const declarations = declarationsOf(body);
    // Google parses the body before it validates it: parse errors come alone, one line each.
    const violations = declarations.flatMap(({ declaration, path }) => [
      ...Object.keys(declaration).filter((key) => !DECLARATION_FIELDS.has(key)).map((key) => unknownName(key, path)),
      ...parseViolations(declaration['parameters'], `${path}.parameters`),
    ]);
    if (violations.length > 0) return invalidArgument(violations.map((violation) => violation.description).join('\n'), violations);
    const problems = declarations.flatMap(declarationProblems);
    if (problems.length > 0) return invalidArgument(problems.map((problem) => `* GenerateContentRequest.${problem}\n`).join(''));
    return undefined;
  },
  stream(reply: ScriptedReply, parameters: StreamParameters) {
    const toolCalls = 'toolCalls' in reply ? reply.toolCalls : [];
    const text = reply.text ?? '';
    // Text, then the calls, as Gemini streams them; every Pi line reads a call's `id` when one is sent.
    const chunks: Record<string, unknown>[][] = [];
    if (text !== '' || toolCalls.length === 0) chunks.push([{ text }]);
    if (toolCalls.length > 0) {
      chunks.push(toolCalls.map((call, index) => ({ functionCall: { id: `${parameters.callIdPrefix}_${index}`, name: call.name, args: call.arguments ?? {} } })));
    }
    const promptTokenCount = parameters.promptTokens;
    const candidatesTokenCount = estimateTokens(text + JSON.stringify(toolCalls));
    const body = chunks
      .map((parts, index) => {
        // Pi 0.84+ and oh-my-pi fail a stream that ends without a finish reason: the last chunk has it.
        const last = index === chunks.length - 1;
        const candidate = { content: { parts, role: 'model' }, ...(last ? { finishReason: 'STOP' } : {}), index: 0 };
        const usageMetadata = last
          ? { promptTokenCount, candidatesTokenCount, totalTokenCount: promptTokenCount + candidatesTokenCount }
          : { promptTokenCount, totalTokenCount: promptTokenCount };
        return sseEvent({ candidates: [candidate], usageMetadata, modelVersion: parameters.model, responseId: parameters.callIdPrefix });
      })
      .join('');
    return { contentType: 'text/event-stream', body };
  },
};
