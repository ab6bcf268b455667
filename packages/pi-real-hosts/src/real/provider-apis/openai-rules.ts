import type { ProviderWire, WireRefusal } from './wire.js';
import { isRecord, stringOf } from './json-fields.js';

// What OpenAI's two wires share: the route below `/v1`, strict tools turned on by `supportsStrictMode`,
// and what OpenAI refuses in a function tool (one request validator, one structured-outputs check);
// only where the function sits differs: `tools[i].function` on chat completions, `tools[i]` on Responses.

/** The route of the generation call that ends in `endpoint` (`/chat/completions`, `/responses`), and how Pi turns strict tools on. */
export function openAiRoute(endpoint: string): Pick<ProviderWire, 'strictToolsCompat' | 'baseUrl' | 'handles'> {
  return {
    strictToolsCompat: { supportsStrictMode: true },
    baseUrl: (origin) => `${origin}/v1`,
    handles: (method, path) => method === 'POST' && path.split('?')[0]?.endsWith(endpoint) === true,
  };
}

const FUNCTION_NAME = /^[a-zA-Z0-9_-]+$/u;
const FUNCTION_NAME_MAX = 64;

/** Structured outputs refuse these anywhere in a strict schema. */
const NOT_PERMITTED = ['allOf', 'oneOf', 'not', 'if', 'then', 'else', 'dependentRequired', 'dependentSchemas'] as const;

function invalidRequest(message: string, param: string, code: string): WireRefusal {
  return { status: 400, body: { error: { message, type: 'invalid_request_error', param, code } } };
}

function nameRefusal(name: unknown, param: string): WireRefusal | undefined {
  if (typeof name !== 'string') return invalidRequest(`Missing required parameter: '${param}'.`, param, 'missing_required_parameter');
  if (name === '') return invalidRequest(`Invalid '${param}': empty string. Expected a string with minimum length 1, but got an empty string instead.`, param, 'empty_string');
  if (name.length > FUNCTION_NAME_MAX) {
    return invalidRequest(`Invalid '${param}': string too long. Expected a string with maximum length ${FUNCTION_NAME_MAX}, but got a string with length ${name.length} instead.`, param, 'string_above_max_length');
  }
  if (!FUNCTION_NAME.test(name)) return invalidRequest(`Invalid '${param}': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`, param, 'invalid_value');
  return undefined;
}

/** OpenAI names a schema location as a Python tuple: `()`, `('properties', 'path')`. */
function pythonTuple(path: readonly (string | number)[]): string {
  const parts = path.map((part) => (typeof part === 'number' ? String(part) : `'${part}'`));
  return parts.length === 1 ? `(${parts.join('')},)` : `(${parts.join(', ')})`;
}

function typesOf(schema: Record<string, unknown>): unknown[] {
  const type = schema['type'];
  return Array.isArray(type) ? type : [type];
}

/** The subschemas strict mode checks too, with their locations. */
function subschemas(schema: Record<string, unknown>, path: readonly (string | number)[]): [readonly (string | number)[], unknown][] {
  const named = (key: string): [readonly (string | number)[], unknown][] =>
    isRecord(schema[key]) ? Object.entries(schema[key]).map(([name, child]) => [[...path, key, name], child]) : [];
  const anyOf = Array.isArray(schema['anyOf']) ? schema['anyOf'] : [];
  return [
    ...named('properties'),
    ...(schema['items'] === undefined ? [] : [[[...path, 'items'], schema['items']] as [readonly (string | number)[], unknown]]),
    ...anyOf.map((child, index): [readonly (string | number)[], unknown] => [[...path, 'anyOf', index], child]),
    ...named('$defs'),
    ...named('definitions'),
  ];
}

/** Why structured outputs cannot enforce a strict schema (OpenAI's wording), or undefined. */
function strictProblem(schema: unknown, path: readonly (string | number)[]): string | undefined {
  if (!isRecord(schema)) return undefined;
  const at = `In context=${pythonTuple(path)}, `;
  // The root must be a plain object: a union there is refused even though anyOf is allowed below it.
  const keyword = NOT_PERMITTED.find((key) => key in schema) ?? (path.length === 0 && 'anyOf' in schema ? 'anyOf' : undefined);
  if (keyword !== undefined) return `${at}'${keyword}' is not permitted.`;
  if (typesOf(schema).includes('object')) {
    if (schema['additionalProperties'] !== false) return `${at}'additionalProperties' is required to be supplied and to be false.`;
    const properties = isRecord(schema['properties']) ? Object.keys(schema['properties']) : [];
    const required: unknown[] = Array.isArray(schema['required']) ? schema['required'] : [];
    const missing = properties.find((name) => !required.includes(name));
    if (missing !== undefined) return `${at}'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`;
  }
  for (const [childPath, child] of subschemas(schema, path)) {
    const problem = strictProblem(child, childPath);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function parametersRefusal(fn: Record<string, unknown>, param: string): WireRefusal | undefined {
  const refusal = (problem: string): WireRefusal =>
    invalidRequest(`Invalid schema for function '${stringOf(fn['name'])}': ${problem}`, `${param}.parameters`, 'invalid_function_parameters');
  const parameters = fn['parameters'];
  // The API types `parameters` as nullable: a function without parameters is fine.
  if (parameters === undefined || parameters === null) return undefined;
  if (!isRecord(parameters) || parameters['type'] !== 'object') {
    const type = isRecord(parameters) ? parameters['type'] : undefined;
    const got = type === undefined ? 'None' : typeof type === 'string' ? type : JSON.stringify(type);
    return refusal(`schema must be a JSON Schema of 'type: "object"', got 'type: "${got}"'.`);
  }
  if (fn['strict'] !== true) return undefined;
  const problem = strictProblem(parameters, []);
  return problem === undefined ? undefined : refusal(problem);
}

/** OpenAI's answer to the first function it refuses, each given with where it sits (`tools[0].function`). */
export function openAiFunctionRefusal(functions: readonly (readonly [fn: Record<string, unknown>, param: string])[]): WireRefusal | undefined {
  for (const [fn, param] of functions) {
    const refusal = nameRefusal(fn['name'], `${param}.name`) ?? parametersRefusal(fn, param);
    if (refusal !== undefined) return refusal;
  }
  return undefined;
}
