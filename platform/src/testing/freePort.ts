import { createServer } from 'node:net';

/** A loopback port nothing listens on now, for a server a test starts beside others (a second projector's /health). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address();
  await new Promise((closed) => server.close(closed));
  if (typeof address !== 'object' || !address) throw new Error('the system gave no port');
  return address.port;
}
