import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a server, to play its failures without touching the shared server:
 * `freeze()` stops forwarding (a server that hangs), `down()` drops every connection and stops
 * listening (a server that died), `up()` listens again (it came back).
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private frozen = false;

  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  async up(): Promise<void> {
    this.frozen = false;
    const server = createServer((client) => {
      const upstream = connect(this.target);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.on('data', (chunk) => {
        if (!this.frozen) upstream.write(chunk);
      });
      upstream.on('data', (chunk) => {
        if (!this.frozen) client.write(chunk);
      });
    });
    await new Promise<void>((ready, fail) => {
      server.once('error', fail);
      server.listen(this.port, '127.0.0.1', () => ready());
    });
    this.server = server;
  }

  freeze(): void {
    this.frozen = true;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((closed) => server.close(() => closed()));
  }
}
