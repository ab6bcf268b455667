import { CODEMODE_ONLY_SETTINGS, createPiSandbox, startPi, type ModelRequest } from '@j1nn0/pi-real-hosts';
import { AGENT_STATE_EXTENSION, CONTEXT_GUARD_EXTENSION, piTodoExample } from './extension-paths.js';
import type { PiTarget } from './pi-targets.js';
import { formatBytes, verdictAtMost, type BenchRow } from './report.js';
import { byteLength } from './session-line.js';

// Figure 3: the tool definitions as the provider receives them in a real Pi request: on the primary
// line, and on the newest, whose tools also declare an outputSchema. Pi sends that schema only inside
// codemode's description (as the result type of a script call), so codemode gets its own rows.

interface ToolGroup {
  readonly label: string;
  readonly names: readonly string[];
  readonly goalBytes: number;
  /** The sentence each description must end with, as the adapter's README states it. */
  readonly authorityBoundary: string;
}

const GROUPS: readonly ToolGroup[] = [
  {
    label: 'agent-state-pi',
    names: ['agent_state_get', 'agent_state_add_work_item', 'agent_state_set_work_item_status', 'agent_state_add_decision'],
    goalBytes: 1_400,
    authorityBoundary: 'Records caller-declared state only; does not verify truth, progress, evidence or completion.',
  },
  {
    label: 'agent-context-guard-pi',
    names: ['context_guard_list', 'context_guard_protect'],
    goalBytes: 900,
    authorityBoundary: 'Records what the caller declares protected; does not verify or establish that it is true.',
  },
];
const ANCHOR_TOOL = 'todo';

interface ToolSizes {
  /** `JSON.stringify({ name, description, parameters })` as received. */
  readonly plain: number;
  /** The element of the request's `tools` array (OpenAI `{ type: 'function', function }`). */
  readonly wire: number;
  readonly description: string;
}

function wireTools(request: ModelRequest): unknown[] {
  const body = request.body;
  if (typeof body !== 'object' || body === null || !('tools' in body) || !Array.isArray(body.tools)) return [];
  return body.tools as unknown[];
}

function sizesByName(request: ModelRequest): Map<string, ToolSizes> {
  const wire = wireTools(request);
  return new Map(
    request.tools.map((tool, index) => [
      tool.name,
      {
        plain: byteLength(JSON.stringify({ name: tool.name, description: tool.description, parameters: tool.parameters })),
        wire: byteLength(JSON.stringify(wire[index])),
        description: tool.description,
      },
    ]),
  );
}

function sizeOf(sizes: Map<string, ToolSizes>, name: string): ToolSizes {
  const size = sizes.get(name);
  if (size === undefined) throw new Error(`the request offered no tool ${name}`);
  return size;
}

function groupRows(group: ToolGroup, sizes: Map<string, ToolSizes>, anchor: ToolSizes, piLabel: string): BenchRow[] {
  const tools = group.names.map((name) => sizeOf(sizes, name));
  const plain = tools.reduce((sum, tool) => sum + tool.plain, 0);
  const wire = tools.reduce((sum, tool) => sum + tool.wire, 0);
  const breakdown = group.names.map((name, index) => `${name} ${(tools[index]?.plain ?? 0).toString()}`).join(', ');
  const stated = tools.filter((tool) => tool.description.endsWith(group.authorityBoundary)).length;
  const figure = '3 tool payload';
  const where = `${group.label}, ${tools.length.toString()} tools in a real Pi ${piLabel} request`;
  return [
    {
      figure,
      measure: `${where}, {name, description, parameters} (${breakdown})`,
      value: formatBytes(plain),
      anchor: `Pi's example todo tool, same form: ${formatBytes(anchor.plain)}`,
      ratio: plain / anchor.plain,
      goal: `<= ${formatBytes(group.goalBytes)}`,
      verdict: verdictAtMost(plain, group.goalBytes),
    },
    {
      figure,
      measure: `${where}, as sent ({type: 'function', function: {...}, strict})`,
      value: formatBytes(wire),
      anchor: `Pi's example todo tool, as sent: ${formatBytes(anchor.wire)}`,
      ratio: wire / anchor.wire,
      goal: 'report',
      verdict: 'info',
    },
    {
      figure,
      measure: `${group.label}: descriptions ending with the authority boundary sentence`,
      value: `${stated.toString()} of ${tools.length.toString()}`,
      anchor: '—',
      ratio: undefined,
      goal: 'all',
      verdict: stated === tools.length ? 'met' : 'missed',
    },
  ];
}

const SNIPPET_GOAL_BYTES = 240;

/** The system prompt's tool-list lines (`- name: snippet`, each with its newline) of the group's tools. */
function snippetLines(systemPrompt: string, names: readonly string[]): string[] {
  return systemPrompt.split('\n').filter((line) => names.some((name) => line.startsWith(`- ${name}: `)));
}

/** The first chat request of a Pi started with `extensions` (and agent `settings`). */
async function firstRequest(target: PiTarget, extensions: readonly string[], settings: Readonly<Record<string, unknown>> = {}): Promise<ModelRequest> {
  const sandbox = await createPiSandbox({ settings });
  const pi = await startPi({ ...target, extensions, sandbox });
  try {
    await pi.prompt('Which tools do you have?');
    const [request] = pi.model.chatRequests();
    if (request === undefined) throw new Error('the scripted model received no request');
    return request;
  } finally {
    await pi.dispose();
    await sandbox.dispose();
  }
}

/** Bytes of the group's tool sections in codemode's description (each from its `### \`name\`` heading to the next). */
function codemodeSectionBytes(request: ModelRequest, names: readonly string[]): number {
  const codemode = request.tools.find((tool) => tool.name === 'codemode');
  if (codemode === undefined) throw new Error('the request offered no codemode tool');
  const sections = codemode.description.split('\n\n### ').slice(1);
  const ours = sections.filter((section) => names.some((name) => section.startsWith(`\`${name}\``)));
  if (ours.length !== names.length) throw new Error(`codemode's description lists ${ours.length.toString()} of ${names.length.toString()} tools`);
  return ours.reduce((sum, section) => sum + byteLength(`\n\n### ${section}`), 0);
}

/** With codemode on, what our tools cost the provider: declared (mode `on`) or listed in codemode (mode `only`). */
async function codemodeRows(target: PiTarget, plainRequest: ModelRequest): Promise<BenchRow[]> {
  const extensions = [AGENT_STATE_EXTENSION, CONTEXT_GUARD_EXTENSION];
  const on = await firstRequest(target, extensions, { defaultTools: ['+codemode'], codemode: { mode: 'on' } });
  const only = await firstRequest(target, extensions, CODEMODE_ONLY_SETTINGS);
  const plain = sizesByName(plainRequest);
  const declared = sizesByName(on);
  return GROUPS.flatMap((group) => {
    const without = group.names.reduce((sum, name) => sum + sizeOf(plain, name).plain, 0);
    const onBytes = group.names.reduce((sum, name) => sum + sizeOf(declared, name).plain, 0);
    const onlyBytes = codemodeSectionBytes(only, group.names);
    const where = `${group.label}, Pi ${target.version.label} with codemode`;
    const anchor = `same tools without codemode: ${formatBytes(without)}`;
    return [
      {
        figure: '3 codemode payload',
        measure: `${where} on: {name, description, parameters}, descriptions with the script result note`,
        value: formatBytes(onBytes),
        anchor,
        ratio: onBytes / without,
        goal: 'report',
        verdict: 'info' as const,
      },
      {
        figure: '3 codemode payload',
        measure: `${where} only: their sections of codemode's description (declarations with result types)`,
        value: formatBytes(onlyBytes),
        anchor,
        ratio: onlyBytes / without,
        goal: 'report',
        verdict: 'info' as const,
      },
    ];
  });
}

async function snippetRows(target: PiTarget, systemPrompt: string): Promise<BenchRow[]> {
  const bare = byteLength((await firstRequest(target, [])).systemPrompt);
  const withAgentState = byteLength((await firstRequest(target, [AGENT_STATE_EXTENSION])).systemPrompt);
  return GROUPS.map((group) => {
    const lines = snippetLines(systemPrompt, group.names);
    const bytes = lines.reduce((sum, line) => sum + byteLength(line) + 1, 0);
    const isAgentState = group.label === 'agent-state-pi';
    return {
      figure: '3 prompt snippets',
      measure: `${group.label}: system-prompt tool-list lines of its ${group.names.length.toString()} tools in a real Pi ${target.version.label} request (${lines.length.toString()} lines)`,
      value: formatBytes(bytes),
      anchor: isAgentState
        ? `whole system prompt, with agent-state-pi minus bare: ${formatBytes(withAgentState - bare)}`
        : lines.length === 0
          ? 'no promptSnippet: its tools are left out of the list'
          : '—',
      ratio: undefined,
      goal: isAgentState ? `<= ${formatBytes(SNIPPET_GOAL_BYTES)}` : 'report',
      verdict: isAgentState ? verdictAtMost(bytes, SNIPPET_GOAL_BYTES) : 'info',
    };
  });
}

/** The tool payload on `primary` (with the prompt snippets) and, when it is another line, on `newest` (with codemode). */
export async function toolPayloadRows(primary: PiTarget, newest: PiTarget | undefined): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const targets = newest === undefined || newest.version.label === primary.version.label ? [primary] : [primary, newest];
  for (const target of targets) {
    const request = await firstRequest(target, [AGENT_STATE_EXTENSION, CONTEXT_GUARD_EXTENSION, piTodoExample(target.version)]);
    const sizes = sizesByName(request);
    const anchor = sizeOf(sizes, ANCHOR_TOOL);
    rows.push(...GROUPS.flatMap((group) => groupRows(group, sizes, anchor, target.version.label)));
    rows.push(...(target === primary ? await snippetRows(target, request.systemPrompt) : await codemodeRows(target, request)));
  }
  return rows;
}
