import { z } from 'zod';
import { DEMO_IDS } from '../demo-ids';
import { parseWith, type ParseResult } from '../errors';
import { listPage, type ListPageSchema, type ListSpec } from '../resources/list';
import type { Role } from '../primitives/roles';
import { withRules, type OperationRules } from './define-operation';
import {
  fillPath,
  pathParamNames,
  type NavPlacement,
  type OperationMeta,
  type ResultDisplay,
} from './operation-meta';

/** An example of a read: path parameters and query that the demo seed answers. */
export interface ReadExample {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
}

interface ReadSpecBase<
  Id extends string,
  PathShape extends z.ZodRawShape,
  QueryShape extends z.ZodRawShape,
  Page extends boolean,
> {
  id: Id;
  title: string;
  description: string;
  /** The service's path template; the query is separate. */
  path: string;
  /** The token's scope; `null` for public market data, read without a token. */
  scope: string | null;
  /** Roles whose operators may read it. */
  roles: readonly Role[];
  /**
   * Roles that see the record whole. Absent: every role that may read it. Others get the record
   * masked by the BFF, as the service's own list masks it (a fiat account's number and owner).
   */
  fullRecordRoles?: readonly Role[];
  nav?: NavPlacement;
  parent?: string;
  route: string;
  /**
   * True when the SPA shows the read on a page of its own at `route`: the default export of
   * `apps/web/src/features/<feature>/<file name>-page.tsx` (`getOrder` → `get-order-page.tsx`),
   * found by its name. Absent for a read shown inside another page (a profile's balances).
   */
  page?: Page;
  result: ResultDisplay;
  pathShape: PathShape;
  queryShape: QueryShape;
  /** Combination rules of the query (which filters may go together). */
  queryRules?: OperationRules<z.infer<z.ZodObject<QueryShape>>>;
  /**
   * A request the sandbox's demo seed answers with a record or a non-empty page, from the seed's
   * ids (handed in): the tests of every package read it (`exampleRead`).
   */
  example: (ids: typeof DEMO_IDS) => ReadExample;
}

/**
 * A read of the registry: a record (or an unpaged list) with its `response`, or a paged list with
 * its `item` and `list` (member, paging, order), from which its page's schema is made.
 */
export type ReadSpec<
  Id extends string,
  PathShape extends z.ZodRawShape,
  QueryShape extends z.ZodRawShape,
  Response extends z.ZodType,
  Item extends z.ZodType,
  Page extends boolean = boolean,
> = ReadSpecBase<Id, PathShape, QueryShape, Page> &
  (
    | { response: Response; item?: never; list?: never }
    | { item: Item; list: ListSpec; response?: never }
  );

/** Path parameters and query of a read, as validated text. */
export interface ReadRequest {
  params: Record<string, string>;
  query: Record<string, string | string[]>;
}

/** True for an array schema, looking through `.optional()` and similar wrappers. */
function isArraySchema(schema: z.core.$ZodType): boolean {
  let current: z.core.$ZodType | undefined = schema;
  while (current) {
    if (current._zod.def.type === 'array') return true;
    current = (current._zod.def as { innerType?: z.core.$ZodType }).innerType;
  }
  return false;
}

/**
 * Builds a read of the registry: a `GET` with path parameters and a query, both described by
 * schemas that the BFF validates before forwarding and the sandbox validates before answering.
 *
 * @example
 * operations.listTransfers.toPath({}, { profile_ids: ['p-1', 'p-2'], limit: '50' });
 * // '/v2/transfer/transfers?profile_ids=p-1&profile_ids=p-2&limit=50'
 */
export function defineRead<
  const Id extends string,
  PathShape extends z.ZodRawShape,
  QueryShape extends z.ZodRawShape,
  Response extends z.ZodType = z.ZodNever,
  Item extends z.ZodType = z.ZodNever,
  const Page extends boolean = false,
>(spec: ReadSpec<Id, PathShape, QueryShape, Response, Item, Page>) {
  type Answer = [Item] extends [z.ZodNever] ? Response : ListPageSchema<Item>;
  const response = (spec.list ? listPage(spec.item, spec.list) : spec.response) as Answer;
  const pathParams = Object.keys(spec.pathShape) as (keyof PathShape & string)[];
  if (pathParams.join('/') !== pathParamNames(spec.path).join('/')) {
    throw new Error(`${spec.id}: the path shape must name the parameters of ${spec.path}`);
  }
  const queryNames = Object.keys(spec.queryShape);
  const both = queryNames.filter((name) => pathParams.includes(name as never));
  if (both.length > 0) {
    throw new Error(`${spec.id}: ${both.join(', ')} cannot be both a path and a query parameter`);
  }
  const arrayParams = new Set(queryNames.filter((name) => isArraySchema(spec.queryShape[name]!)));
  const rules = spec.queryRules as OperationRules<never> | undefined;
  const requestObject = withRules(
    z.strictObject({ ...spec.pathShape, ...spec.queryShape }),
    rules,
    Date.now,
  );
  const queryObject = withRules(z.strictObject(spec.queryShape), rules, Date.now);
  const pathObject = z.strictObject(spec.pathShape);

  const meta: OperationMeta<Id> = {
    id: spec.id,
    title: spec.title,
    description: spec.description,
    path: spec.path,
    pathParams,
    scope: spec.scope,
    roles: spec.roles,
    ...(spec.nav ? { nav: spec.nav } : {}),
    ...(spec.parent ? { parent: spec.parent } : {}),
    route: spec.route,
    result: spec.result,
  };

  /** The query as text values, array parameters repeated, in the order of the schema. */
  function queryString(query: Readonly<Record<string, unknown>>): string {
    const search = new URLSearchParams();
    for (const name of queryNames) {
      const value = query[name];
      if (value === undefined || value === null) continue;
      for (const one of Array.isArray(value) ? value : [value]) search.append(name, String(one));
    }
    const text = search.toString();
    return text ? `?${text}` : '';
  }

  return {
    ...meta,
    kind: 'read' as const,
    method: 'GET' as const,
    pathParams,
    /** Whether the SPA has a page of its own for it (see the spec's `page`). */
    page: (spec.page ?? false) as Page,
    fullRecordRoles: spec.fullRecordRoles ?? spec.roles,
    /** A paged list: the member its items come under, its order and page bounds. */
    list: spec.list,
    /** The schema of a paged list's record; absent for a record or an unpaged list. */
    item: spec.item,
    /** Page size bounds of a list; absent for a record or an unpaged list. */
    paging: spec.list && {
      maxLimit: spec.list.maxLimit,
      ...(spec.list.defaultLimit !== undefined ? { defaultLimit: spec.list.defaultLimit } : {}),
    },
    /** A request the demo seed answers (see the spec's `example`). */
    example: (): ReadExample => spec.example(DEMO_IDS),
    /** Names of the query parameters that repeat in the URL. */
    arrayParams: [...arrayParams] as readonly string[],
    /** Path parameters and query together, as one strict object (field errors name the parameter). */
    request: requestObject,
    /** The query alone (the sandbox validates it after matching the path). */
    query: queryObject,
    shape: { path: spec.pathShape, query: spec.queryShape },
    response,
    /** The service path with its query string, as it is sent and signed. */
    toPath(
      params: Readonly<Record<string, unknown>>,
      query: Readonly<Record<string, unknown>> = {},
    ) {
      return fillPath(spec.path, params) + queryString(query);
    },
    /**
     * Validates a read as it arrives: path parameters (already decoded) and the URL's query, each
     * against its own schema, so that neither can stand in for the other. A query parameter named
     * like a path parameter is refused (else it could pass a check the path's own value fails),
     * and so is a parameter given twice that does not repeat, rather than a silent pick of one.
     */
    parseRequest(
      params: Readonly<Record<string, string>>,
      search: URLSearchParams,
    ): ParseResult<ReadRequest> {
      const raw: Record<string, unknown> = {};
      const refused: { path: string; message: string }[] = [];
      const names = new Set<string>();
      search.forEach((_, name) => names.add(name));
      for (const name of names) {
        const values = search.getAll(name);
        if (pathParams.includes(name as never)) {
          refused.push({ path: name, message: `${name} is given by the path, not the query` });
        } else if (arrayParams.has(name)) raw[name] = values;
        else if (values.length > 1) {
          refused.push({ path: name, message: `${name} can be given only once` });
        } else raw[name] = values[0];
      }
      const path = parseWith(pathObject, { ...params });
      const query = parseWith(queryObject, raw);
      const errors = [
        ...(path.ok ? [] : path.errors),
        ...refused,
        // A parameter refused above is left out of what is parsed: not "missing" as well.
        ...(query.ok ? [] : query.errors.filter((e) => !refused.some((r) => r.path === e.path))),
      ];
      if (errors.length > 0 || !path.ok || !query.ok) return { ok: false, errors };
      return {
        ok: true,
        value: {
          params: path.value as Record<string, string>,
          query: query.value as Record<string, string | string[]>,
        },
      };
    },
  };
}

/** A read of the registry. */
export type ReadOperation = ReturnType<typeof defineRead>;
