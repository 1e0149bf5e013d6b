import { stopProcess } from './appServer';

export default async function teardown() {
  stopProcess((globalThis as any).__mockServer);
}
