import type { EntryRenderer, ExtensionShortcut, RegisteredCommand, ResolvedCommand, SourceInfo, ToolDefinition } from 'pi-coding-agent-0.84.2';

// What each loaded extension registered, and how Pi 0.84.2's runner resolves the registrations of all
// of them: commands, tools, keys and entry renderers, with the collisions Pi resolves silently.

/** Any event handler as Pi stores it; the event and ctx shapes depend on the event name. */
export type EventHandler = (event: never, ctx: never) => unknown;

/** What one loaded extension registered, as Pi's loader keeps it (one `Extension` object per factory run). */
export interface ExtensionRegistrations {
  readonly path: string;
  readonly sourceInfo: SourceInfo;
  readonly handlers: Map<string, EventHandler[]>;
  readonly commands: Map<string, RegisteredCommand>;
  readonly tools: Map<string, ToolDefinition>;
  /** Entry renderers by custom type (Pi 0.84+); the first registration of a type wins when drawing. */
  readonly entryRenderers: Map<string, EntryRenderer>;
  /** Keys by the id as registered; inside one extension a second registration of a key replaces the first. */
  readonly shortcuts: Map<string, ExtensionShortcut>;
  /** Every command/tool registration in call order, so repeats inside one extension are not lost to the maps. */
  readonly registrations: { readonly kind: 'command' | 'tool'; readonly name: string }[];
}

export function createExtensionRegistrations(path: string): ExtensionRegistrations {
  return {
    path,
    sourceInfo: { path, source: 'inline', scope: 'temporary', origin: 'top-level' },
    handlers: new Map(),
    commands: new Map(),
    tools: new Map(),
    entryRenderers: new Map(),
    shortcuts: new Map(),
    registrations: [],
  };
}

/** Pi 0.84.2's built-in slash commands (core/slash-commands.js) and built-in tools (core/tools/index.js). */
const BUILTIN_COMMANDS: ReadonlySet<string> = new Set([
  ...['settings', 'model', 'scoped-models', 'export', 'import', 'share', 'copy', 'name', 'session', 'changelog', 'hotkeys'],
  ...['fork', 'clone', 'tree', 'trust', 'login', 'logout', 'new', 'compact', 'resume', 'reload', 'quit'],
]);
const BUILTIN_TOOLS: ReadonlySet<string> = new Set(['read', 'bash', 'edit', 'write', 'grep', 'find', 'ls']);

/**
 * Pi 0.84.2's command resolution (runner `resolveRegisteredCommands`): a name registered by several
 * extensions is renamed `name:1`, `name:2`, ... in load order and the bare `/name` no longer exists.
 * Inside one extension a second registration silently replaces the first.
 */
export function resolveCommands(extensions: readonly ExtensionRegistrations[]): Map<string, ResolvedCommand> {
  const commands = extensions.flatMap((extension) => [...extension.commands.values()]);
  const counts = new Map<string, number>();
  for (const command of commands) counts.set(command.name, (counts.get(command.name) ?? 0) + 1);
  const occurrences = new Map<string, number>();
  const resolved = new Map<string, ResolvedCommand>();
  for (const command of commands) {
    let suffix = (occurrences.get(command.name) ?? 0) + 1;
    occurrences.set(command.name, suffix);
    let invocationName = (counts.get(command.name) ?? 0) > 1 ? `${command.name}:${String(suffix)}` : command.name;
    while (resolved.has(invocationName)) invocationName = `${command.name}:${String(++suffix)}`;
    resolved.set(invocationName, { ...command, invocationName });
  }
  return resolved;
}

/** Pi 0.84.2 (runner `getAllRegisteredTools`): across extensions the first registration of a name wins. */
export function resolveTools(extensions: readonly ExtensionRegistrations[]): Map<string, ToolDefinition> {
  const tools = new Map<string, ToolDefinition>();
  for (const extension of extensions) {
    for (const [name, tool] of extension.tools) if (!tools.has(name)) tools.set(name, tool);
  }
  return tools;
}

/** The key Pi matches (runner `getShortcuts`): key ids compare case-insensitively. */
export function normalizeShortcut(key: string): string {
  return key.toLowerCase();
}

/** Every registered key; when two extensions register one key the later one wins, as in Pi. */
export function resolveShortcuts(extensions: readonly ExtensionRegistrations[]): Map<string, ExtensionShortcut> {
  const shortcuts = new Map<string, ExtensionShortcut>();
  for (const extension of extensions) {
    for (const [key, shortcut] of extension.shortcuts) shortcuts.set(normalizeShortcut(key), shortcut);
  }
  return shortcuts;
}

/**
 * Collisions Pi resolves silently (renaming, overriding) but a test should hear about: duplicate command
 * and tool names, names of Pi's own, and a key two extensions registered (Pi warns and keeps the later).
 */
export function findRegistrationProblems(extensions: readonly ExtensionRegistrations[]): string[] {
  const problems: string[] = [];
  const seen = { command: new Set<string>(), tool: new Set<string>() };
  for (const { kind, name } of extensions.flatMap((extension) => extension.registrations)) {
    if (seen[kind].has(name)) {
      problems.push(`duplicate ${kind} "${name}"`);
      continue;
    }
    seen[kind].add(name);
    if (kind === 'command' && BUILTIN_COMMANDS.has(name)) problems.push(`command "${name}" collides with a built-in Pi command`);
    if (kind === 'tool' && BUILTIN_TOOLS.has(name)) problems.push(`tool "${name}" overrides a built-in Pi tool`);
  }
  const keyOwners = new Map<string, number>();
  for (const key of extensions.flatMap((extension) => [...extension.shortcuts.keys()].map(normalizeShortcut))) {
    keyOwners.set(key, (keyOwners.get(key) ?? 0) + 1);
  }
  return [...problems, ...[...keyOwners].filter(([, count]) => count > 1).map(([key]) => `duplicate shortcut "${key}"`)];
}
