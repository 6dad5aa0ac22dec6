import { describe, expect, it } from 'vitest';
import { parseWith } from './errors';
import { SvcWebhookSchema } from './live-api';
import { operations } from './registry';

const EVENT = 'e0f1a2b3-c4d5-4e6f-9a0b-1c2d3e4f5a01';

/** Ids a delivery may carry, with whether the webhook takes them. */
const IDS: [string, boolean][] = [
  [EVENT, true],
  [EVENT.toUpperCase(), true],
  ['', false],
  ['.', false],
  ['..', false],
  ['...', false],
  ['../events', false],
  ['a/b', false],
  ['%2e%2e', false],
  [`${EVENT}/..`, false],
  [` ${EVENT}`, false],
  [`${EVENT}\u0000`, false],
  ['evt_123', false],
];

describe('the service webhook’s event id', () => {
  it.each(IDS)('%j is taken: %s', (id, taken) => {
    const parsed = parseWith(SvcWebhookSchema, { id, type: 'identity.denied' });
    expect(parsed.ok).toBe(taken);
    if (!parsed.ok) expect(parsed.errors.map((e) => e.path)).toEqual(['id']);
  });

  it.each(IDS.filter(([, taken]) => taken))(
    'builds Get Event’s path from %j without throwing, as one segment',
    (id) => {
      const parsed = parseWith(SvcWebhookSchema, { id });
      if (!parsed.ok) throw new Error('taken above');
      const path = operations.getEvent.toPath({ id: parsed.value.id });
      expect(path).toBe(`/v2/events/${id}`);
    },
  );

  it.each(IDS)('takes %j exactly when Get Event’s own path parameter does', (id) => {
    const own = operations.getEvent.parseRequest({ id }, new URLSearchParams());
    expect(parseWith(SvcWebhookSchema, { id }).ok).toBe(own.ok);
  });
});
