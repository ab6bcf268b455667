import { describeEachPi } from '@j1nn0/pi-testkit/real';
import { coexistenceScenarios } from './support/coexistence-scenarios.js';

describeEachPi('Agent State and Context Guard in one real Pi', coexistenceScenarios);
