import { describeInputLimits } from '@j1nn0/test-checks';
import { MAX_ID_CHARACTERS, MAX_TEXT_CHARACTERS, countCharacters, isValidId, isValidText } from '../src/limits.js';

describeInputLimits({
  maxIdCharacters: MAX_ID_CHARACTERS,
  isValidId,
  typicalId: 'task-1.parse_args/v2',
  textName: 'text',
  maxTextCharacters: MAX_TEXT_CHARACTERS,
  isValidText,
  countCharacters,
});
