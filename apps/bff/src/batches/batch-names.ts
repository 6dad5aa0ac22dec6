/**
 * The names a batch's cells may use instead of ids (issue 39): profile nicknames, identity and
 * account names (an institution's name, a person's first and last name, an account's
 * description), entries of the book of allowed destinations by their names. Read once per check
 * from the service's lists (through the upstream client, each page taking from the service
 * budget like any read) and from the book; a name that fits nothing, or more than one thing, is
 * the cell's problem. The source profiles' balances are read once per check the same way.
 */
import { destinationTargetId } from '@console/schemas';
import type { DestinationStore } from '../destinations/destination-store';
import { ProblemError } from '../errors';
import type { UpstreamClient, UpstreamOutcome } from '../upstream/client';
import { ServiceBudgetError } from '../upstream/service-budget';
import type { NameDirectory } from '@console/schemas';
import type { BalanceTable, NameTables } from './batch-tables';

export interface BatchNamesDeps {
  client: UpstreamClient;
  destinations: DestinationStore;
  timeoutMs: number;
}

/** Where each directory of the service is listed, with the scope its read asks. */
const LISTS: Record<Exclude<NameDirectory, 'book'>, { path: string; scope: string }> = {
  profiles: { path: '/v2/profiles', scope: 'funding:read_profile' },
  identities: { path: '/v2/identity/identities', scope: 'identity:read_identity' },
  accounts: { path: '/v2/identity/accounts', scope: 'identity:read_account' },
};

/** Pages read of one list at most (1 000 items each): a directory larger than that is cut. */
const MAX_PAGES = 20;

type Item = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : '');

/** The names an item of a directory goes by. */
function namesOf(directory: NameDirectory, item: Item): string[] {
  switch (directory) {
    case 'profiles':
      return [text(item.nickname)];
    case 'identities': {
      const person = (item.person_details ?? {}) as Item;
      const institution = (item.institution_details ?? {}) as Item;
      return [
        text(institution.name),
        [text(person.first_name), text(person.last_name)].filter(Boolean).join(' '),
      ];
    }
    case 'accounts':
      return [text(item.description)];
    case 'book':
      return [text(item.name)];
  }
}

/** A problem of a check whose directories could not be read: try again, nothing was stored. */
const unreadable = (what: string) =>
  new ProblemError({
    status: 503,
    code: 'upstream-unavailable',
    detail: `${what}; nothing was stored, try the check again.`,
  });

/**
 * One read of a check; a read the console's budget holds back is a 429 with its wait, a token
 * refused a 503 (nothing was read either way).
 */
async function readOrThrow(
  deps: BatchNamesDeps,
  read: { path: string; scope: string; requestId: string },
): Promise<UpstreamOutcome> {
  try {
    return await deps.client.send({
      method: 'GET',
      ...read,
      body: '',
      timeoutMs: deps.timeoutMs,
      safe: true,
    });
  } catch (error) {
    if (error instanceof ServiceBudgetError) {
      const seconds = Math.max(1, Math.ceil(error.retryAfterMs / 1000));
      throw new ProblemError({
        status: 429,
        code: 'rate-limited',
        detail: `Nothing was read: ${error.message}. Try again in ${seconds} s.`,
        headers: { 'Retry-After': String(seconds) },
      });
    }
    throw unreadable(`The service could not be read (${(error as Error).message})`);
  }
}

async function listAll(deps: BatchNamesDeps, directory: keyof typeof LISTS): Promise<Item[]> {
  const { path, scope } = LISTS[directory];
  const items: Item[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = `limit=1000${cursor ? `&page_cursor=${encodeURIComponent(cursor)}` : ''}`;
    const outcome = await readOrThrow(deps, {
      path: `${path}?${query}`,
      scope,
      requestId: `batch-names-${directory}-${page}`,
    });
    if (outcome.kind !== 'answered' || outcome.status !== 200) {
      throw unreadable(`The service's ${directory} could not be read to resolve names`);
    }
    const body = (outcome.body ?? {}) as { items?: unknown; next_page_cursor?: unknown };
    if (Array.isArray(body.items)) items.push(...(body.items as Item[]));
    cursor = typeof body.next_page_cursor === 'string' ? body.next_page_cursor : undefined;
    if (!cursor) break;
  }
  return items;
}

/**
 * The names directory of one check, over the directories `fields` read.
 *
 * @example
 * const names = await batchNames(deps, [{ field: 'to_profile_id', directory: 'profiles' }]);
 * namesFrom(names).resolve('to_profile_id', 'Payouts'); // { id: '…' }
 */
export async function batchNames(
  deps: BatchNamesDeps,
  fields: { field: string; directory: NameDirectory }[],
): Promise<NameTables> {
  const wanted = [...new Set(fields.map((f) => f.directory))];
  const byDirectory: NameTables['byDirectory'] = new Map();
  await Promise.all(
    wanted.map(async (directory) => {
      const entries: { id: string; names: string[] }[] =
        directory === 'book'
          ? (await deps.destinations.list())
              .filter((row) => row.revoked === null && row.approved_at !== null)
              .map((row) => ({
                id: destinationTargetId(row.target),
                names: namesOf('book', row as unknown as Item),
              }))
          : (await listAll(deps, directory)).map((item) => ({
              id: text(item.id),
              names: namesOf(directory, item),
            }));
      const ids = new Set(entries.map((e) => e.id).filter(Boolean));
      const names = new Map<string, string[]>();
      const labels = new Map<string, string>();
      for (const entry of entries) {
        const given = entry.names.filter(Boolean);
        if (entry.id && given[0] && !labels.has(entry.id)) labels.set(entry.id, given[0]);
        for (const name of new Set(given.map((n) => n.toLowerCase()))) {
          names.set(name, [...(names.get(name) ?? []), entry.id]);
        }
      }
      byDirectory.set(directory, { ids, names, labels });
    }),
  );
  return { directoryOf: new Map(fields.map((f) => [f.field, f.directory])), byDirectory };
}

/** Balances read at most at once, of a file's many source profiles. */
const BALANCE_READS_AT_ONCE = 4;

/**
 * The available balances of `profiles`, read once for a check (`GET …/balances` of each, through
 * the upstream client and the service budget). A profile the service does not answer for is
 * unknown: its rows are left to the service.
 */
export async function readBalances(
  deps: BatchNamesDeps,
  profiles: string[],
): Promise<BalanceTable> {
  const known: BalanceTable = new Map();
  const queue = [...profiles];
  const worker = async () => {
    for (let profile = queue.shift(); profile !== undefined; profile = queue.shift()) {
      // A balance that cannot be read now is unknown: the service decides its rows.
      const outcome = await readOrThrow(deps, {
        path: `/v2/profiles/${encodeURIComponent(profile)}/balances`,
        scope: 'funding:read_profile',
        requestId: `batch-balances-${known.size}`,
      }).catch(() => undefined);
      if (!outcome) continue;
      if (outcome.kind !== 'answered' || outcome.status !== 200) continue;
      const items = (outcome.body as { items?: unknown } | null)?.items;
      if (!Array.isArray(items)) continue;
      const assets = new Map<string, string>();
      for (const item of items as Item[]) {
        if (text(item.asset) && text(item.available)) {
          assets.set(text(item.asset), text(item.available));
        }
      }
      known.set(profile, assets);
    }
  };
  await Promise.all(Array.from({ length: BALANCE_READS_AT_ONCE }, worker));
  return known;
}
