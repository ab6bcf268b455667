import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ScriptedReply } from '../../src/real/openai-stream.js';
import type { ProviderWire, StreamParameters } from '../../src/real/provider-apis/wire.js';

/**
 * A loopback provider that speaks one wire, for the tests that point Pi's own provider code at a wire.
 *
 * Each wire test needs the same small server: record what Pi sent (method, path, headers, JSON body),
 * answer 404 off the wire's route, the wire's refusal where it refuses, and else the wire's stream of
 * the reply the test chose. One server here keeps that logic in one place for every wire.
 */

/** One request the server received, as Pi sent it. */
export interface ReceivedRequest {
  readonly method: string;
  /** The path with its query, e.g. `/v1/messages?beta=true`. */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: unknown;
}

/** What to stream back: the reply and the stream parameters, chosen with every request so far (this one last). */
export type WireAnswer = (received: readonly ReceivedRequest[]) => { readonly reply: ScriptedReply; readonly parameters: StreamParameters };

export interface WireServer {
  /** The wire's `baseUrl` for this server, what a Pi model's `baseUrl` should be. */
  readonly baseUrl: string;
  /** Every request received, in order; a test may empty it. */
  readonly received: ReceivedRequest[];
  close(): Promise<void>;
}

/** Starts a server for `wire` on 127.0.0.1 at a free port. */
export async function startWireServer(wire: ProviderWire, answer: WireAnswer): Promise<WireServer> {
  const received: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      if (!wire.handles(request.method ?? '', request.url ?? '')) {
        response.writeHead(404).end();
        return;
      }
      const refusal = wire.refuse(body);
      if (refusal !== undefined) {
        response.writeHead(refusal.status, { 'content-type': 'application/json' }).end(JSON.stringify(refusal.body));
        return;
      }
      const { reply, parameters } = answer(received);
      const streamed = wire.stream(reply, parameters);
      response.writeHead(200, { 'content-type': streamed.contentType }).end(streamed.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: wire.baseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    received,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error === undefined) resolve();
          else reject(error);
        });
      }),
  };
}
