import { runSuite } from './suite-files';

runSuite('payments');
