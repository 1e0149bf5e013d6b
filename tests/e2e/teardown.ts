import { stopProcess } from './appServer';

export default async function teardown() {
  for (const child of (globalThis as any).__e2eServers ?? []) stopProcess(child);
}
