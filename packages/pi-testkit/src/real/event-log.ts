import type { PiEvent } from './rpc-protocol.js';

interface Waiter {
  readonly predicate: (event: PiEvent) => boolean;
  readonly resolve: (event: PiEvent) => void;
  readonly reject: (error: Error) => void;
  readonly what: string;
  readonly timer: NodeJS.Timeout;
}

/** Builds the error a failed wait rejects with; the driver adds its version and stderr tail. */
export type WaitErrorFactory = (what: string, why: string) => Error;

/** Every record Pi printed, in order, plus bounded waits for records still to come. */
export class EventLog {
  readonly #events: PiEvent[] = [];
  readonly #waiters = new Set<Waiter>();
  readonly #errorFor: WaitErrorFactory;
  #closedBecause: string | undefined;

  constructor(errorFor: WaitErrorFactory) {
    this.#errorFor = errorFor;
  }

  get length(): number {
    return this.#events.length;
  }

  /** A copy of the records from `fromIndex` on. */
  since(fromIndex = 0): PiEvent[] {
    return this.#events.slice(fromIndex);
  }

  push(event: PiEvent): void {
    this.#events.push(event);
    for (const waiter of [...this.#waiters]) {
      if (waiter.predicate(event)) this.#settle(waiter).resolve(event);
    }
  }

  /** Resolves with the first record at or after `fromIndex` matching `predicate`; rejects after `timeoutMs`. */
  waitFor(predicate: (event: PiEvent) => boolean, options: { fromIndex: number; timeoutMs: number; what: string }): Promise<PiEvent> {
    const seen = this.#events.slice(options.fromIndex).find(predicate);
    if (seen !== undefined) return Promise.resolve(seen);
    if (this.#closedBecause !== undefined) {
      return Promise.reject(this.#errorFor(options.what, this.#closedBecause));
    }
    return new Promise<PiEvent>((resolve, reject) => {
      const waiter: Waiter = {
        predicate,
        resolve,
        reject,
        what: options.what,
        timer: setTimeout(() => {
          this.#settle(waiter).reject(this.#errorFor(options.what, `timed out after ${options.timeoutMs} ms`));
        }, options.timeoutMs),
      };
      this.#waiters.add(waiter);
    });
  }

  /** Rejects every pending wait at once (the process is gone); later waits reject immediately. */
  close(why: string): void {
    this.#closedBecause = why;
    for (const waiter of [...this.#waiters]) this.#settle(waiter).reject(this.#errorFor(waiter.what, why));
  }

  /** Accepts waits again after a restart. */
  reopen(): void {
    this.#closedBecause = undefined;
  }

  #settle(waiter: Waiter): Waiter {
    clearTimeout(waiter.timer);
    this.#waiters.delete(waiter);
    return waiter;
  }
}
