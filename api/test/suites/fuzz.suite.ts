import { runSuite } from './suite-files';

runSuite('fuzz');
