import { describeTerminalEscaping } from '@j1nn0/test-checks';
import { escapeTerminalText, isTerminalUnsafe } from '../src/terminal-text.js';

describeTerminalEscaping({ escapeTerminalText, isTerminalUnsafe });
