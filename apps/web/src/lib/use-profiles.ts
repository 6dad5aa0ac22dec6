import { useQuery } from '@tanstack/react-query';
import { readService } from './api';
import { ProfilePageSchema, nextCursor, type Profile } from './read-schemas';

async function allProfiles(): Promise<Profile[]> {
  const profiles: Profile[] = [];
  let cursor: string | undefined;
  // The service answers up to 1000 profiles a page; a customer with more is walked to the end.
  do {
    const page = await readService(
      '/v2/profiles',
      { limit: 1000, page_cursor: cursor },
      ProfilePageSchema,
    );
    profiles.push(...page.items);
    cursor = nextCursor(page);
  } while (cursor);
  return profiles;
}

/**
 * The profiles the console's credential sees, by id: what pickers offer and what lists show
 * instead of a bare UUID. Read once a minute at most; every page shares the one read.
 */
export function useProfiles() {
  const query = useQuery({
    queryKey: ['svc', 'profiles'],
    queryFn: allProfiles,
    staleTime: 60_000,
  });
  const byId = new Map((query.data ?? []).map((p) => [p.id, p]));
  return { ...query, byId };
}

/** A profile's name for a list: its nickname, or its id when the console does not know it. */
export function profileName(byId: ReadonlyMap<string, Profile>, id: string | undefined): string {
  if (!id) return '';
  return byId.get(id)?.nickname || id;
}
