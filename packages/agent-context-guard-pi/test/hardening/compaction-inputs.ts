import fc from 'fast-check';
import {
  assistantMessage,
  bashExecutionMessage,
  branchSummaryMessage,
  compactionSummaryMessage,
  customMessage,
  toolResultMessage,
  userMessage,
  userStringMessage,
} from '../messages.js';
import { RECOVERY_TYPE, type VisibleTexts } from './reference-compaction.js';
import type { ReferenceItem } from './reference-context-guard.js';

// Model requests for the compaction fuzzing, shaped as Pi puts them in a `context` event. A request is drawn as a
// plan (which message kinds, which protected items each mentions and how) and built against the items protected
// when it runs; each message comes with the text the model sees of it, which is what the reference searches.

/**
 * Distinctive contents, so a notification that leaked one is caught; with changed whitespace and case, a sharp s
 * that upper-cases to two letters, and NUL and BEL controls at the ends and inside.
 */
export const GUARDED_CONTENTS = [
  'Add CSV export to the report page',
  'Quote every field',
  'Keep  the\tpublic API stable',
  'Straße bleibt ÜBER Nacht',
  'Ship 🚀 before Friday',
  'Trailing NUL marker \u0000',
  '\u0000 leading NUL marker',
  'Bell \u0007 inside the text',
] as const;

/** Where an item's content may appear: in text the model sees, or in parts it never sees. */
const PLACEMENTS = [
  'compaction summary',
  'branch summary',
  'user text',
  'user string',
  'assistant text',
  'assistant thinking and tool call',
  'tool result',
  'custom message',
  'bash output',
  'bash output excluded with !!',
] as const;
type Placement = (typeof PLACEMENTS)[number];

/** How the content is written there; the reference decides what still counts as the same text. */
const RENDERINGS = ['exact', 'exact', 'upper case', 'respaced', 'truncated', 'without controls'] as const;
type Rendering = (typeof RENDERINGS)[number];

interface MentionPlan {
  readonly pick: number;
  readonly rendering: Rendering;
}

interface MessagePlan {
  readonly placement: Placement;
  readonly mentions: readonly MentionPlan[];
  readonly before: string;
  readonly after: string;
}

export interface RequestPlan {
  readonly messages: readonly MessagePlan[];
  /** Whether the request holds Pi's stored copies of the recoveries handed to it so far. */
  readonly carryStoredRecoveries: boolean;
}

export interface BuiltRequest {
  readonly messages: readonly unknown[];
  readonly visible: VisibleTexts;
  /** The recovery contents among the stored copies the request carries. */
  readonly carried: readonly string[];
}

const mentionPlan = fc.record({ pick: fc.nat(), rendering: fc.constantFrom(...RENDERINGS) });
const messagePlan = fc.record({
  placement: fc.constantFrom(...PLACEMENTS),
  mentions: fc.array(mentionPlan, { maxLength: 3 }),
  before: fc.constantFrom('', '', 'Summary: ', 'We agreed:\n'),
  after: fc.constantFrom('', '', '.', ' and more.'),
});

export const requestPlan: fc.Arbitrary<RequestPlan> = fc.record({
  messages: fc.array(messagePlan, { minLength: 1, maxLength: 5 }),
  carryStoredRecoveries: fc.boolean(),
});

function render(content: string, rendering: Rendering): string {
  switch (rendering) {
    case 'exact':
      return content;
    case 'upper case':
      return content.toUpperCase();
    case 'respaced':
      return content.split(/\s+/u).join(' \n\t ');
    case 'truncated':
      return Array.from(content).slice(0, -1).join('');
    case 'without controls':
      return content.replace(/\p{Cc}/gu, '');
  }
}

function textOf(plan: MessagePlan, items: readonly ReferenceItem[]): string {
  const mentioned = plan.mentions.flatMap((mention) => {
    const item = items[mention.pick % Math.max(items.length, 1)];
    return item === undefined ? [] : [render(item.content, mention.rendering)];
  });
  return `${plan.before}${mentioned.join(' ')}${plan.after}`;
}

/** One message and the text the model sees of it (docs/compaction.md "Compaction lifecycle", step 2). */
function buildMessage(placement: Placement, text: string): { readonly message: unknown; readonly visible: string } {
  switch (placement) {
    case 'compaction summary':
      return { message: compactionSummaryMessage(text), visible: text };
    case 'branch summary':
      return { message: branchSummaryMessage(text), visible: text };
    case 'user text':
      return { message: userMessage(text), visible: text };
    case 'user string':
      return { message: userStringMessage(text), visible: text };
    case 'assistant text':
      return { message: assistantMessage(text), visible: text };
    case 'assistant thinking and tool call':
      return {
        message: assistantMessage('Working on it.', [
          { type: 'thinking', thinking: text },
          { type: 'toolCall', id: 'call_1', name: 'write', arguments: { notes: text } },
        ]),
        visible: 'Working on it.',
      };
    case 'tool result':
      return { message: toolResultMessage(text), visible: text };
    case 'custom message':
      return { message: customMessage('other-extension', text), visible: text };
    case 'bash output':
      return { message: bashExecutionMessage('cat notes.md', text), visible: `cat notes.md\n${text}` };
    case 'bash output excluded with !!':
      return { message: bashExecutionMessage('cat notes.md', text, true), visible: '' };
  }
}

/** The request for a plan, given the protected items and the recoveries handed to Pi so far. */
export function buildRequest(plan: RequestPlan, items: readonly ReferenceItem[], sent: readonly string[]): BuiltRequest {
  const built = plan.messages.map((message) => buildMessage(message.placement, textOf(message, items)));
  // Pi stores each handed-over recovery once; one stored twice would be two turns apart, across a compaction.
  const carried = plan.carryStoredRecoveries ? [...new Set(sent)] : [];
  return {
    messages: [...built.map(({ message }) => message), ...carried.map((content) => customMessage(RECOVERY_TYPE, content, false))],
    visible: [...built.map(({ visible }) => visible), ...carried],
    carried,
  };
}
