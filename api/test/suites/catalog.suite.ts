import { runSuite } from './suite-files';

runSuite('catalog');
