import { runSuite } from './suite-files';

runSuite('accounts');
