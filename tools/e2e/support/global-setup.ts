// Jest global set-up of the journeys: one first start of the shop, which every journey's shop copies.
import { prepareFirstStartedDataDir } from './shop';

export default async function globalSetup(): Promise<void> {
  const removeDataDir = await prepareFirstStartedDataDir();
  (globalThis as { removeFirstStartedDataDir?: () => void }).removeFirstStartedDataDir = removeDataDir;
}
