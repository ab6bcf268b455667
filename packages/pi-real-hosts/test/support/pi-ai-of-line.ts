import { existsSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ProviderApi } from '../../src/real/provider-apis/wire.js';

/**
 * A Pi line's own pi-ai, for the wire tests that drive Pi's provider code against a loopback wire.
 *
 * Each Pi line is installed under an alias (`pi-coding-agent-1.6.0`) in this package's node_modules, and
 * its pi-ai is not: pnpm puts it beside the coding agent in the store, in the same scope folder, which is
 * where Node resolves it from the agent. pi-ai's exports are import-only (no `require` condition), so
 * require.resolve cannot find it; these helpers find that folder, import a provider's stream function
 * from it, and hold the slice of pi-ai's types and model shape the tests use.
 */

const HOST_MODULES = new URL('../../node_modules/', import.meta.url);

/** The real folder of the host package installed as `alias` in this package's node_modules. */
export function hostDir(alias: string): string {
  return realpathSync(fileURLToPath(new URL(`${alias}/`, HOST_MODULES)));
}

/** The folder of the pi-ai that the host installed as `alias` runs. */
export function piAiDir(alias: string): string {
  const dir = join(dirname(hostDir(alias)), 'pi-ai');
  if (!existsSync(join(dir, 'package.json'))) throw new Error(`${alias} has no pi-ai beside it (${dir})`);
  return dir;
}

/** A module of that pi-ai, by its file (e.g. `dist/api/anthropic-messages.js`). */
export async function importPiAi(alias: string, file: string): Promise<Record<string, unknown>> {
  return (await import(pathToFileURL(join(piAiDir(alias), file)).href)) as Record<string, unknown>;
}

/** A block of an assistant message as pi-ai returns it. */
export interface PiContent {
  readonly type: string;
  readonly text?: string;
  readonly id?: string;
  readonly name?: string;
  readonly arguments?: unknown;
}

/** The assistant message a pi-ai stream resolves to. */
export interface PiAssistantMessage {
  readonly role: 'assistant';
  readonly content: readonly PiContent[];
  readonly stopReason: string;
  readonly errorMessage?: string;
  readonly usage: { readonly input: number; readonly output: number };
}

/** A pi-ai stream function: a provider's own, or pi-ai's `stream` that picks one by the model's `api`. */
export type PiStream = (model: unknown, context: unknown, options: unknown) => { result(): Promise<PiAssistantMessage> };

/** Where a Pi line's stream function sits in its pi-ai. */
export interface PiStreamSource {
  /** The alias of the Pi line in this package's node_modules, e.g. `pi-coding-agent-0.84.2`. */
  readonly agent: string;
  /** The pi-ai module and the name of the stream function it exports. */
  readonly module: string;
  readonly exportName: string;
  /** Pi 1.x providers take the transcript form: the system prompt and the tools in a leading system message. */
  readonly transcript?: boolean;
}

/** The stream function of `source`, taking Pi's plain context whatever form the line's provider takes. */
export async function loadPiStream(source: PiStreamSource): Promise<PiStream> {
  const stream = (await importPiAi(source.agent, source.module))[source.exportName];
  if (typeof stream !== 'function') throw new Error(`pi-ai of ${source.agent} has no ${source.exportName} in ${source.module}`);
  const piStream = stream as PiStream;
  if (source.transcript !== true) return piStream;
  const normalizeContext = (await importPiAi(source.agent, 'dist/utils/transcript.js'))['normalizeContext'] as (context: unknown) => unknown;
  return (model, context, options) => piStream(model, normalizeContext(context), options);
}

/** Zero usage, for the assistant messages of a context. */
export const PI_ZERO_USAGE = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };

/** The pi-ai model `scripted-model` of provider `scripted` on `api`, served at `baseUrl`. */
export function piModel(api: ProviderApi, baseUrl: string): Record<string, unknown> {
  return {
    id: 'scripted-model',
    name: 'scripted-model',
    api,
    provider: 'scripted',
    baseUrl,
    reasoning: false,
    input: ['text'],
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    contextWindow: 128000,
    maxTokens: 4096,
  };
}
