import { describeEachPi } from '@j1nn0/pi-real-hosts';
import { coexistenceScenarios } from './support/coexistence-scenarios.js';

describeEachPi('Agent State and Context Guard in one real Pi', coexistenceScenarios);
