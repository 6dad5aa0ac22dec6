import { readsOnly, seesWholeRecord, type Role } from '@console/schemas';
import { useQueries, useQuery } from '@tanstack/react-query';
import { readService } from './api';
import { FiatAccountRecordSchema } from './read-schemas';
import { readWholeList } from './use-service-list';

/** The list every fiat account picker shares. */
export const FIAT_ACCOUNTS_KEY = ['svc', 'fiat-accounts', 'all'] as const;

/**
 * Every fiat account the credential sees, shortened as the service lists them (no owner, last four
 * digits): what pickers offer. Read once a minute at most; every picker shares the one read.
 */
export function useFiatAccounts(enabled = true) {
  const query = useQuery({
    queryKey: FIAT_ACCOUNTS_KEY,
    queryFn: () => readWholeList('listFiatAccounts'),
    staleTime: 60_000,
    enabled,
  });
  const byId = new Map((query.data ?? []).map((a) => [a.id, a]));
  return { ...query, byId };
}

export const fiatAccountPath = (id: string) =>
  `/v2/transfer/fiat-accounts/${encodeURIComponent(id)}`;

/** One fiat account in full (masked by the BFF for roles that may not see it whole). */
/**
 * One fiat account read whole (or as the role may see it). `background` for a page that keeps
 * reading it until the service has reviewed it: those reads do not keep an unattended session
 * alive.
 */
export const fiatAccountQuery = (id: string, options: { background?: boolean } = {}) => ({
  queryKey: ['svc', fiatAccountPath(id)],
  queryFn: () => readService(fiatAccountPath(id), {}, FiatAccountRecordSchema, options),
});

/**
 * The owners of the listed accounts, for a role that sees fiat accounts whole, read when a picker
 * opens (the list leaves the owner out). Other roles would read masked names: nothing is read.
 */
export function useFiatAccountOwners(
  ids: readonly string[],
  role: Role | undefined,
  enabled: boolean,
) {
  const whole = role !== undefined && seesWholeRecord(role, 'getFiatAccount') && !readsOnly(role);
  const results = useQueries({
    queries: ids.map((id) => ({
      ...fiatAccountQuery(id),
      enabled: enabled && whole,
      staleTime: 60_000,
    })),
  });
  return new Map(
    ids.flatMap((id, i) => {
      const data = results[i]?.data;
      return data ? [[id, data] as const] : [];
    }),
  );
}
