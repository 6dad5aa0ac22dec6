/**
 * Test support: an HTTP proxy in front of the sandbox that misbehaves on cue. Faults are queued
 * one per incoming request; `hang` is the fallback for "hang after receiving" (the sandbox acts,
 * the answer never comes back). It records what passed, including the bearer tokens and
 * signatures, for the log scan.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Fault =
  /** Forward, then cut the connection instead of answering. */
  | 'reset-after-forward'
  /** Forward, then never answer (the client's timeout fires). */
  | 'hang-after-forward'
  /** Take the request and never forward it nor answer: the service never sees it. */
  | 'hang-before-forward'
  /** Answer this status without forwarding (503, 429, 401, …). */
  | { status: number };

export async function startFaultProxy(target: string) {
  let hang = false;
  const faults: Fault[] = [];
  /** Faults for the next request to a path, whatever else (a background job's reads) comes first. */
  const pathFaults: { prefix: string; fault: Fault }[] = [];
  const forwarded: { path: string; status: number; body: string }[] = [];
  const received: { path: string; fault: Fault | null }[] = [];
  const credentials = new Set<string>();
  const held: ServerResponse[] = [];

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    for await (const chunk of req) body += String(chunk);
    const headers: Record<string, string> = {};
    for (const name of [
      'authorization',
      'content-type',
      'svc-signature',
      'x-request-id',
      'accept',
    ]) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    if (headers.authorization) credentials.add(headers.authorization.replace(/^Bearer /, ''));
    if (headers['svc-signature']) credentials.add(headers['svc-signature']);
    const onPath = pathFaults.findIndex((f) => (req.url ?? '').startsWith(f.prefix));
    const fault =
      (onPath >= 0 ? pathFaults.splice(onPath, 1)[0]!.fault : faults.shift()) ??
      (hang ? 'hang-after-forward' : null);
    received.push({ path: req.url ?? '', fault });
    if (fault === 'hang-before-forward') {
      held.push(res);
      return;
    }
    if (fault !== null && typeof fault === 'object') {
      res.writeHead(fault.status, { 'Content-Type': 'application/problem+json' });
      res.end(JSON.stringify({ type: 'about:blank', title: 'scripted', status: fault.status }));
      return;
    }
    const answer = await fetch(target + req.url, {
      method: req.method ?? 'GET',
      headers,
      ...(body ? { body } : {}),
    });
    const text = await answer.text();
    forwarded.push({ path: req.url ?? '', status: answer.status, body });
    if (fault === 'hang-after-forward') {
      held.push(res);
      return;
    }
    if (fault === 'reset-after-forward') {
      res.socket?.destroy();
      return;
    }
    res.writeHead(answer.status, {
      'Content-Type': answer.headers.get('content-type') ?? 'application/json',
    });
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    forwarded,
    received,
    credentials,
    /** Hang after forwarding every request with no queued fault. */
    setHang(value: boolean) {
      hang = value;
    },
    /** Faults for the next requests, in order. */
    queue(...next: Fault[]) {
      faults.push(...next);
    },
    /** A fault for the next request whose path starts with `prefix`, and only for it. */
    queueOn(prefix: string, fault: Fault) {
      pathFaults.push({ prefix, fault });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
