import { runSuite } from './suite-files';

runSuite('payment-sequences');
