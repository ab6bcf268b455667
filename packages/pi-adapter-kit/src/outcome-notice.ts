import type { NotifyType } from './port.js';

// Both adapters apply a request through a controller and tell the person one line about it:
// a rejection is a warning, an internal failure an error, everything else that was handled info.

/**
 * Who asked for a change: a person through the command or the model through a tool. A rejection names
 * the next step in the caller's own terms (a subcommand for one, a tool for the other).
 */
export type Caller = 'person' | 'model';

export interface Notice {
  readonly message: string;
  readonly type: NotifyType;
}

/** What a command tells the person; `savedChange` marks a change that was saved as a new entry. */
export interface CommandReply extends Notice {
  readonly savedChange: boolean;
  /**
   * The end of `message` that says more than the change itself (what it left behind, say): told on its
   * own where the chat line already shows the change.
   */
  readonly beyondChange?: string;
}

export type ChangeOutcome<TChanged, TNoChange, TRejection> =
  | ({ readonly kind: 'changed' } & TChanged)
  | { readonly kind: 'unchanged'; readonly noChange: TNoChange }
  | { readonly kind: 'rejected'; readonly rejection: TRejection }
  /** An unexpected failure (a bug or a host error): reported, never thrown at Pi. */
  | { readonly kind: 'failed' };

export interface OutcomeMessages<TChanged, TNoChange, TRejection> {
  readonly internalFailure: string;
  changed(outcome: { readonly kind: 'changed' } & TChanged): string;
  unchanged(noChange: TNoChange): string;
  rejected(rejection: TRejection): string;
}

export function outcomeNotice<TChanged, TNoChange, TRejection>(
  outcome: ChangeOutcome<TChanged, TNoChange, TRejection>,
  messages: OutcomeMessages<TChanged, TNoChange, TRejection>,
): Notice {
  switch (outcome.kind) {
    case 'failed':
      return { message: messages.internalFailure, type: 'error' };
    case 'changed':
      return { message: messages.changed(outcome), type: 'info' };
    case 'unchanged':
      return { message: messages.unchanged(outcome.noChange), type: 'info' };
    case 'rejected':
      return { message: messages.rejected(outcome.rejection), type: 'warning' };
  }
}
