import { runSuite } from './suite-files';

runSuite('cluster');
