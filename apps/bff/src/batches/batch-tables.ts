/**
 * What a check reads from the service once (the names directories, the source profiles'
 * balances) as plain data: the check runs in a worker thread (`batch-check-worker.ts`), and only
 * data crosses to it; the lookups are made from the data on the side that checks.
 */
import type { Balances } from './batch-balances';
import type { NameDirectory } from '@console/schemas';

/** Resolves a cell naming something (a profile's nickname) to its id; see `batch-check.ts`. */
export interface BatchNamesLike {
  resolve(field: string, cell: string): { id: string } | { error: string } | undefined;
  label(id: string): string | undefined;
}

/** The names of one directory: the ids it holds, and the ids each lower-cased name stands for. */
export interface NameDirectoryTable {
  ids: Set<string>;
  names: Map<string, string[]>;
  /** The name each id goes by, as written (its first), to name it back in totals. */
  labels: Map<string, string>;
}

/** The names directory of one check: which directory each field reads, and those directories. */
export interface NameTables {
  directoryOf: Map<string, NameDirectory>;
  byDirectory: Map<NameDirectory, NameDirectoryTable>;
}

/** No directories: every cell is taken as it is written. */
export const NO_NAME_TABLES: NameTables = { directoryOf: new Map(), byDirectory: new Map() };

/** Available amount per profile id, then per asset, as decimal strings. */
export type BalanceTable = Map<string, Map<string, string>>;

const WHAT: Record<NameDirectory, string> = {
  profiles: 'profile',
  identities: 'identity',
  accounts: 'account',
  book: 'entry of the book',
};

/** Whose name stands for an id first: the book's own name for a destination, then the service's. */
const LABEL_ORDER: readonly NameDirectory[] = ['book', 'profiles', 'accounts', 'identities'];

/** Resolves cells by `tables`: a name that fits nothing, or more than one thing, is an error. */
export function namesFrom(tables: NameTables): BatchNamesLike {
  return {
    label(id) {
      for (const directory of LABEL_ORDER) {
        const label = tables.byDirectory.get(directory)?.labels.get(id);
        if (label) return label;
      }
      return undefined;
    },
    resolve(field, cell) {
      const directory = tables.directoryOf.get(field);
      const found = directory && tables.byDirectory.get(directory);
      if (!directory || !found || found.ids.has(cell)) return undefined;
      const ids = [...new Set(found.names.get(cell.trim().toLowerCase()) ?? [])];
      if (ids.length === 1) return { id: ids[0]! };
      if (ids.length > 1) {
        return { error: `${ids.length} ${WHAT[directory]}s are named “${cell}”: give the id` };
      }
      // Not a name: an id the list did not hold (the service checks it), unless it cannot be one.
      return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(cell)
        ? undefined
        : { error: `No ${WHAT[directory]} is named “${cell}”` };
    },
  };
}

export function balancesFrom(table: BalanceTable): Balances {
  return { available: (profile, asset) => table.get(profile)?.get(asset) };
}
