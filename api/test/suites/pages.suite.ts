import { runSuite } from './suite-files';

runSuite('pages');
