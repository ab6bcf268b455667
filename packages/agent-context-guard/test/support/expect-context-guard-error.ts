import { codedErrorExpectations } from '@j1nn0/pi-testkit/checks';
import { ContextGuardError } from '../../src/index.js';

export const {
  catchError: catchContextGuardError,
  expectError: expectContextGuardError,
  rejectionOf,
} = codedErrorExpectations(ContextGuardError);
