import { beforeAll, describe, expect, it } from 'vitest';
import { createAgentStateController } from '../../agent-state-pi/src/controller.js';
import { createAgentStateTools } from '../../agent-state-pi/src/tools.js';
import { createCompactionLifecycle } from '../../agent-context-guard-pi/src/compaction.js';
import { createGuardController } from '../../agent-context-guard-pi/src/controller.js';
import { createContextGuardTools } from '../../agent-context-guard-pi/src/tools.js';
import type { ProviderApi } from '../../pi-real-hosts/src/real/provider-apis/wire.js';
import { wireFor } from '../../pi-real-hosts/src/real/provider-apis/wires.js';
import { loadPiStream, piModel, type PiStreamSource } from '../../pi-real-hosts/test/support/pi-ai-of-line.js';
import { startWireServer, type WireServer } from '../../pi-real-hosts/test/support/wire-server.js';

// Why neither adapter asks Pi for constrained sampling (README, "Strict tool schemas"): what each
// line's own provider code does with the ask Pi's built-in tools make, `{ type: "json_schema", strict:
// "prefer" }`, put on the six tools as they are, against a provider that refuses what its own would.

const refuse = (): never => {
  throw new Error('defining tools must not act');
};
const ASK = { type: 'json_schema', strict: 'prefer' } as const;
const SIX_TOOLS = [
  ...createAgentStateTools(createAgentStateController(refuse)),
  ...createContextGuardTools({
    controller: createGuardController({ appendEntry: refuse }),
    lifecycle: createCompactionLifecycle({ verifier: refuse, saveCheck: refuse, saveRestatement: refuse }),
  }),
].map(({ name, description, parameters }) => ({ name, description, parameters, constrainedSampling: ASK }));

interface LineCase {
  readonly line: string;
  readonly api: ProviderApi;
  readonly source: PiStreamSource;
  /** The model's compat, as Pi's own catalog lists the provider's models. */
  readonly compat: Readonly<Record<string, unknown>>;
}

const completions = wireFor('openai-completions');

/** The tools of a request as the wire read them, by name, and whether the provider refused it. */
async function send(testCase: LineCase): Promise<{ strict: string[]; schemas: Map<string, unknown>; refused: boolean }> {
  const wire = wireFor(testCase.api);
  let server: WireServer | undefined;
  try {
    server = await startWireServer(wire, () => ({ reply: { text: 'ok' }, parameters: { model: 'scripted-model', callIdPrefix: 'call_1', promptTokens: 10 } }));
    const stream = await loadPiStream(testCase.source);
    const model = { ...piModel(testCase.api, server.baseUrl), compat: testCase.compat };
    const context = { systemPrompt: 'You are scripted.', tools: SIX_TOOLS, messages: [{ role: 'user', content: 'go', timestamp: 1 }] };
    const message = await stream(model, context, { apiKey: 'scripted-key', maxRetries: 0 }).result();
    const [body] = server.received.map((request) => request.body);
    const read = wire.read(body);
    return {
      strict: read.tools.filter((tool) => tool.strict).map((tool) => tool.name),
      schemas: new Map(read.tools.map((tool) => [tool.name, tool.parameters])),
      refused: message.stopReason === 'error' && wire.refuse(body) !== undefined,
    };
  } finally {
    await server?.close();
  }
}

const NAMES = SIX_TOOLS.map((tool) => tool.name);

describe('what asking for constrained sampling would do to the six tools', () => {
  it('0.73.1 ignores the ask: the tools go as plain schemas', async () => {
    const sent = await send({
      line: '0.73.1',
      api: 'openai-completions',
      source: { agent: 'pi-coding-agent-0.73.1', module: 'dist/index.js', exportName: 'stream' },
      compat: completions.compat ?? {},
    });
    expect(sent).toMatchObject({ strict: [], refused: false });
  });

  it.each(['0.82.1', '0.83.0'])('%s sends the schemas unchanged as strict to any OpenAI-compatible server, and OpenAI refuses the whole request', async (line) => {
    const sent = await send({
      line,
      api: 'openai-completions',
      source: { agent: `pi-coding-agent-${line}`, module: 'dist/compat.js', exportName: 'stream' },
      compat: completions.compat ?? {},
    });
    expect(sent.strict).toEqual(NAMES);
    expect(sent.schemas.get('agent_state_add_work_item')).not.toHaveProperty('additionalProperties');
    expect(sent.refused).toBe(true);
  });

  describe.each<LineCase>([
    { line: '0.84.2', api: 'openai-completions', source: { agent: 'pi-coding-agent-0.84.2', module: 'dist/compat.js', exportName: 'stream' }, compat: completions.compat ?? {} },
    { line: '1.6.0', api: 'openai-responses', source: { agent: 'pi-coding-agent-1.6.0', module: 'dist/compat.js', exportName: 'stream' }, compat: { supportsStrictMode: true } },
    {
      line: '1.6.0',
      api: 'anthropic-messages',
      source: { agent: 'pi-coding-agent-1.6.0', module: 'dist/api/anthropic-messages.js', exportName: 'streamSimple', transcript: true },
      compat: { supportsStrictTools: true },
    },
  ])('$line over $api', (testCase) => {
    let sent: Awaited<ReturnType<typeof send>>;
    beforeAll(async () => {
      sent = await send(testCase);
    });

    it('makes the schemas strict itself, the optional status required and nullable, and the provider takes them', () => {
      expect(sent.strict).toEqual(NAMES);
      expect(sent.refused).toBe(false);
      expect(sent.schemas.get('agent_state_add_work_item')).toMatchObject({
        required: ['id', 'content', 'status'],
        additionalProperties: false,
        properties: { status: { anyOf: [{ type: 'string', enum: ['open', 'in_progress', 'blocked', 'done'] }, { type: 'null' }] } },
      });
    });
  });
});
