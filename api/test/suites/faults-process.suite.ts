import { runSuite } from './suite-files';

runSuite('faults-process');
