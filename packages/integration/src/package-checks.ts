// Pure checks of what a packed package ships: its file list, its source maps and its manifest.
import { posix } from 'node:path';

/** Packages the Pi host provides; a published package may list them as peers only. */
const HOST_PACKAGE = /^(?:@mariozechner\/|@earendil-works\/|typebox$|@sinclair\/typebox$)/u;

/** The host-provided packages among the names of a `dependencies` object. */
export function hostPackagesIn(dependencies: Readonly<Record<string, string>> | undefined): string[] {
  return Object.keys(dependencies ?? {}).filter((name) => HOST_PACKAGE.test(name));
}

/** Whether a packed file list has a license file at the package root. */
export function shipsLicense(files: readonly string[]): boolean {
  return files.some((file) => /^(?:LICEN[CS]E|COPYING)(?:\.[a-z]+)?$/iu.test(file));
}

/** A source a map names that the package does not contain. */
export interface DanglingSource {
  readonly map: string;
  readonly source: string;
}

/**
 * The sources of one source map (`.js.map` or `.d.ts.map`) that point at files outside the package's
 * own file list. `mapPath` and `files` are package-relative POSIX paths.
 */
export function danglingMapSources(mapPath: string, mapText: string, files: readonly string[]): DanglingSource[] {
  const parsed: unknown = JSON.parse(mapText);
  const map = typeof parsed === 'object' && parsed !== null ? (parsed as { sources?: unknown; sourceRoot?: unknown }) : {};
  const sources = Array.isArray(map.sources) ? map.sources.filter((source): source is string => typeof source === 'string') : [];
  const root = typeof map.sourceRoot === 'string' ? map.sourceRoot : '';
  const shipped = new Set(files);
  return sources
    .filter((source) => {
      if (/^[a-z]+:/iu.test(source) || /^[a-z]+:/iu.test(root)) return true;
      const resolved = posix.normalize(posix.join(posix.dirname(mapPath), root, source));
      return !shipped.has(resolved);
    })
    .map((source) => ({ map: mapPath, source }));
}
