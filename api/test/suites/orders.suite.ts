import { runSuite } from './suite-files';

runSuite('orders');
