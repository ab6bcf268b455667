/**
 * An independent model of the Agent State rules as the agent-state-pi README states them, written
 * without the core or the adapter, so that a scripted real-Pi session can be checked against it.
 */

export const REFERENCE_STATUSES = ['open', 'in_progress', 'blocked', 'done'] as const;
export type ReferenceStatus = (typeof REFERENCE_STATUSES)[number];

const MAX_ITEMS = 200;
const MAX_ID_CHARACTERS = 64;
const MAX_TEXT_CHARACTERS = 500;

export interface ReferenceWorkItem {
  readonly id: string;
  readonly content: string;
  readonly status: ReferenceStatus;
}

export interface ReferenceDecision {
  readonly id: string;
  readonly content: string;
}

/** The snapshot shape the README documents for the saved payload's `state`. */
export interface ReferenceSnapshot {
  readonly schemaVersion: 1;
  readonly objective?: string;
  readonly workItems: readonly ReferenceWorkItem[];
  readonly decisions: readonly ReferenceDecision[];
}

/** One attempted change, whether it reaches Pi as a command or as a tool call. */
export type StateOperation =
  | { readonly kind: 'objective'; readonly text: string }
  | { readonly kind: 'add'; readonly id: string; readonly content: string; readonly status?: string }
  | { readonly kind: 'set'; readonly id: string; readonly status: string }
  | { readonly kind: 'remove'; readonly id: string }
  | { readonly kind: 'decide'; readonly id: string; readonly content: string }
  | { readonly kind: 'clear'; readonly confirmed: boolean };

export type OperationEffect = 'changed' | 'unchanged' | 'rejected';

function isStatus(value: string): value is ReferenceStatus {
  return (REFERENCE_STATUSES as readonly string[]).includes(value);
}

function isValidId(id: string): boolean {
  const characters = Array.from(id);
  // Whitespace, C0/C1 controls and DEL are enough for the ids a script produces.
  return characters.length >= 1 && characters.length <= MAX_ID_CHARACTERS && !/[\s\p{Cc}]/u.test(id);
}

function isValidText(text: string): boolean {
  return text.trim() !== '' && Array.from(text).length <= MAX_TEXT_CHARACTERS;
}

export class ReferenceAgentState {
  #objective: string | undefined;
  #workItems: ReferenceWorkItem[] = [];
  #decisions: ReferenceDecision[] = [];

  get workItems(): readonly ReferenceWorkItem[] {
    return this.#workItems;
  }

  get decisions(): readonly ReferenceDecision[] {
    return this.#decisions;
  }

  get objective(): string | undefined {
    return this.#objective;
  }

  apply(operation: StateOperation): OperationEffect {
    switch (operation.kind) {
      case 'objective':
        if (!isValidText(operation.text)) return 'rejected';
        if (operation.text === this.#objective) return 'unchanged';
        this.#objective = operation.text;
        return 'changed';
      case 'add': {
        const status = operation.status ?? 'open';
        if (!isValidId(operation.id) || !isValidText(operation.content) || !isStatus(status)) return 'rejected';
        if (this.#workItems.length >= MAX_ITEMS || this.#workItems.some((item) => item.id === operation.id)) return 'rejected';
        this.#workItems = [...this.#workItems, { id: operation.id, content: operation.content, status }];
        return 'changed';
      }
      case 'set': {
        const current = this.#workItems.find((item) => item.id === operation.id);
        if (!isStatus(operation.status) || current === undefined) return 'rejected';
        if (current.status === operation.status) return 'unchanged';
        const status = operation.status;
        this.#workItems = this.#workItems.map((item) => (item === current ? { ...item, status } : item));
        return 'changed';
      }
      case 'remove':
        if (!this.#workItems.some((item) => item.id === operation.id)) return 'rejected';
        this.#workItems = this.#workItems.filter((item) => item.id !== operation.id);
        return 'changed';
      case 'decide':
        if (!isValidId(operation.id) || !isValidText(operation.content)) return 'rejected';
        if (this.#decisions.length >= MAX_ITEMS || this.#decisions.some((decision) => decision.id === operation.id)) {
          return 'rejected';
        }
        this.#decisions = [...this.#decisions, { id: operation.id, content: operation.content }];
        return 'changed';
      case 'clear':
        if (!operation.confirmed || this.isEmpty()) return 'unchanged';
        this.#objective = undefined;
        this.#workItems = [];
        this.#decisions = [];
        return 'changed';
    }
  }

  isEmpty(): boolean {
    return this.#objective === undefined && this.#workItems.length === 0 && this.#decisions.length === 0;
  }

  snapshot(): ReferenceSnapshot {
    const lists = { workItems: [...this.#workItems], decisions: [...this.#decisions] };
    // Key order as the core writes it, so the saved JSON and this snapshot read alike.
    return this.#objective === undefined
      ? { schemaVersion: 1, ...lists }
      : { schemaVersion: 1, objective: this.#objective, ...lists };
  }
}

function plural(count: number, singular: string, pluralForm: string): string {
  return `${count.toString()} ${count === 1 ? singular : pluralForm}`;
}

/** The `/agent-state status` text the README documents (no escaping: scripts use printable text only). */
export function formatReferenceStatus(state: ReferenceSnapshot): string {
  const objective = state.objective === undefined ? 'no objective' : `objective "${state.objective}"`;
  const counts = REFERENCE_STATUSES.map(
    (status) => `${state.workItems.filter((item) => item.status === status).length.toString()} ${status}`,
  );
  const workItems = plural(state.workItems.length, 'work item', 'work items');
  const breakdown = state.workItems.length === 0 ? '' : ` (${counts.join(', ')})`;
  const lines = [
    `Agent State: ${objective}, ${workItems}${breakdown}, ${plural(state.decisions.length, 'decision', 'decisions')}.`,
  ];
  if (state.workItems.length > 0) {
    lines.push('Work items:', ...state.workItems.map((item) => `- [${item.status}] ${item.id}: ${item.content}`));
  }
  if (state.decisions.length > 0) {
    lines.push('Decisions:', ...state.decisions.map((decision) => `- ${decision.id}: ${decision.content}`));
  }
  return lines.join('\n');
}
