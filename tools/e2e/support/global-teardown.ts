// Jest global tear-down of the journeys: removes the data directory global-setup.ts made.
export default function globalTeardown(): void {
  (globalThis as { removeFirstStartedDataDir?: () => void }).removeFirstStartedDataDir?.();
}
