import { codedErrorExpectations } from '@j1nn0/test-checks';
import { ContextGuardError } from '../../src/index.js';

export const {
  catchError: catchContextGuardError,
  expectError: expectContextGuardError,
  rejectionOf,
} = codedErrorExpectations(ContextGuardError);
