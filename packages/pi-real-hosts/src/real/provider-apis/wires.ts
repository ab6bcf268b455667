import { ANTHROPIC_MESSAGES_WIRE } from './anthropic-messages.js';
import { GOOGLE_GENERATIVE_AI_WIRE } from './google-generative-ai.js';
import { OPENAI_COMPLETIONS_WIRE } from './openai-completions.js';
import { OPENAI_RESPONSES_WIRE } from './openai-responses.js';
import type { ProviderApi, ProviderWire } from './wire.js';

/** Each wire the scripted model speaks, by models.json `api`. */
const WIRES: Readonly<Record<ProviderApi, ProviderWire>> = {
  'openai-completions': OPENAI_COMPLETIONS_WIRE,
  'openai-responses': OPENAI_RESPONSES_WIRE,
  'anthropic-messages': ANTHROPIC_MESSAGES_WIRE,
  'google-generative-ai': GOOGLE_GENERATIVE_AI_WIRE,
};

/** Every wire the scripted model speaks. */
export const PROVIDER_APIS: readonly ProviderApi[] = Object.keys(WIRES) as ProviderApi[];

export function wireFor(api: ProviderApi): ProviderWire {
  return WIRES[api];
}
