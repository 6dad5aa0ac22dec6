import {
  isRecord,
  isWriteOperationId,
  journalFacts,
  operations,
  fillPath,
  type JournalEntry,
  type ReadOperationId,
} from '@console/schemas';
import type { z } from 'zod';
import type { ReadQuery } from './api';
import { hasPage, pagePath } from './operation-routes';

/**
 * Where the record a journaled send made or acted on is read back, to show its status as the
 * service holds it now beside the one it answered then: the registry's result declaration of the
 * write (`result.record`: which read, and which members fill its path and query). A member is
 * looked up in the answer first, then in the request (Cancel Order answers `{}`: its order is the
 * one the request named by its path).
 */
export interface ReadBack {
  /** The read's path from `/v2`. */
  path: string;
  /** Its query: a list read by id (`ids=…`) when the service has no read of one record. */
  query: ReadQuery;
  schema: z.ZodType;
  /** The record out of the read's answer: the answer itself, or the item with the id. */
  pick: (answer: unknown) => Record<string, unknown> | undefined;
  /** The record's statuses: those the spec lists and the final ones. */
  status: { known: readonly string[]; terminal: readonly string[] };
  /** The record's page in the console, where it has one. */
  page: string | undefined;
}

/** The path parameters of a request, read off its path by the write's template. */
export function pathParamsOf(template: string, path: string): Record<string, string> {
  const names: string[] = [];
  const pattern = template
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\{(\w+)\}/g, (_, name: string) => {
      names.push(name);
      return '([^/?]+)';
    });
  const match = new RegExp(`^${pattern}(?:\\?|$)`).exec(path);
  if (!match) return {};
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
}

function parseBody(body: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(body);
    return isRecord(value) ? value : {};
  } catch {
    return {};
  }
}

/**
 * How the record of a journal entry is read back now, or undefined when there is nothing to read:
 * the send did not succeed (nothing was made), the write names no read, or the record has no
 * status to show.
 */
export function readBackOf(
  entry: Pick<JournalEntry, 'operation' | 'state' | 'request_path' | 'request_body' | 'response'>,
): ReadBack | undefined {
  if (entry.state !== 'SUCCEEDED' || !isWriteOperationId(entry.operation)) return undefined;
  const write = operations[entry.operation];
  const link = 'record' in write.result ? write.result.record : undefined;
  if (!link || !(link.operation in operations)) return undefined;
  const readId = link.operation as ReadOperationId;
  const read = operations[readId];
  const status =
    ('status' in write.result ? write.result.status : undefined) ??
    ('status' in read.result ? read.result.status : undefined);
  if (!status) return undefined;

  const answer = isRecord(entry.response) ? entry.response : {};
  const wrapper = 'wrapper' in write.result ? write.result.wrapper : undefined;
  const made = wrapper && isRecord(answer[wrapper]) ? answer[wrapper] : answer;
  const request = {
    ...parseBody(entry.request_body),
    ...pathParamsOf(write.path, entry.request_path),
  };
  const member = (name: string) => {
    const value = made[name] ?? request[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const params: Record<string, string> = {};
  for (const [param, name] of Object.entries(link.params ?? {})) {
    const value = member(name);
    if (!value) return undefined;
    params[param] = value;
  }
  const query: Record<string, string[]> = {};
  for (const [param, name] of Object.entries(link.query ?? {})) {
    const value = member(name);
    if (!value) return undefined;
    query[param] = [value];
  }
  const byId = Object.values(link.query ?? {})[0];
  // A parsed page holds its records under `items`, whatever member the service used.
  const listed = read.list ? 'items' : undefined;
  return {
    path: fillPath(read.path, params),
    query,
    schema: read.response as z.ZodType,
    pick: (value) => {
      if (!isRecord(value)) return undefined;
      if (!listed) return value;
      const items = value[listed];
      const wanted = byId ? member(byId) : undefined;
      return Array.isArray(items)
        ? (items.find((i) => isRecord(i) && i.id === wanted) as Record<string, unknown> | undefined)
        : undefined;
    },
    status: { known: status.known, terminal: status.terminal },
    page: hasPage(readId) && !link.query ? pagePath(readId, params) : undefined,
  };
}

/** The record's status as the service answered the send, if it answered one. */
export function statusWhenSent(entry: Parameters<typeof journalFacts>[0]): string | undefined {
  return journalFacts(entry).service_status ?? undefined;
}
