import type { ContextFinding, ContextVerifier, ContextVerifierInput } from '../../src/index.js';

export interface RecordingVerifier {
  readonly verifier: ContextVerifier;
  readonly calls: ContextVerifierInput[];
}

/** A verifier that answers with `answer(input)` as is, however malformed, and records each call. */
export function recordingVerifier(answer: (input: ContextVerifierInput) => unknown): RecordingVerifier {
  const calls: ContextVerifierInput[] = [];
  const verifier = (input: ContextVerifierInput): readonly ContextFinding[] => {
    calls.push(input);
    return answer(input) as readonly ContextFinding[];
  };
  return { verifier, calls };
}

/** A verifier that returns `output` unchecked; the cast is the point, since output is never trusted. */
export function verifierReturning(output: unknown): ContextVerifier {
  return recordingVerifier(() => output).verifier;
}
