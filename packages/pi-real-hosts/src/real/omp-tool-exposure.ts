import type { ModelRequest } from './model-request.js';

/**
 * How one extension tool reached the model in an oh-my-pi chat request: as a tool of the request, as
 * an `xd://<name>` device the system prompt names (driven through omp's `write` tool), or not at all.
 */
export type OmpToolExposure = 'top-level' | 'device' | 'absent';

export function ompToolExposure(request: ModelRequest, name: string): OmpToolExposure {
  if (request.toolNames.includes(name)) return 'top-level';
  return request.systemPrompt.includes(`xd://${name}`) ? 'device' : 'absent';
}

/** What omp 18.2.3 makes of a tool's declared `loadMode`: `essential` stays top-level; absent or `discoverable` becomes a device. */
export function expectedOmpToolExposure(loadMode: unknown): OmpToolExposure {
  return loadMode === 'essential' ? 'top-level' : 'device';
}
