// Jest global tear-down of the journeys: removes what global-setup.ts and the shops left (data directory, databases).
export default async function globalTeardown(): Promise<void> {
  await (globalThis as { cleanUpRun?: () => Promise<void> }).cleanUpRun?.();
}
