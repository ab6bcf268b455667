import type { PiEvent } from './rpc-protocol.js';

interface Waiter<T> {
  readonly predicate: (event: T) => boolean;
  readonly resolve: (event: T) => void;
  readonly reject: (error: Error) => void;
  readonly what: string;
  readonly timer: NodeJS.Timeout;
}

/** Builds the error a failed wait rejects with; the driver adds its version and stderr tail. */
export type WaitErrorFactory = (what: string, why: string) => Error;

/** Every record a child printed (Pi's RPC records by default), in order, plus bounded waits for records still to come. */
export class EventLog<T = PiEvent> {
  readonly #events: T[] = [];
  readonly #waiters = new Set<Waiter<T>>();
  readonly #errorFor: WaitErrorFactory;
  #closedBecause: string | undefined;

  constructor(errorFor: WaitErrorFactory) {
    this.#errorFor = errorFor;
  }

  get length(): number {
    return this.#events.length;
  }

  /** A copy of the records from `fromIndex` on. */
  since(fromIndex = 0): T[] {
    return this.#events.slice(fromIndex);
  }

  push(event: T): void {
    this.#events.push(event);
    for (const waiter of [...this.#waiters]) {
      if (waiter.predicate(event)) this.#settle(waiter).resolve(event);
    }
  }

  /** Resolves with the first record at or after `fromIndex` matching `predicate`; rejects after `timeoutMs`. */
  waitFor(predicate: (event: T) => boolean, options: { fromIndex: number; timeoutMs: number; what: string }): Promise<T> {
    const seen = this.#events.slice(options.fromIndex).find(predicate);
    if (seen !== undefined) return Promise.resolve(seen);
    if (this.#closedBecause !== undefined) {
      return Promise.reject(this.#errorFor(options.what, this.#closedBecause));
    }
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter<T> = {
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

  #settle(waiter: Waiter<T>): Waiter<T> {
    clearTimeout(waiter.timer);
    this.#waiters.delete(waiter);
    return waiter;
  }
}
