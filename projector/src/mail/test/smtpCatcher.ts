import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

/** What the catcher answers a message's DATA: accept it (undefined), or refuse it with this SMTP reply. */
export type DataAnswer = { readonly code: number; readonly message: string } | undefined;

export interface SmtpCatcher {
  readonly url: string;
  /** Every message accepted, parsed, in the order received. */
  readonly received: ParsedMail[];
  /** How many DATA commands arrived (accepted or not). */
  dataCount(): number;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a loopback port for the e-mails' tests (smtp-server, mailparser): no TLS, no
 * authentication. `onData` may refuse a message, or act before the reply (kill the sender).
 */
export async function startSmtpCatcher(
  onData: (count: number) => DataAnswer | Promise<DataAnswer> = () => undefined,
): Promise<SmtpCatcher> {
  const received: ParsedMail[] = [];
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream: SMTPServerDataStream, _session: SMTPServerSession, callback: (error?: Error | null) => void) {
      count += 1;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void (async () => {
          const answer = await onData(count);
          if (answer) {
            callback(Object.assign(new Error(answer.message), { responseCode: answer.code }));
            return;
          }
          received.push(await simpleParser(Buffer.concat(chunks)));
          callback();
        })();
      });
    },
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    dataCount: () => count,
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}
