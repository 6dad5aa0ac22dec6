/**
 * The nicknames of the profiles a message names, read from the service when the event is
 * expanded (the page names them the same way, from the same read), so that an email says
 * "Treasury → Payouts" where the screen does. A profile the service does not answer for now is
 * named by its id: a message is never held back for a name.
 */
import type { UpstreamClient } from '../upstream/client';

/** Profile id → nickname, for the ids asked about that have one. */
export type ProfileNames = (ids: readonly string[]) => Promise<ReadonlyMap<string, string>>;

/** Reads each profile once (`GET /v2/profiles/{id}`), through the client and its budget. */
export function profileNamesFrom(client: UpstreamClient, timeoutMs: number): ProfileNames {
  return async (ids) => {
    const names = new Map<string, string>();
    for (const id of new Set(ids)) {
      const outcome = await client
        .send({
          method: 'GET',
          path: `/v2/profiles/${encodeURIComponent(id)}`,
          scope: 'funding:read_profile',
          requestId: `message-profile-${names.size}`,
          body: '',
          timeoutMs,
          safe: true,
        })
        .catch(() => undefined);
      if (outcome?.kind !== 'answered' || outcome.status !== 200) continue;
      const nickname = (outcome.body as { nickname?: unknown } | null)?.nickname;
      if (typeof nickname === 'string' && nickname.trim()) names.set(id, nickname.trim());
    }
    return names;
  };
}
