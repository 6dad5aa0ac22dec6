import { WRITE_OPERATION_IDS, operations, uuid } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requestShape } from '@/lib/schema-walk';
import { formFields } from './editor-of';

/** The fields a form of this shape cannot edit as the schema takes them, each with why. */
const uneditable = (shape: Record<string, z.ZodType>) =>
  formFields(shape).flatMap(({ path, editing }) =>
    editing.editor ? [] : [`${path}: ${editing.why}`],
  );

const label = (text: string) => ({ label: text });

describe.each(WRITE_OPERATION_IDS)('the form of %s', (id) => {
  it('edits every field of its request as the schema takes it, and every id with a picker', () => {
    expect(uneditable(requestShape(operations[id]))).toEqual([]);
  });
});

/* The check above, shown to bite: each wrong field is refused, its right twin let through. */
describe('a form field', () => {
  it.each([
    [
      'a list, which no field edits',
      { tags: z.array(z.string()).meta(label('Tags')) },
      { tags: z.string().meta(label('Tags')) },
    ],
    [
      'a number without the integer kind, which a text box would send as text',
      { wait: z.number().meta(label('Wait')) },
      { wait: z.number().meta({ ...label('Wait'), kind: 'integer' }) },
    ],
    [
      'a kind on a type it cannot edit',
      { amount: z.number().meta({ ...label('Amount'), kind: 'decimal' }) },
      { amount: z.string().meta({ ...label('Amount'), kind: 'decimal' }) },
    ],
    [
      'a member of a nested object',
      { owner: z.object({ since: z.date().meta(label('Since')) }).meta(label('Owner')) },
      { owner: z.object({ since: z.string().meta(label('Since')) }).meta(label('Owner')) },
    ],
    [
      'a record of numbers, which metadata rows cannot hold',
      { limits: z.record(z.string(), z.number()).meta(label('Limits')) },
      { limits: z.record(z.string(), z.string()).meta(label('Limits')) },
    ],
    [
      'an id whose list has no picker',
      { widget_id: z.string().meta({ ...label('Widget id'), choices: 'listWidgets' }) },
      { widget_id: z.string().meta({ ...label('Widget id'), choices: 'listOrders' }) },
    ],
    [
      'a UUID id with nothing to pick it from',
      { id: uuid('Account id').meta(label('Account id')) },
      { id: uuid('Account id').meta({ ...label('Account id'), choices: 'listFiatAccounts' }) },
    ],
    [
      'an object inside a rail, whose members the rail shows as plain fields',
      {
        source: z.object({
          crypto: z.object({ at: z.object({ x: z.string() }) }).optional(),
          fiat: z.object({ memo: z.string() }).optional(),
          profile: z.object({ memo: z.string() }).optional(),
        }),
      },
      {
        source: z.object({
          crypto: z.object({ at: z.string() }).optional(),
          fiat: z.object({ memo: z.string() }).optional(),
          profile: z.object({ memo: z.string() }).optional(),
        }),
      },
    ],
  ])('is refused when it is %s', (_kind, wrong, right) => {
    expect(uneditable(wrong)).toHaveLength(1);
    expect(uneditable(right)).toEqual([]);
  });

  it('is edited when it is a boolean, an enum, text or metadata', () => {
    const shape = {
      confirm: z.boolean().meta(label('Confirm')),
      side: z.enum(['BUY', 'SELL']).optional().meta(label('Side')),
      memo: z.string().meta(label('Memo')),
      metadata: z.record(z.string(), z.string()).optional().meta(label('Metadata')),
    };
    expect(formFields(shape).map(({ editing }) => editing.editor)).toEqual([
      'switch',
      'select',
      'text',
      'metadata',
    ]);
  });
});
