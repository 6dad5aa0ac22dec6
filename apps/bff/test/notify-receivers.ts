/**
 * Test support: real receivers of the console's notifications. An SMTP server in this process
 * (`smtp-server`) that stores every message it accepts, parsed (`mailparser`), and can refuse
 * or hold its answer; an HTTP server that stores every chat post with its headers, and can
 * answer an error or hold its answer. Used by tests only.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One email as it reached the server. */
export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  messageId: string;
  /** The `X-Console-Message-Id` header. */
  consoleId: string;
  /** The whole message as it came over the wire. */
  raw: string;
  /** The credentials the client authenticated with, if any. */
  user: string | undefined;
}

/** How the SMTP server answers a message: accept it, refuse it, or keep the client waiting. */
export type SmtpMode = 'accept' | 'refuse' | 'hold';

export async function startSmtpReceiver(options: { user?: string; pass?: string } = {}) {
  const received: ReceivedMail[] = [];
  let mode: SmtpMode = 'accept';
  /** Called with each held message's callback: the test decides when (if ever) to answer. */
  const held: ((error?: Error) => void)[] = [];
  const server = new SMTPServer({
    // Plain SMTP on loopback: the console upgrades with STARTTLS only where it is offered.
    disabledCommands: options.user ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    authOptional: !options.user,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.pass) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        if (mode === 'refuse') {
          const error = new Error('Mailbox unavailable (the test refuses)') as Error & {
            responseCode: number;
          };
          error.responseCode = 451;
          callback(error);
          return;
        }
        void simpleParser(raw).then((mail) => {
          received.push({
            to: (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
              a.value.map((v) => v.address ?? ''),
            ),
            from: mail.from?.value[0]?.address ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            messageId: mail.messageId ?? '',
            consoleId: String(mail.headers.get('x-console-message-id') ?? ''),
            raw,
            user: typeof session.user === 'string' ? session.user : undefined,
          });
          if (mode === 'hold') held.push(callback);
          else callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const auth = options.user ? `${options.user}:${encodeURIComponent(options.pass ?? '')}@` : '';
  return {
    url: `smtp://${auth}127.0.0.1:${port}`,
    received,
    setMode: (next: SmtpMode) => (mode = next),
    /** Answers every held message now. */
    release: () => held.splice(0).forEach((callback) => callback()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One chat post as it reached the receiver. */
export interface ReceivedPost {
  body: string;
  headers: IncomingHttpHeaders;
  json: { text: string; message_id: string; kind: string };
}

/** How the webhook receiver answers: 200, an error status, or never (it holds the request). */
export type HookMode = 'accept' | 'fail' | 'hold';

export async function startWebhookReceiver() {
  const received: ReceivedPost[] = [];
  let mode: HookMode = 'accept';
  const held: (() => void)[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (mode === 'fail') {
        res.writeHead(500).end('no');
        return;
      }
      received.push({ body, headers: req.headers, json: JSON.parse(body) as ReceivedPost['json'] });
      if (mode === 'hold') held.push(() => res.writeHead(200).end('ok'));
      else res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/services/T000/B000/hook-path-secret`,
    received,
    setMode: (next: HookMode) => (mode = next),
    release: () => held.splice(0).forEach((answer) => answer()),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
