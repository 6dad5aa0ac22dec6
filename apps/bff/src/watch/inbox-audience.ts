/**
 * Which changes concern one operator (issue 35): the inbox holds what concerns them, and the
 * stream marks those messages so the browser reads its inbox again. The change says whose it is
 * (`Audience`, `classify.ts`); the journal says who sent what (`ref_id`) and which profiles an
 * operator works with (the profiles their recent sends name). One SQL predicate decides, for the
 * inbox's page and for each batch of the stream alike.
 */
import type { Queryable } from '../db/db';

/** The sends that say which profiles an operator works with: their newest. */
export const RECENT_SENDS = 200;

/** Every string under a key that names a profile (`profile_id`, `from_profile_id`, …). */
function collectProfiles(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectProfiles(item, into);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key.endsWith('profile_id') && typeof inner === 'string' && inner !== '') into.add(inner);
      else collectProfiles(inner, into);
    }
  }
}

/** The profile a request's path names (`/v2/profiles/{profile_id}/…`: an order, its cancel). */
export function profileInPath(path: string): string | undefined {
  const named = /^\/v2\/profiles\/([^/?]+)/.exec(path)?.[1];
  return named === undefined ? undefined : decodeURIComponent(named);
}

/** The profiles a set of journal entries names, in their paths or their bodies. */
export function profilesOfSends(
  sends: readonly { request_path: string; request_body: string }[],
): string[] {
  const profiles = new Set<string>();
  for (const send of sends) {
    const inPath = profileInPath(send.request_path);
    if (inPath) profiles.add(inPath);
    if (!send.request_body.startsWith('{')) continue;
    try {
      collectProfiles(JSON.parse(send.request_body), profiles);
    } catch {
      // A body the journal kept that is not JSON names no profile.
    }
  }
  return [...profiles].sort();
}

/**
 * True of a change `c` of `live_changes` that concerns the operator named by the parameter
 * `user`, who works with the profiles of the text-array parameter `profiles`.
 */
export const CONCERNS = (user: string, profiles: string): string => `(
  c.audience = 'role'
  or (c.audience in ('sender', 'sender-or-role') and exists (
    select 1 from journal_entries j where j.ref_id = c.ref_id and j.operator = ${user}))
  or (c.audience = 'sender-or-role' and not exists (
    select 1 from journal_entries j where j.ref_id = c.ref_id))
  or (c.audience = 'profile' and c.profile_id = any(${profiles}::text[]) and not exists (
    select 1 from journal_entries j where j.ref_id = c.ref_id)))`;

export function createInboxAudience(db: Queryable) {
  async function profilesOf(username: string): Promise<string[]> {
    const sends = await db.query<{ request_path: string; request_body: string }>(
      `select request_path, request_body from journal_entries where operator = $1
       order by seq desc limit $2`,
      [username, RECENT_SENDS],
    );
    return profilesOfSends(sends);
  }

  return {
    profilesOf,

    /** Of the changes given, the ids of those that concern `username`. */
    async concerning(
      username: string,
      changes: readonly { id: string; audience: string | null }[],
    ): Promise<Set<string>> {
      const ids = changes.filter((c) => c.audience !== null).map((c) => c.id);
      if (ids.length === 0) return new Set();
      const profiles = changes.some((c) => c.audience === 'profile')
        ? await profilesOf(username)
        : [];
      const rows = await db.query<{ id: string }>(
        `select c.id::text as id from live_changes c
         where c.id = any($2::bigint[]) and ${CONCERNS('$1', '$3')}`,
        [username, ids, profiles],
      );
      return new Set(rows.map((row) => row.id));
    },
  };
}

export type InboxAudience = ReturnType<typeof createInboxAudience>;
