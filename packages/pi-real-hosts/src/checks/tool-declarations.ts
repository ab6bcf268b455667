import { expect } from 'vitest';
import { sentDeclarationKeys } from '../real/model-request.js';
import type { PiDriver } from '../real/pi-driver.js';

/**
 * Sends one prompt and expects the model's request to declare each named tool, in that order, with
 * nothing but name, description and parameters (and Pi's own `strict` flag where the provider takes
 * it), and Pi to have printed nothing on stderr: fields a Pi line does not know must not leak out.
 */
export async function expectPlainToolDeclarations(pi: PiDriver, toolNames: readonly string[]): Promise<void> {
  pi.model.enqueue({ text: 'Hello.' });
  await pi.prompt('Which tools do you have?');
  const request = pi.model.chatRequests().at(-1);
  if (request === undefined) throw new Error('the scripted model received no request');
  const declared = sentDeclarationKeys(request, toolNames).map(([name, keys]) => [name, keys.filter((key) => key !== 'strict')]);
  expect(declared).toEqual(toolNames.map((name) => [name, ['description', 'name', 'parameters']]));
  expect(pi.stderr()).toBe('');
}
