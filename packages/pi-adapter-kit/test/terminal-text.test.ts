import { describeTerminalEscaping } from '@j1nn0/pi-testkit/checks';
import { escapeTerminalText, isTerminalUnsafe } from '../src/terminal-text.js';

describeTerminalEscaping({ escapeTerminalText, isTerminalUnsafe });
