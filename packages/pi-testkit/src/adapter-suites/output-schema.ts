import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';

/**
 * Where `value` breaks a tool's `outputSchema` (plain JSON Schema), one line each; empty when it
 * matches. Pi hands `structuredContent` to codemode scripts without checking it, so a test must.
 */
export function outputSchemaProblems(schema: object, value: unknown): string[] {
  const validator = Compile(schema as TSchema);
  return [...validator.Errors(value)].map((error) => `${error.instancePath || '/'}: ${error.message}`);
}
