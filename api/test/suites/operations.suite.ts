import { runSuite } from './suite-files';

runSuite('operations');
