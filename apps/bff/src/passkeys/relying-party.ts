/**
 * The WebAuthn relying party the console is (ADR 037): its RP ID is the host of the console's
 * public origin (`PUBLIC_URL`), and an assertion is accepted only from that origin. Without
 * `PUBLIC_URL` the console answers on loopback alone, and WebAuthn takes no IP address as an RP
 * ID: the RP ID is then `localhost`, and the origins are the console's own that name it.
 */
export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

/**
 * `origins` is read at each use, not now: the console's own origins are known only once it
 * listens (a test server's port is chosen then), and reading them early would fix them too soon.
 */
export function relyingParty(
  publicOrigin: string | undefined,
  origins: () => Iterable<string>,
): RelyingParty {
  if (publicOrigin) {
    const origin = new URL(publicOrigin).origin;
    return { id: new URL(origin).hostname, name: 'Console', origins: [origin] };
  }
  return {
    id: 'localhost',
    name: 'Console',
    get origins() {
      return [...origins()].filter((origin) => new URL(origin).hostname === 'localhost');
    },
  };
}
