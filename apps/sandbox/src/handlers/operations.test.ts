import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  WRITE_OPERATION_IDS,
  exampleInput,
  operations,
  problemCode,
  type WriteOperationId,
} from '@console/schemas';
import { client, startTestSandbox, type TestSandbox } from '../../test/test-support';

let sbx: TestSandbox;
beforeAll(async () => {
  sbx = await startTestSandbox({
    clients: [
      client({ client_id: 'tester', permissions: ['self_match_prevention'] }),
      client({ client_id: 'plain' }),
    ],
  });
});
afterAll(() => sbx.close());
beforeEach(() => sbx.sandbox.reset());

type Input = Record<string, unknown>;
const with_ = (id: WriteOperationId, patch: Input): Input => ({ ...exampleInput(id), ...patch });

/** The writes that carry a body; the DELETEs of the appendix are served and tested on their own. */
const WITH_BODY = WRITE_OPERATION_IDS.filter((id) => !operations[id].bodyless);

describe.each(WITH_BODY)('%s', (id) => {
  const op = operations[id];

  it('answers 200 with a body the response schema accepts for the example input', async () => {
    const res = await sbx.call(id, exampleInput(id));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(op.response.safeParse(res.body).success).toBe(true);
  });

  it('answers 401 without a token, with an unknown token and with an expired token', async () => {
    expect((await sbx.call(id, exampleInput(id), { token: null })).status).toBe(401);
    expect((await sbx.call(id, exampleInput(id), { token: 'nope' })).status).toBe(401);
    const token = await sbx.token('tester', op.scope);
    sbx.clock.advance(61_000);
    const expired = await sbx.call(id, exampleInput(id), { token });
    expect(expired.status).toBe(401);
    expect(expired.headers.get('content-type')).toContain('application/problem+json');
    expect(expired.body).toMatchObject({ type: 'about:blank', title: 'Unauthorized', status: 401 });
  });

  it('answers 403 to a token without its scope', async () => {
    const other = WITH_BODY.find((o) => o !== id)!;
    const token = await sbx.token('tester', operations[other].scope);
    const res = await sbx.call(id, exampleInput(id), { token });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ type: 'about:blank', title: 'Forbidden', status: 403 });
  });

  it('answers 400 to a body that is not JSON, and names unknown fields', async () => {
    expect((await sbx.call(id, exampleInput(id), { rawBody: '{"oops' })).status).toBe(400);
    const res = await sbx.call(id, with_(id, { surprise: 1 }));
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('surprise');
    expect(res.body.meta?.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'surprise' })]),
    );
  });

  if (op.takesRefId) {
    it('answers 409 already-exists with meta.existing to a reused ref_id', async () => {
      const input = with_(id, { ref_id: `ref-${id}` });
      const first = await sbx.call(id, input);
      expect(first.status).toBe(200);
      const again = await sbx.call(id, input);
      expect(again.status).toBe(409);
      expect(problemCode(again.body.type as string)).toBe('already-exists');
      expect(again.body.meta?.existing).toEqual(first.body);
    });
  }
});
