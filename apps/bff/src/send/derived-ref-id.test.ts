import { describe, expect, it } from 'vitest';
import { derivedRefId } from './derived-ref-id';

describe('a derived ref_id', () => {
  it.each([
    ['b-1:1', 'b-1:1', true],
    ['b-1:1', 'b-1:2', false],
    ['v-1:2026-12-07T09:00:00.000Z', 'v-1:2026-12-07T09:00:00.000Z', true],
    ['v-1:2026-12-07T09:00:00.000Z', 'v-2:2026-12-07T09:00:00.000Z', false],
  ])('of %s and of %s are the same: %s', (a, b, same) => {
    expect(derivedRefId(a) === derivedRefId(b)).toBe(same);
  });

  it('is a version 8 UUID of its variant, within the service’s 36 characters', () => {
    for (const name of ['a', 'b-1:1', 'x'.repeat(500)]) {
      expect(derivedRefId(name)).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    }
  });
});
