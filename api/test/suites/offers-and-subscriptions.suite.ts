import { runSuite } from './suite-files';

runSuite('offers-and-subscriptions');
