import { z } from 'zod';
import { DEMO_IDS } from '../demo-ids';
import type { Role } from '../primitives/roles';
import {
  fillPath,
  pathParamNames,
  type ApprovalDefault,
  type LostAnswerRule,
  type NavPlacement,
  type OperationMeta,
  type ResultDisplay,
} from './operation-meta';

/** Adds an issue at a field path; the rules of an operation report through it. */
export type Report = (path: readonly (string | number)[], message: string) => void;

/**
 * Cross-field rules of an operation. `now` is the current time in Unix milliseconds, passed in
 * so that tests fix it and the BFF checks it again at send time. They run even when a field is
 * already wrong, so that the operator sees every problem at once: a field may then be missing or
 * of the wrong type, and a rule checks what it relies on.
 */
export type OperationRules<Body> = (body: Partial<Body>, report: Report, now: number) => void;

/** The methods of the service's writes. */
export type WriteMethod = 'POST' | 'PUT' | 'DELETE';

export interface OperationSpec<
  Id extends string,
  PathShape extends z.ZodRawShape,
  BodyShape extends z.ZodRawShape,
  Response extends z.ZodType,
> {
  id: Id;
  title: string;
  /** One sentence for the operator: what sending it does. */
  description: string;
  /** `DELETE` sends no body (the signature covers an empty payload). */
  method: WriteMethod;
  /** The spec's path template, such as `/v2/profiles/{profile_id}/orders`. */
  path: string;
  scope: string;
  /** True when a send moves assets (the UI shows a review step, approvals apply). */
  movesMoney: boolean;
  /** True when the body carries a `ref_id` for idempotence (the BFF mints one when absent). */
  takesRefId: boolean;
  /** Roles whose operators may send it. */
  roles: readonly Role[];
  /** The approval it needs unless the policy file says otherwise. */
  approval: ApprovalDefault;
  /** How a lost answer is settled: read back, sent again, or left to an operator. */
  lostAnswer: LostAnswerRule;
  nav?: NavPlacement;
  parent?: string;
  route: string;
  result: ResultDisplay;
  pathShape: PathShape;
  bodyShape: BodyShape;
  rules?: OperationRules<z.infer<z.ZodObject<BodyShape>>>;
  response: Response;
  /**
   * A valid input, path parameters included, that succeeds against a freshly started sandbox,
   * made from the ids of its demo seed (`DEMO_IDS`, handed in); fresh on each call (a new ref_id
   * where one is required). The tests of every package send it (`exampleInput`). It is typed
   * loosely, as the enums' literal types do not survive the inference of this call; that it
   * parses is checked for every write in registry.test.ts.
   */
  example: (ids: typeof DEMO_IDS) => Record<string, unknown>;
}

export function withRules<S extends z.ZodType>(
  schema: S,
  rules: OperationRules<never> | undefined,
  clock: () => number,
): S {
  if (!rules) return schema;
  return schema.superRefine(
    (value, ctx) => {
      (rules as OperationRules<Record<string, unknown>>)(
        value as Record<string, unknown>,
        (path, message) => ctx.addIssue({ code: 'custom', path: [...path], message }),
        clock(),
      );
    },
    { when: (payload) => isPlainObject(payload.value) },
  ) as unknown as S;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Builds a write of the registry from its spec: the console's request schema (body fields and
 * path parameters), the wire body schema the sandbox validates, and how input becomes a request.
 *
 * @example
 * const { path, body } = operations.createOrder.toWire(input);
 * // path: '/v2/profiles/p-1/orders', body: the input without profile_id
 */
export function defineOperation<
  const Id extends string,
  PathShape extends z.ZodRawShape,
  BodyShape extends z.ZodRawShape,
  Response extends z.ZodType,
>(spec: OperationSpec<Id, PathShape, BodyShape, Response>) {
  const requestObject = z.strictObject({ ...spec.pathShape, ...spec.bodyShape });
  const bodyObject = z.strictObject(spec.bodyShape);
  const rules = spec.rules as OperationRules<never> | undefined;
  const pathParams = Object.keys(spec.pathShape) as (keyof PathShape & string)[];
  if (pathParams.join('/') !== pathParamNames(spec.path).join('/')) {
    throw new Error(`${spec.id}: the path shape must name the parameters of ${spec.path}`);
  }
  type Request = z.infer<typeof requestObject>;
  type Body = z.infer<typeof bodyObject>;

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
  return {
    ...meta,
    // Every write needs a token: its scope is never null.
    scope: spec.scope,
    kind: 'write' as const,
    method: spec.method,
    pathParams,
    /** True for `DELETE`: the request has no body, and its signature covers an empty payload. */
    bodyless: spec.method === 'DELETE',
    movesMoney: spec.movesMoney,
    takesRefId: spec.takesRefId,
    approval: spec.approval,
    lostAnswer: spec.lostAnswer,
    /** The console's input: body fields plus path parameters, clock rules at the current time. */
    request: withRules(requestObject, rules, Date.now),
    /** The same, with the clock fixed at `now` (Unix ms): for tests and for the check at send time. */
    requestAt: (now: number) => withRules(requestObject, rules, () => now),
    /** The wire body alone, as the service receives it (the sandbox validates with this). */
    body: withRules(bodyObject, rules, Date.now),
    bodyAt: (now: number) => withRules(bodyObject, rules, () => now),
    /** The plain object schemas without rules, for reading field labels and shapes. */
    shape: { path: spec.pathShape, body: spec.bodyShape },
    response: spec.response,
    /** A valid example input (see the spec's `example`). */
    example: () => spec.example(DEMO_IDS),
    /** Moves path parameters out of the input into the path; the rest is the body. */
    toWire(input: Request): { path: string; body: Body } {
      const body: Record<string, unknown> = { ...input };
      const path = fillPath(spec.path, body);
      for (const name of pathParams) delete body[name];
      return { path, body: body as Body };
    },
  };
}

/** A write of the registry. */
export type WriteOperation = ReturnType<typeof defineOperation>;

export { pathSegment } from './operation-meta';
