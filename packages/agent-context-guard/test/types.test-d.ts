import { describe, expectTypeOf, test } from 'vitest';
import {
  CONTEXT_FINDING_STATUSES,
  CONTEXT_ITEM_KINDS,
  createContextGuard,
  createLiteralVerifier,
  restoreContextGuard,
  verifyContext,
  type ContextFinding,
  type ContextFindingStatus,
  type ContextGuard,
  type ContextGuardError,
  type ContextGuardErrorCode,
  type ContextGuardReport,
  type ContextGuardSnapshot,
  type ContextItem,
  type ContextItemInput,
  type ContextItemKind,
  type ContextVerifier,
  type ContextVerifierInput,
} from '../src/index.js';

describe('public types', () => {
  test('the kind and status lists match their unions exactly', () => {
    expectTypeOf<(typeof CONTEXT_ITEM_KINDS)[number]>().toEqualTypeOf<ContextItemKind>();
    expectTypeOf<(typeof CONTEXT_FINDING_STATUSES)[number]>().toEqualTypeOf<ContextFindingStatus>();
    expectTypeOf<ContextItemKind>().toEqualTypeOf<'goal' | 'constraint' | 'requirement' | 'decision' | 'fact'>();
    expectTypeOf<ContextFindingStatus>().toEqualTypeOf<'preserved' | 'changed' | 'lost' | 'unknown'>();
  });

  test('an input item may leave out critical; a stored item always has it', () => {
    expectTypeOf<{ id: string; kind: 'fact'; content: string }>().toExtend<ContextItemInput>();
    expectTypeOf<ContextItem['critical']>().toEqualTypeOf<boolean>();
    expectTypeOf<{ id: string; kind: 'fact'; content: string }>().not.toExtend<ContextItem>();
    // exactOptionalPropertyTypes: an explicit undefined is not a valid critical flag.
    expectTypeOf<{ id: string; kind: 'fact'; content: string; critical: undefined }>().not.toExtend<ContextItemInput>();
  });

  test('the factories take and return what the README documents', () => {
    expectTypeOf(createContextGuard).parameters.toEqualTypeOf<[items?: readonly ContextItemInput[] | undefined]>();
    expectTypeOf(createContextGuard).returns.toEqualTypeOf<ContextGuard>();
    expectTypeOf(restoreContextGuard).parameters.toEqualTypeOf<[snapshot: unknown]>();
    expectTypeOf(verifyContext).returns.toEqualTypeOf<Promise<ContextGuardReport>>();
    expectTypeOf(createLiteralVerifier).returns.toEqualTypeOf<ContextVerifier>();
  });

  test('the guard members have the documented shapes', () => {
    expectTypeOf<ContextGuard['remove']>().returns.toEqualTypeOf<ContextItem | undefined>();
    expectTypeOf<ContextGuard['get']>().returns.toEqualTypeOf<ContextItem | undefined>();
    expectTypeOf<ContextGuard['size']>().toEqualTypeOf<number>();
    expectTypeOf<ContextGuard['snapshot']>().returns.toEqualTypeOf<ContextGuardSnapshot>();
    expectTypeOf<ContextGuardSnapshot['schemaVersion']>().toEqualTypeOf<1>();
  });

  test('a verifier may be sync or async and must answer with findings', () => {
    expectTypeOf<(input: ContextVerifierInput) => ContextFinding[]>().toExtend<ContextVerifier>();
    expectTypeOf<(input: ContextVerifierInput) => Promise<ContextFinding[]>>().toExtend<ContextVerifier>();
    expectTypeOf<() => Promise<{ id: string; status: 'fine' }[]>>().not.toExtend<ContextVerifier>();
    expectTypeOf<() => string>().not.toExtend<ContextVerifier>();
  });

  test('the report has one shape, with id lists and a boolean ok', () => {
    expectTypeOf<ContextGuardReport['ok']>().toEqualTypeOf<boolean>();
    expectTypeOf<ContextGuardReport['criticalFailures']>().toEqualTypeOf<readonly string[]>();
    expectTypeOf<ContextGuardReport['findings']>().toEqualTypeOf<readonly ContextFinding[]>();
  });

  test('errors carry a code from a closed set and an optional item id', () => {
    expectTypeOf<ContextGuardErrorCode>().toEqualTypeOf<'invalid_input' | 'duplicate_item_id'>();
    expectTypeOf<ContextGuardError['code']>().toEqualTypeOf<ContextGuardErrorCode>();
    expectTypeOf<ContextGuardError['itemId']>().toEqualTypeOf<string | undefined>();
  });
});
