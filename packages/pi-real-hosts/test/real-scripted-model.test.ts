import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startScriptedModel, type ScriptedModel } from '../src/real/scripted-model.js';
import { SUMMARIZATION_SYSTEM, chatBody, postChat } from './support/chat-request.js';

describe('ScriptedModel', () => {
  let model: ScriptedModel;

  beforeEach(async () => {
    model = await startScriptedModel({ summary: 'THE SUMMARY' });
  });

  afterEach(async () => {
    await model.dispose();
  });

  it('listens on loopback and declares itself as an openai-completions provider', () => {
    expect(model.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(model.modelsJson().providers[model.provider]).toMatchObject({
      baseUrl: model.baseUrl,
      api: 'openai-completions',
      models: [{ id: model.modelId }],
    });
    expect(model.cliArgs).toEqual(['--provider', 'scripted', '--model', 'scripted-model']);
  });

  it('lists strict tool schemas as the provider catalog does, only when asked and where a compat turns them on', async () => {
    const plain = await startScriptedModel({ api: 'anthropic-messages' });
    const strict = await startScriptedModel({ api: 'anthropic-messages', strictTools: true });
    const responses = await startScriptedModel({ api: 'openai-responses', strictTools: true });
    try {
      expect(plain.modelsJson().providers['scripted']).not.toHaveProperty('compat');
      expect(strict.modelsJson().providers['scripted']).toMatchObject({ compat: { supportsStrictTools: true } });
      expect(responses.modelsJson().providers['scripted']).toMatchObject({ compat: { supportsStrictMode: true } });
      // Gemini's strict sampling follows the model's major version, not a compat.
      await expect(startScriptedModel({ api: 'google-generative-ai', strictTools: true })).rejects.toThrow('no compat turns strict tools on');
    } finally {
      await Promise.all([plain.dispose(), strict.dispose(), responses.dispose()]);
    }
  });

  it('answers queued steps in order, then the default reply', async () => {
    model.enqueue({ text: 'one' }, { toolCalls: [{ name: 'echo_note', arguments: { note: 'n' } }] });

    expect(await postChat(model, chatBody('a'))).toMatchObject({ status: 200, text: 'one', toolNames: [] });
    expect(await postChat(model, chatBody('b'))).toMatchObject({ text: '', toolNames: ['echo_note'] });
    expect((await postChat(model, chatBody('c'))).text).toBe('Scripted reply.');
    expect(model.pendingSteps()).toBe(0);
  });

  it('lets a step react to the request it answers', async () => {
    model.enqueue((request) => ({ text: `you said ${request.lastUserText ?? ''}` }));

    expect((await postChat(model, chatBody('ping'))).text).toBe('you said ping');
  });

  it('answers summarization requests with the summary without consuming the script', async () => {
    model.enqueue({ text: 'queued' });

    expect((await postChat(model, chatBody('summarize', SUMMARIZATION_SYSTEM))).text).toBe('THE SUMMARY');
    model.setSummary((request) => `summary of ${String(request.messages.length)} messages`);
    expect((await postChat(model, chatBody('again', SUMMARIZATION_SYSTEM))).text).toBe('summary of 2 messages');
    expect(model.pendingSteps()).toBe(1);
    expect(model.summaryRequests()).toHaveLength(2);
    expect(model.chatRequests()).toEqual([]);
  });

  it('records every request as a copy the caller cannot change', async () => {
    await postChat(model, chatBody('recorded'));

    const [first] = model.requests();
    expect(first?.lastUserText).toBe('recorded');
    (first?.messages as unknown[]).length = 0;
    expect(model.requests()[0]?.messages).toHaveLength(2);
  });

  it('answers HTTP 500 and records a failure when a step throws', async () => {
    model.enqueue(() => {
      throw new Error('script bug');
    });

    expect((await postChat(model, chatBody('x'))).status).toBe(500);
    expect(model.failures()).toEqual(['step for request 1 threw']);
  });

  it('answers a request its provider would refuse as that provider does, consuming no step', async () => {
    model.enqueue({ text: 'unused' });
    const body = { ...(chatBody('x') as object), tools: [{ type: 'function', function: { name: 'bad name', parameters: { type: 'object' } } }] };

    expect((await postChat(model, body)).status).toBe(400);
    expect(model.refusals().map((refusal) => [refusal.status, refusal.request.toolNames])).toEqual([[400, ['bad name']]]);
    expect(model.pendingSteps()).toBe(1);
  });

  it('forgets the script and the records on reset', async () => {
    model.enqueue({ text: 'never sent' });
    await postChat(model, chatBody('x'));
    model.enqueue({ text: 'dropped' });

    model.reset();

    expect(model.pendingSteps()).toBe(0);
    expect(model.requests()).toEqual([]);
  });

  it('stops listening once disposed', async () => {
    await model.dispose();

    await expect(postChat(model, chatBody('x'))).rejects.toThrow();
  });
});
