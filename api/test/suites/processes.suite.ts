import { runSuite } from './suite-files';

runSuite('processes');
