import type { ProviderApi } from '@j1nn0/pi-real-hosts';

/**
 * Whether the wire has an error form for a tool result (Anthropic's `is_error`, Google's
 * `response.error`); where it has none, Pi sends a refused call's message as an ordinary result and
 * the text alone says it was refused.
 */
export const MARKS_TOOL_ERRORS: Readonly<Record<ProviderApi, boolean>> = {
  'openai-completions': false,
  'openai-responses': false,
  'anthropic-messages': true,
  'google-generative-ai': true,
};
