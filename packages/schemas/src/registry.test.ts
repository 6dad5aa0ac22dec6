import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { parseWith } from './errors';
import { exampleInput, exampleReadPath } from './fixtures';
import { pathSegment } from './operations/define-operation';
import { HELD_EFFECTS } from './operations/operation-meta';
import specText from '../spec/svc-api.md?raw';
import { fieldMeta } from './primitives/field-meta';
import { ROLES } from './primitives/roles';
import {
  READ_OPERATION_IDS,
  WRITE_OPERATION_IDS,
  isOperationId,
  isReadOperationId,
  isWriteOperationId,
  operations,
  restrictedRecordOf,
  type OperationId,
} from './registry';
import { inputShape, walkFields } from './registry-walk';
import { idOfName, specEndpoints, type SpecEndpoint } from './spec-endpoints';

/**
 * The service's endpoints, read from the committed snapshot of its specification
 * (`spec/svc-api.md`: the main document's 1-8, appendix A's 9-28, appendix B's 29-42): the
 * independent statement the registry must agree with. A new operation needs no row here: its
 * endpoint is found by its id, the camelCase of the spec's name for it.
 */
const ENDPOINTS = specEndpoints(specText);
/** Where the registry's id departs from the spec's name for the endpoint, by its number. */
const ID_OF_ENDPOINT: Readonly<Record<number, OperationId>> = {
  // Create Service Transfer: the spec's own `svc` naming of identifiers.
  5: 'createSvcTransfer',
  // List Orders of one profile, List Executions of one profile.
  11: 'listProfileOrders',
  14: 'listProfileExecutions',
};
const idOf = (endpoint: SpecEndpoint) => ID_OF_ENDPOINT[endpoint.number] ?? idOfName(endpoint.name);
const SPEC = new Map(ENDPOINTS.map((endpoint) => [idOf(endpoint), endpoint]));

const ALL = [...WRITE_OPERATION_IDS, ...READ_OPERATION_IDS];

type Shaped = {
  _zod: {
    def: {
      type: string;
      shape?: Record<string, Shaped>;
      element?: Shaped;
      innerType?: Shaped;
      in?: Shaped;
      out?: Shaped;
    };
  };
};
/** The object shape inside wrappers and pipes (a list page is a preprocess pipe). */
function shapeOf(schema: Shaped | undefined): Record<string, Shaped> {
  let current = schema;
  while (current) {
    const def = current._zod.def;
    if (def.type === 'object') return def.shape ?? {};
    current = def.innerType ?? (def.type === 'pipe' ? def.out : undefined);
  }
  return {};
}
/** The members of the record an answer carries: the item of a list, the resource in a wrapper. */
function recordMembers(op: (typeof operations)[OperationId]): string[] {
  let shape = shapeOf(op.response as unknown as Shaped);
  if (op.result.wrapper) shape = shapeOf(shape[op.result.wrapper]);
  else if (shape.items) shape = shapeOf(shape.items._zod.def.element);
  return Object.keys(shape);
}

describe('operation registry', () => {
  it('holds the operations of the spec and its appendices, keyed by id, each a write or a read', () => {
    // Every endpoint of the spec is an operation, and each operation an endpoint of it.
    expect([...ALL].sort()).toEqual([...SPEC.keys()].sort());
    expect(SPEC.size, 'two endpoints of the spec under one id').toBe(ENDPOINTS.length);
    // Writes and reads part the registry: none is both, none is neither (no count to keep).
    expect([...WRITE_OPERATION_IDS, ...READ_OPERATION_IDS].sort()).toEqual([...ALL].sort());
    expect(isOperationId('createOrder')).toBe(true);
    expect(isOperationId('toString')).toBe(false);
    expect(isWriteOperationId('cancelOrder')).toBe(true);
    expect(isWriteOperationId('getOrder')).toBe(false);
    expect(isReadOperationId('listTransfers')).toBe(true);
  });

  it('departs from the spec’s names only where an exception is needed', () => {
    for (const [number, id] of Object.entries(ID_OF_ENDPOINT)) {
      const endpoint = ENDPOINTS.find((e) => e.number === Number(number))!;
      expect(idOfName(endpoint.name), id).not.toBe(id);
    }
  });

  describe.each(ALL)('%s', (id) => {
    const op = operations[id];

    it('has the spec’s method, path and scope', () => {
      const endpoint = SPEC.get(id);
      expect(endpoint, `${id} is an endpoint of spec/svc-api.md`).toBeDefined();
      expect({ method: op.method, path: op.path, scope: op.scope }).toEqual({
        method: endpoint!.method,
        path: endpoint!.path,
        scope: endpoint!.scope,
      });
      expect(op.id).toBe(id);
    });

    it('names its path parameters as they stand in the path template', () => {
      const inPath = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(op.pathParams).toEqual(inPath);
    });

    it('is offered to at least one role, from the nav or from a parent page', () => {
      expect(op.roles.length).toBeGreaterThan(0);
      for (const role of op.roles) expect(ROLES).toContain(role);
      expect(op.nav !== undefined || op.parent !== undefined).toBe(true);
      if (op.parent) expect(isOperationId(op.parent), op.parent).toBe(true);
    });

    it('has an SPA route whose parameters are its path parameters (a form on a record) or none', () => {
      expect(op.route).toMatch(/^\/[a-z0-9/:_-]*$/);
      const inRoute = [...op.route.matchAll(/:(\w+)/g)].map((m) => m[1]);
      expect(inRoute).toEqual(op.kind === 'read' || inRoute.length > 0 ? op.pathParams : []);
    });

    it('links its result to a read of the registry, filled from members it has', () => {
      const record = op.result.record;
      if (!record) return;
      expect(isReadOperationId(record.operation), record.operation).toBe(true);
      const target = operations[record.operation as OperationId];
      expect(Object.keys(record.params ?? {})).toEqual(target.pathParams);
      const known = [...recordMembers(op), ...Object.keys(inputShape(op))];
      for (const member of [
        ...Object.values(record.params ?? {}),
        ...Object.values(record.query ?? {}),
      ]) {
        expect(known, member).toContain(member);
      }
    });

    it('shows a status whose final values are among the values it knows', () => {
      const status = op.result.status;
      if (!status) return;
      expect(recordMembers(op)).toContain(status.member);
      for (const value of status.terminal) expect(status.known).toContain(value);
    });

    it('names list operations of the registry for its pickers', () => {
      for (const field of walkFields(op)) {
        if (!field.choices) continue;
        const list = field.choices as OperationId;
        expect(isReadOperationId(list), `${field.path}: ${list}`).toBe(true);
        expect(operations[list].id).toMatch(/^list/);
        // The member of the listed record the field takes is one the record has.
        expect(recordMembers(operations[list]), field.path).toContain(field.choiceMember ?? 'id');
      }
    });

    it('labels every field and parameter, so forms, tests and logs use the same words', () => {
      for (const field of walkFields(op, { depth: 1 })) {
        expect(field.label, field.path).toMatch(/\S/);
      }
    });
  });

  it('gives every route one operation', () => {
    const routes = ALL.map((id) => operations[id].route);
    expect(new Set(routes).size).toBe(routes.length);
  });
});

/**
 * One naming rule for the SPA's routes (issue 43): `/<list>`, a record `/<list>/:id` (its path
 * parameters, in order), a list of a record `/<list>/:id/<list>`, a new record `/<list>/new`
 * (`/<list>/new/<kind>` where one list takes records of several writes), and an action on a
 * record `/<list>/:id/edit`, `/cancel` or `/delete`. Lists are kebab-case plurals.
 */
describe('SPA routes', () => {
  const LIST = '[a-z]+(?:-[a-z]+)*s';
  const PARAMS = '(?:/:[a-z_]+)+';
  const RECORD = `/${LIST}(?:${PARAMS}(?:/${LIST})?)*`;
  const shapes = {
    read: new RegExp(`^${RECORD}$`),
    create: new RegExp(`^/${LIST}/new(?:/[a-z]+)?$`),
    action: new RegExp(`^${RECORD}/(edit|cancel|delete)$`),
  };
  const paramsOf = (route: string) => [...route.matchAll(/:([a-z_]+)/g)].map((m) => m[1]);

  it.each(ALL)('%s follows the rule', (id) => {
    const op = operations[id];
    if (op.kind === 'read') {
      expect(op.route).toMatch(shapes.read);
      // A record's page names exactly its path parameters.
      expect(paramsOf(op.route)).toEqual([...op.pathParams]);
      return;
    }
    const shape = op.method === 'POST' ? [shapes.create] : [shapes.action, shapes.create];
    expect(
      shape.some((re) => re.test(op.route)),
      op.route,
    ).toBe(true);
    // An action names the record it acts on: the write's own path parameters.
    if (shapes.action.test(op.route)) expect(paramsOf(op.route)).toEqual([...op.pathParams]);
  });

  it.each(WRITE_OPERATION_IDS.filter((id) => operations[id].result.record))(
    '%s lives under the list its record is shown in',
    (id) => {
      const record = operations[operations[id].result.record!.operation as OperationId];
      expect(operations[id].route.split('/')[1]).toBe(record.route.split('/')[1]);
    },
  );
});

describe('approval amounts', () => {
  const named = WRITE_OPERATION_IDS.filter((id) => operations[id].approval.amount);

  it.each(named)('%s names a decimal and an asset of its body', (id) => {
    const { amount, asset } = operations[id].approval.amount!;
    const input = exampleInput(id) as Record<string, unknown>;
    expect(Object.keys(operations[id].shape.body)).toEqual(expect.arrayContaining([amount, asset]));
    expect(input[amount]).toMatch(/^[0-9]*\.?[0-9]+$/);
    expect(input[asset]).toMatch(/^[A-Z0-9]+$/);
  });
});

describe.each(READ_OPERATION_IDS)('read %s', (id) => {
  it('has an example its own schemas accept, that fills its path', () => {
    const op = operations[id];
    const path = exampleReadPath(id);
    expect(path).not.toMatch(/[{}]/);
    const url = new URL(path, 'http://x');
    const { params = {} } = op.example();
    expect(op.parseRequest(params, url.searchParams)).toMatchObject({ ok: true });
  });
});

describe('approval defaults (docs/decisions/006)', () => {
  it.each(WRITE_OPERATION_IDS)(
    '%s is held exactly when it moves money, changes a payee or a standing instruction',
    (id) => {
      const { because, required } = operations[id].approval;
      expect(required).toBe(HELD_EFFECTS.includes(because));
    },
  );

  it('holds every write that carries an amount, or changes a payee or a rule', () => {
    // An amount leaves a profile; a fiat account or a destination address is a payee's details;
    // a rule moves every matching deposit.
    const held = WRITE_OPERATION_IDS.filter(
      (id) =>
        operations[id].approval.amount !== undefined ||
        /fiat-accounts|destination-address|rules/.test(operations[id].path),
    );
    expect(held.filter((id) => !operations[id].approval.required)).toEqual([]);
  });
});

describe.each(WRITE_OPERATION_IDS)('write %s', (id) => {
  const op = operations[id];

  it('accepts its example input and moves path parameters into the path', () => {
    const input = exampleInput(id);
    const parsed = parseWith(op.request, input);
    expect(parsed).toEqual({ ok: true, value: input });
    const { path, body } = op.toWire(input as never);
    expect(path).not.toMatch(/[{}]/);
    for (const name of op.pathParams) expect(body).not.toHaveProperty(name);
    expect(parseWith(op.body, body).ok).toBe(true);
  });

  it('refuses fields the service does not know', () => {
    const result = parseWith(op.request, { ...exampleInput(id), surprise: 'x' });
    expect(result).toMatchObject({
      ok: false,
      errors: [{ path: 'surprise', message: 'surprise is not a field of this request' }],
    });
  });

  it('labels every field, so forms, tests and logs use the same words', () => {
    for (const schema of [...Object.values(op.shape.path), ...Object.values(op.shape.body)]) {
      expect(fieldMeta(schema).label).toMatch(/\S/);
    }
  });

  it('sends no body exactly when it is a DELETE, and has an approval default', () => {
    expect(op.bodyless).toBe(op.method === 'DELETE');
    if (op.bodyless) expect(Object.keys(op.shape.body)).toEqual([]);
    for (const role of op.approval.approvers) expect(op.roles).toContain(role);
  });
});

describe('path parameters (issue 15, item 6)', () => {
  it.each(['abc', '..', '.', '..%2F', ' ', '\u0000', 'a/b', '5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e0'])(
    'only a UUID may become a segment of the service URL: %j is refused',
    (value) => {
      for (const [id, field] of [
        ['createOrder', 'profile_id'],
        ['updateFiatAccount', 'id'],
      ] as const) {
        const result = parseWith(operations[id].requestAt(Date.now()), {
          ...exampleInput(id),
          [field]: value,
        });
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.errors.map((e) => e.path)).toContain(field);
      }
    },
  );

  it.each(ALL)('%s takes no path parameter that could change the endpoint', (id) => {
    const op = operations[id];
    for (const name of op.pathParams) {
      const schema = op.shape.path[name as keyof typeof op.shape.path] as z.ZodType;
      for (const value of ['..', '.', 'a/b', '%2F', ' ', '']) {
        expect(schema.safeParse(value).success, `${name}=${JSON.stringify(value)}`).toBe(false);
      }
    }
  });

  it('a path is built from encoded segments, never from . or ..', () => {
    expect(() => pathSegment('..', 'id')).toThrow(RangeError);
    expect(() => pathSegment('', 'id')).toThrow(RangeError);
    expect(pathSegment('a/b', 'id')).toBe('a%2Fb');
  });
});

describe('records only some roles see whole', () => {
  it('a write that changes a fiat account carries the record of Get Fiat Account', () => {
    expect(restrictedRecordOf('updateFiatAccount')).toBe('getFiatAccount');
    expect(restrictedRecordOf('deleteFiatAccount')).toBe('getFiatAccount');
  });

  it('an order, whose record every reader sees whole, is restricted by no read', () => {
    expect(restrictedRecordOf('createOrder')).toBeNull();
    expect(restrictedRecordOf('createCryptoWithdrawalFee')).toBeNull();
  });
});
