import {
  OrderSchema,
  isOperationId,
  journalStateWords,
  operations,
  type JournalEntry,
  type Order,
} from '@console/schemas';
import { getJournalEntry, listJournal, readService } from './api';
import { isApiError } from './api-error';
import { railAndDigits } from './fiat-account-words';
import { lookupsFor, type Lookup } from './find-query';
import { formatMoney } from './format-amount';
import { pagePath, rulePath } from './operation-routes';
import type { Profile } from './read-schemas';
import { readListPage, readWholeList, type ListQuery, type ListReadId } from './use-service-list';

/** A record a search found: what it is, in words, and its page. */
export interface Match {
  /** "Order", "Transfer", "Journal entry"… */
  what: string;
  /** What tells it apart: "BUY BTCUSD · Trading · FILLED". */
  label: string;
  /** Its page in the console. */
  to: string;
  /** How the text named it: "id", "reference id", "transaction hash", "address", "nickname". */
  by: string;
}

/** What a search found, and whether some of its reads failed (then more may exist). */
export interface Found {
  matches: Match[];
  failed: number;
}

const notFound = (error: unknown) => isApiError(error) && error.status === 404;

/** The records of a list read the filter names, or none when the service knows no such id. */
async function listed<Id extends ListReadId>(id: Id, query: ListQuery<Id>) {
  try {
    return (await readListPage(id, query, { limit: 100 })).items;
  } catch (error) {
    if (notFound(error)) return [];
    throw error;
  }
}

function orderMatch(order: Order, profiles: ReadonlyMap<string, Profile>, by: string): Match {
  const who = order.profile_id
    ? (profiles.get(order.profile_id)?.nickname ?? order.profile_id)
    : '';
  return {
    what: 'Order',
    label: [`${order.side} ${order.market}`, who, order.status].filter(Boolean).join(' · '),
    to: pagePath('getOrder', { profile_id: order.profile_id ?? '', id: order.id }),
    by,
  };
}

function journalMatch(entry: JournalEntry, by: string): Match {
  const title = isOperationId(entry.operation)
    ? operations[entry.operation].title
    : entry.operation;
  return {
    what: 'Journal entry',
    label: `${title} by ${entry.operator_name || entry.operator} · ${journalStateWords(entry.state)}`,
    to: `/journal/${encodeURIComponent(entry.id)}`,
    by,
  };
}

/**
 * An order by its id alone: the service reads an order under its profile, so each profile the
 * console sees is asked until one has it (they are few; the reads go out together).
 */
async function orderById(id: string, profiles: readonly Profile[]): Promise<Order[]> {
  const found = await Promise.all(
    profiles.map(async (p) => {
      try {
        return await readService(
          `/v2/profiles/${encodeURIComponent(p.id)}/orders/${encodeURIComponent(id)}`,
          {},
          OrderSchema,
        );
      } catch (error) {
        if (notFound(error)) return undefined;
        throw error;
      }
    }),
  );
  return found.filter((o): o is Order => o !== undefined);
}

/** One lookup's reads, as matches. */
async function run(
  lookup: Lookup,
  value: string,
  profiles: readonly Profile[],
  byId: ReadonlyMap<string, Profile>,
): Promise<Match[]> {
  const name = (id: string | undefined) => (id ? (byId.get(id)?.nickname ?? id) : '');
  switch (lookup) {
    case 'journal-id':
      try {
        return [journalMatch(await getJournalEntry(value), 'id')];
      } catch (error) {
        if (notFound(error)) return [];
        throw error;
      }
    case 'journal-ref':
      return (await listJournal({ ref_id: value }, undefined, 20)).items.map((e) =>
        journalMatch(e, 'reference id'),
      );
    case 'order-id':
      return (await orderById(value, profiles)).map((o) => orderMatch(o, byId, 'id'));
    case 'order-ref':
      return (await listed('listOrders', { ref_ids: [value] })).map((o) =>
        orderMatch(o, byId, 'reference id'),
      );
    case 'transfer-id':
    case 'transfer-ref':
    case 'transfer-hash': {
      const query =
        lookup === 'transfer-id'
          ? { ids: [value] }
          : lookup === 'transfer-ref'
            ? { ref_ids: [value] }
            : { crypto_tx_hashes: [value] };
      const by = {
        'transfer-id': 'id',
        'transfer-ref': 'reference id',
        'transfer-hash': 'transaction hash',
      }[lookup];
      return (await listed('listTransfers', query)).map((t) => ({
        what: 'Transfer',
        label: `${formatMoney(t.amount, t.asset)} · ${t.direction} · ${name(t.profile_id)} · ${t.status}`,
        to: pagePath('getTransfer', { id: t.id }),
        by,
      }));
    }
    case 'orchestration-id':
    case 'orchestration-ref': {
      const query =
        lookup === 'orchestration-id' ? { orchestration_id: [value] } : { ref_id: [value] };
      return (await listed('listOrchestrations', query)).map((o) => ({
        what: 'Orchestration',
        label: [
          `${o.source_asset ?? '?'} → ${o.destination_asset ?? '?'}`,
          name(o.profile_id),
          o.status,
        ]
          .filter(Boolean)
          .join(' · '),
        to: pagePath('getOrchestration', { id: o.id }),
        by: lookup === 'orchestration-id' ? 'id' : 'reference id',
      }));
    }
    case 'fiat-account-id':
    case 'fiat-account-ref':
      return (
        await listed(
          'listFiatAccounts',
          lookup === 'fiat-account-id' ? { ids: [value] } : { ref_ids: [value] },
        )
      ).map((a) => ({
        what: 'Fiat account',
        label: `${railAndDigits(a)} · ${a.status}`,
        to: pagePath('getFiatAccount', { id: a.id }),
        by: lookup === 'fiat-account-id' ? 'id' : 'reference id',
      }));
    case 'deposit-address-id':
    case 'deposit-address-ref':
    case 'deposit-address-address': {
      const addresses =
        lookup === 'deposit-address-address'
          ? // The service has no filter by address: its list is read whole, as pickers read it.
            (await readWholeList('listDepositAddresses')).filter((a) => a.address === value)
          : await listed(
              'listDepositAddresses',
              lookup === 'deposit-address-id' ? { ids: [value] } : { ref_ids: [value] },
            );
      return addresses.map((a) => ({
        what: 'Deposit address',
        label: `${a.address} · ${a.crypto_network} · ${name(a.profile_id)}`,
        to: pagePath('listDepositAddresses', {}, { profile: a.profile_id }),
        by: {
          'deposit-address-id': 'id',
          'deposit-address-ref': 'reference id',
          'deposit-address-address': 'address',
        }[lookup],
      }));
    }
    case 'rule-id':
      return (await listed('listOrchestrationRules', { ids: [value] })).map((r) => ({
        what: 'Orchestration rule',
        label: [r.nickname, `${r.source_asset ?? '?'} → ${r.destination_asset ?? '?'}`, r.status]
          .filter(Boolean)
          .join(' · '),
        to: rulePath(r.id),
        by: 'id',
      }));
    case 'profile-id':
    case 'profile-nickname':
      return (
        await listed(
          'listProfiles',
          lookup === 'profile-id' ? { ids: [value] } : { nickname: value },
        )
      ).map((p) => ({
        what: 'Profile',
        label: `${p.nickname || p.id} · ${p.type}`,
        to: pagePath('getProfile', { profile_id: p.id }),
        by: lookup === 'profile-id' ? 'id' : 'nickname',
      }));
  }
}

/**
 * Every record the pasted text names, found through the service's filters and the journal: its
 * lookups (`find-query.ts`) run together; one that fails leaves the others' matches (and says
 * how many failed). The same page reached twice is one match.
 */
export async function findRecords(text: string, profiles: readonly Profile[]): Promise<Found> {
  const value = text.trim();
  const byId = new Map(profiles.map((p) => [p.id, p]));
  const settled = await Promise.allSettled(
    lookupsFor(value).map((lookup) => run(lookup, value, profiles, byId)),
  );
  const seen = new Set<string>();
  const matches: Match[] = [];
  let failed = 0;
  for (const result of settled) {
    if (result.status === 'rejected') {
      failed += 1;
      continue;
    }
    for (const match of result.value) {
      if (seen.has(match.to)) continue;
      seen.add(match.to);
      matches.push(match);
    }
  }
  return { matches, failed };
}

/**
 * The one match to open straight away, if there is one: the only record of the service that
 * matched (its journal entries stay one click away on its page), or the only journal entry when
 * no record matched. Several records (a transfer's two legs, two profiles by a nickname's start)
 * are for the operator to choose from.
 */
export function matchToOpen(matches: readonly Match[]): Match | undefined {
  const records = matches.filter((m) => m.what !== 'Journal entry');
  if (records.length === 1) return records[0];
  return records.length === 0 && matches.length === 1 ? matches[0] : undefined;
}
