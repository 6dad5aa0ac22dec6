/** Where the BFF listens (`HOST`, `PORT`). */
export interface ListenAddress {
  host: string;
  port: number;
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i;
const WILDCARD = /^(0\.0\.0\.0|::|\[::\])$/;

/**
 * The `Host` values this console answers to, from configuration alone: `PUBLIC_URL`'s host, and
 * `HOST:PORT` (for a loopback or wildcard `HOST`, the loopback names `localhost`, `127.0.0.1`
 * and `[::1]` at `PORT`; the bare name too on port 80, as browsers leave it out).
 *
 * @example
 * allowedHosts({ host: '127.0.0.1', port: 8080 }, undefined);
 * // Set { 'localhost:8080', '127.0.0.1:8080', '[::1]:8080' }
 */
export function allowedHosts(listen: ListenAddress, publicOrigin: string | undefined): Set<string> {
  const hosts = new Set<string>();
  const add = (name: string, port: number) => {
    const host = name.includes(':') && !name.startsWith('[') ? `[${name}]` : name;
    hosts.add(`${host}:${port}`.toLowerCase());
    if (port === 80) hosts.add(host.toLowerCase());
  };
  if (LOOPBACK.test(listen.host) || WILDCARD.test(listen.host)) {
    for (const name of ['localhost', '127.0.0.1', '::1']) add(name, listen.port);
  }
  if (!WILDCARD.test(listen.host)) add(listen.host, listen.port);
  if (publicOrigin) {
    const url = new URL(publicOrigin);
    hosts.add(url.host.toLowerCase());
    hosts.add(
      `${url.hostname}:${url.port || (url.protocol === 'https:' ? 443 : 80)}`.toLowerCase(),
    );
  }
  return hosts;
}

/**
 * The origins a state-changing request may come from: `PUBLIC_URL`'s alone when it is set, else
 * `http://` and each allowed host. Never the request's own `Host`: with it, a page on any name
 * that resolves to this machine (DNS rebinding) would pass as same-origin.
 */
export function allowedOrigins(hosts: Set<string>, publicOrigin: string | undefined): Set<string> {
  if (publicOrigin) return new Set([new URL(publicOrigin).origin]);
  return new Set([...hosts].map((host) => `http://${host}`));
}
