// Jest global set-up of the journeys: prepares what every journey's shop starts from (see prepareRun).
import { prepareRun } from './shop';

export default async function globalSetup(): Promise<void> {
  (globalThis as { cleanUpRun?: () => Promise<void> }).cleanUpRun = await prepareRun();
}
