import { codedErrorExpectations } from '@j1nn0/pi-testkit/checks';
import { AgentStateError } from '../src/index.js';

export const { catchError: catchAgentStateError, expectError: expectAgentStateError } = codedErrorExpectations(AgentStateError);
