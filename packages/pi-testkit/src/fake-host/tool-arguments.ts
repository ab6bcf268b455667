import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';

/**
 * Tool-argument validation as Pi 0.84.2 does it before `execute` (pi-ai `validateToolArguments`, typebox 1.x):
 * copy the arguments, drop `null` for optional properties that reject null, let typebox convert in place,
 * then, unless the schema is a @sinclair/typebox 0.x one (it carries the `TypeBox.Kind` symbol), coerce
 * primitives by JSON-schema `type`, and finally check. Plain JSON schema, typebox 1.x and 0.34 all work.
 */

type SchemaNode = Readonly<Record<string, unknown>>;
type Validator = ReturnType<typeof Compile>;

export type ToolArgumentsCheck =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly message: string };

const LEGACY_TYPEBOX_KIND = Symbol.for('TypeBox.Kind');

function asSchemaNode(value: unknown): SchemaNode | undefined {
  return typeof value === 'object' && value !== null ? (value as SchemaNode) : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Compiled validators by schema object: a tool's schema is built once, and compiling it is most of what a
 * check costs (the model-based suites make thousands of calls). A schema that fails to compile is not kept.
 */
const compiled = new WeakMap<object, Validator>();

function compileSchema(schema: unknown): Validator {
  if (typeof schema !== 'object' || schema === null) return Compile(schema as TSchema);
  const known = compiled.get(schema);
  if (known !== undefined) return known;
  const validator = Compile(schema as TSchema);
  compiled.set(schema, validator);
  return validator;
}

/** Sub-schemas that typebox cannot compile are treated as "no opinion", as Pi does. */
function tryCompile(schema: unknown): Validator | undefined {
  try {
    return compileSchema(schema);
  } catch {
    return undefined;
  }
}

function schemaTypes(schema: SchemaNode): string[] {
  const type = schema['type'];
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((item): item is string => typeof item === 'string') : [];
}

function matchesJsonType(value: unknown, type: string): boolean {
  switch (type) {
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
      return typeof value === 'string';
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isPlainObject(value);
    default:
      return false;
  }
}

function parseNumeric(value: string, accept: (parsed: number) => boolean): number | undefined {
  if (value.trim() === '') return undefined;
  const parsed = Number(value);
  return accept(parsed) ? parsed : undefined;
}

/** One primitive conversion towards `type`; returns the value itself when no sensible conversion exists. */
function coercePrimitive(value: unknown, type: string): unknown {
  switch (type) {
    case 'number':
    case 'integer': {
      if (value === null) return 0;
      if (typeof value === 'boolean') return value ? 1 : 0;
      if (typeof value !== 'string') return value;
      const accept = type === 'number' ? Number.isFinite : Number.isInteger;
      return parseNumeric(value, accept) ?? value;
    }
    case 'boolean':
      if (value === null) return false;
      if (value === 'true' || value === 1) return true;
      if (value === 'false' || value === 0) return false;
      return value;
    case 'string':
      if (value === null) return '';
      return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
    case 'null':
      return value === '' || value === 0 || value === false ? null : value;
    default:
      return value;
  }
}

function coerceUnion(value: unknown, members: readonly unknown[]): unknown {
  if (members.some((member) => tryCompile(member)?.Check(value) === true)) return value;
  for (const member of members) {
    const candidate = coerceBySchema(structuredClone(value), member);
    if (tryCompile(member)?.Check(candidate) === true) return candidate;
  }
  return value;
}

function coerceProperties(target: Record<string, unknown>, schema: SchemaNode): void {
  const properties = asSchemaNode(schema['properties']);
  const declared = new Set(properties === undefined ? [] : Object.keys(properties));
  if (properties !== undefined) {
    for (const [key, propertySchema] of Object.entries(properties)) {
      if (key in target) target[key] = coerceBySchema(target[key], propertySchema);
    }
  }
  const additional = asSchemaNode(schema['additionalProperties']);
  if (additional === undefined) return;
  for (const [key, propertyValue] of Object.entries(target)) {
    if (!declared.has(key)) target[key] = coerceBySchema(propertyValue, additional);
  }
}

function coerceItems(target: unknown[], schema: SchemaNode): void {
  const items = schema['items'];
  if (Array.isArray(items)) {
    items.forEach((itemSchema: unknown, index) => {
      if (index < target.length && itemSchema) target[index] = coerceBySchema(target[index], itemSchema);
    });
    return;
  }
  if (asSchemaNode(items) === undefined) return;
  target.forEach((item, index) => {
    target[index] = coerceBySchema(item, items);
  });
}

function coerceBySchema(value: unknown, rawSchema: unknown): unknown {
  const schema = asSchemaNode(rawSchema);
  if (schema === undefined) return value;
  let next = value;
  const allOf = schema['allOf'];
  if (Array.isArray(allOf)) for (const member of allOf) next = coerceBySchema(next, member);
  const anyOf = schema['anyOf'];
  if (Array.isArray(anyOf)) next = coerceUnion(next, anyOf);
  const oneOf = schema['oneOf'];
  if (Array.isArray(oneOf)) next = coerceUnion(next, oneOf);
  const types = schemaTypes(schema);
  const alreadyAMember = types.length > 1 && types.some((type) => matchesJsonType(next, type));
  if (!alreadyAMember) {
    for (const type of types) {
      const candidate = coercePrimitive(next, type);
      if (candidate !== next) {
        next = candidate;
        break;
      }
    }
  }
  if (types.includes('object') && isPlainObject(next)) coerceProperties(next, schema);
  if (types.includes('array') && Array.isArray(next)) coerceItems(next, schema);
  return next;
}

/** Models send `null` for omitted optional properties; Pi deletes those unless the property accepts null. */
function dropNullOptionals(value: unknown, rawSchema: unknown): void {
  const schema = asSchemaNode(rawSchema);
  if (schema === undefined) return;
  if (Array.isArray(value)) {
    const items = schema['items'];
    value.forEach((item, index) => {
      dropNullOptionals(item, Array.isArray(items) ? items[index] : items);
    });
    return;
  }
  const properties = asSchemaNode(schema['properties']);
  if (!isPlainObject(value) || properties === undefined) return;
  const requiredList = schema['required'];
  const required = new Set(Array.isArray(requiredList) ? requiredList : []);
  for (const [key, propertySchema] of Object.entries(properties)) {
    if (!(key in value)) continue;
    const rejectsNull =
      value[key] === null &&
      !required.has(key) &&
      typeof asSchemaNode(propertySchema)?.['$ref'] !== 'string' &&
      tryCompile(propertySchema)?.Check(null) === false;
    if (rejectsNull) Reflect.deleteProperty(value, key);
    else dropNullOptionals(value[key], propertySchema);
  }
}

interface ReportedError {
  readonly keyword: string;
  readonly instancePath: string;
  readonly params: object;
  readonly message: string;
}

/** `/a/b` -> `a.b`; a missing required property is named after the property itself. */
function errorPath(error: ReportedError): string {
  const base = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (error.keyword === 'required' && 'requiredProperties' in error.params) {
    const missing: unknown = (error.params.requiredProperties as unknown[] | undefined)?.[0];
    if (typeof missing === 'string' && missing !== '') return base === '' ? missing : `${base}.${missing}`;
  }
  return base === '' ? 'root' : base;
}

function failureMessage(toolName: string, errors: readonly ReportedError[], received: unknown): string {
  const lines = errors.map((error) => `  - ${errorPath(error)}: ${error.message}`).join('\n');
  return `Validation failed for tool "${toolName}":\n${
    lines || 'Unknown validation error'
  }\n\nReceived arguments:\n${JSON.stringify(received, null, 2)}`;
}

/**
 * Checks `received` against `parameters` the way Pi does; on success returns the (possibly coerced) copy that
 * `execute` receives. Throws only when typebox cannot compile the schema itself, which Pi also reports as an error.
 */
export function checkToolArguments(toolName: string, parameters: unknown, received: unknown): ToolArgumentsCheck {
  const args: unknown = structuredClone(received);
  dropNullOptionals(args, parameters);
  Value.Convert(parameters as TSchema, args);
  const validator = compileSchema(parameters);
  const isLegacyTypebox =
    typeof parameters === 'object' &&
    parameters !== null &&
    Object.getOwnPropertySymbols(parameters).includes(LEGACY_TYPEBOX_KIND);
  if (!isLegacyTypebox) {
    const coerced = coerceBySchema(args, parameters);
    if (coerced !== args) {
      if (!isPlainObject(args) || !isPlainObject(coerced)) {
        // Pi returns a non-object that fails after coercion unchecked; mirrored as is.
        return { ok: true, value: validator.Check(coerced) ? coerced : args };
      }
      for (const key of Object.keys(args)) Reflect.deleteProperty(args, key);
      Object.assign(args, coerced);
    }
  }
  if (validator.Check(args)) return { ok: true, value: args };
  return { ok: false, message: failureMessage(toolName, validator.Errors(args), received) };
}
