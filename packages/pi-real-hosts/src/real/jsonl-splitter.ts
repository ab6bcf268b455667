import { StringDecoder } from 'node:string_decoder';

/**
 * Splits a byte stream into records on LF only, as Pi's RPC framing requires: readline would also
 * split on U+2028/U+2029, which are legal inside JSON strings. A trailing CR is dropped.
 */
export class JsonlSplitter {
  readonly #decoder = new StringDecoder('utf8');
  #pending = '';

  /** Feeds one chunk and returns the complete, non-empty lines it closed. */
  push(chunk: Buffer | string): string[] {
    this.#pending += typeof chunk === 'string' ? chunk : this.#decoder.write(chunk);
    const lines: string[] = [];
    let newline = this.#pending.indexOf('\n');
    while (newline !== -1) {
      addLine(lines, this.#pending.slice(0, newline));
      this.#pending = this.#pending.slice(newline + 1);
      newline = this.#pending.indexOf('\n');
    }
    return lines;
  }

  /** Returns the unterminated last line, if any, once the stream has ended. */
  end(): string[] {
    const rest = this.#pending + this.#decoder.end();
    this.#pending = '';
    const lines: string[] = [];
    addLine(lines, rest);
    return lines;
  }
}

function addLine(lines: string[], raw: string): void {
  const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
  if (line.trim() !== '') lines.push(line);
}
