import { codedErrorExpectations } from '@j1nn0/test-checks';
import { AgentStateError } from '../src/index.js';

export const { catchError: catchAgentStateError, expectError: expectAgentStateError } = codedErrorExpectations(AgentStateError);
