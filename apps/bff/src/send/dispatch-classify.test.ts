import { describe, expect, it } from 'vitest';
import type { UpstreamOutcome } from '../upstream/client';
import { classify } from './dispatch';

import {
  transferEntry,
  TRANSFER_RECORD,
  ORDER_BODY,
  orderEntry,
  stored,
  answered,
  alreadyExists,
} from '../../test/dispatch-fixtures';

describe('classify: what an answer means for the journal', () => {
  it('records no answer as UNKNOWN with the reason, never as a refusal', () => {
    const outcome: UpstreamOutcome = {
      kind: 'no-answer',
      error: 'timeout after 10 ms',
      attempts: 4,
    };
    expect(classify(stored(transferEntry), outcome, false)).toStrictEqual({
      outcome: {
        state: 'UNKNOWN',
        attempts: 4,
        response_status: null,
        response: null,
        error: 'timeout after 10 ms',
      },
    });
  });

  it.each([200, 201, 299])('records a %i as SUCCEEDED with the service’s record', (status) => {
    const outcome = answered(status, TRANSFER_RECORD, 2, 'the text as it came');
    expect(classify(stored(transferEntry), outcome, false)).toStrictEqual({
      outcome: {
        state: 'SUCCEEDED',
        attempts: 2,
        response_status: status,
        response: TRANSFER_RECORD,
        response_text: 'the text as it came',
        error: null,
      },
      data: TRANSFER_RECORD,
    });
  });

  it.each([
    ['a 500 that outlasted the retries', 500, 1],
    ['a 503 that outlasted the retries', 503, 4],
    ['a 599', 599, 1],
    ['a 429 final', 429, 4],
  ])('records %s as UNKNOWN, never REJECTED', (_, status, attempts) => {
    const body = { status, title: 'Not now' };
    expect(classify(stored(transferEntry), answered(status, body, attempts), false)).toStrictEqual({
      outcome: {
        state: 'UNKNOWN',
        attempts,
        response_status: status,
        response: body,
        response_text: JSON.stringify(body),
        error: `the service answered ${status}`,
      },
    });
  });

  it.each([199, 300, 400, 403, 409, 422, 428, 430, 499])(
    'records a %i as REJECTED with the service’s problem',
    (status) => {
      const body = { status, title: 'No' };
      expect(classify(stored(transferEntry), answered(status, body, 2), false)).toStrictEqual({
        outcome: {
          state: 'REJECTED',
          attempts: 2,
          response_status: status,
          response: body,
          response_text: JSON.stringify(body),
          error: null,
        },
      });
    },
  );

  it.each([
    ['after a retry', true, false],
    ['while resolving an entry whose answer was lost', false, true],
  ])(
    'takes 409 already-exists %s as the success when meta.existing is the intent',
    (_, retried, resolving) => {
      const outcome = alreadyExists(TRANSFER_RECORD, retried ? 2 : 1);
      expect(classify(stored(transferEntry), outcome, resolving)).toStrictEqual({
        outcome: {
          state: 'SUCCEEDED',
          attempts: retried ? 2 : 1,
          response_status: 409,
          response: TRANSFER_RECORD,
          response_text: undefined,
          error: null,
        },
        data: TRANSFER_RECORD,
      });
    },
  );

  it('refuses 409 already-exists on a first attempt: someone else’s record holds the ref_id', () => {
    const outcome = alreadyExists(TRANSFER_RECORD, 1);
    const { outcome: result, data } = classify(stored(transferEntry), outcome, false);
    expect(result.state).toBe('REJECTED');
    expect(result.response).toStrictEqual((outcome as { body: unknown }).body);
    expect(data).toBeUndefined();
  });

  it.each<[string, unknown]>([
    ['another amount', { ...TRANSFER_RECORD, amount: '1.51' }],
    ['another recipient', { ...TRANSFER_RECORD, to_profile_id: 'p-3' }],
    ['another sender', { ...TRANSFER_RECORD, from_profile_id: 'p-0' }],
    ['no record', undefined],
    ['a record that is a string', 'the same transfer'],
    ['a record that is a list', [TRANSFER_RECORD]],
    ['null', null],
    ['an empty record', {}],
    ['a record without its ref_id', { id: 't-1', amount: '1.5', asset: 'USD' }],
    ['a record of another ref_id', { ...TRANSFER_RECORD, ref_id: 'ref-2' }],
  ])('refuses 409 already-exists after a retry when meta.existing holds %s', (_, existing) => {
    for (const resolving of [false, true]) {
      const { outcome: result, data } = classify(
        stored(transferEntry),
        alreadyExists(existing, 3),
        resolving,
      );
      expect(result).toMatchObject({ state: 'REJECTED', response_status: 409, error: null });
      expect(data).toBeUndefined();
    }
  });

  it.each([
    ['the profile of its path', 'p-9', 'SUCCEEDED'],
    ['another profile than its path', 'p-8', 'REJECTED'],
  ])('compares an order’s record with %s too', (_, profile, state) => {
    const record = {
      id: 'o',
      ...ORDER_BODY,
      quote_amount: '100',
      ref_id: 'o-1',
      profile_id: profile,
    };
    const outcome = alreadyExists(record, 2);
    expect(classify(stored(orderEntry()), outcome, false).outcome.state).toBe(state);
  });

  it('compares the body alone for an entry of an operation it no longer knows', () => {
    const entry = stored({ ...transferEntry, operation: 'retiredOperation' });
    expect(classify(entry, alreadyExists(TRANSFER_RECORD, 2), false).outcome.state).toBe(
      'SUCCEEDED',
    );
  });
});
