import { runSuite } from './suite-files';

runSuite('staff-and-messages');
