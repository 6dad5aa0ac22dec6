/**
 * The baseline "what any proxy costs": a bare pass-through reverse proxy on node:http, run as
 * its own process like the BFF. No session, validation, journal or signing; keep-alive to the
 * upstream as the BFF's fetch has. `PROXY_PORT` and `PROXY_TARGET` (http://host:port).
 */
import { Agent, createServer, request } from 'node:http';

const target = new URL(process.env.PROXY_TARGET ?? 'http://127.0.0.1:4010');
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

const server = createServer((incoming, outgoing) => {
  const upstream = request(
    {
      agent,
      host: target.hostname,
      port: target.port,
      method: incoming.method,
      path: incoming.url,
      headers: { ...incoming.headers, host: target.host },
    },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  upstream.on('error', () => {
    if (!outgoing.headersSent) outgoing.writeHead(502);
    outgoing.end();
  });
  incoming.pipe(upstream);
});

server.listen(Number(process.env.PROXY_PORT ?? 0), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
