import {
  WRITE_OPERATION_IDS,
  assetCode,
  operations,
  uuid,
  type WriteOperationId,
} from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requestShape, schemaAt } from '@/lib/schema-walk';
import { formFields, isAssetCode } from './editor-of';

/** The fields a form of this shape cannot edit as the schema takes them, each with why. */
const uneditable = (shape: Record<string, z.ZodType>) =>
  formFields(shape).flatMap(({ path, editing }) =>
    editing.editor ? [] : [`${path}: ${editing.why}`],
  );

const label = (text: string) => ({ label: text });

/**
 * Names that end in `_id` without naming a record of the service: the memo a payer quotes on a
 * wire (the service writes it on the deposit instructions, shown where they are picked), and a
 * CUBIX account's id at CUBIX, part of a fiat account's instructions.
 */
const NOT_RECORD_IDS = [/(^|\.)memo_id$/, /\.cubix\.account_id$/];

/**
 * The boxes where an operator would type an id or an asset code by hand: a text editor on a
 * field whose name says it is an id, or whose schema is an asset code. Issue 34 counted 17 of the
 * first in six forms; issue 33 found `usd` typed into the second.
 */
const typedByHand = (shape: Record<string, z.ZodType>) =>
  formFields(shape).flatMap(({ path, editing }) => {
    const id = /_id$/.test(path) && !NOT_RECORD_IDS.some((re) => re.test(path));
    const schema = schemaAt(shape, path);
    const asset = schema !== undefined && isAssetCode(schema);
    return editing.editor === 'text' && (id || asset) ? [path] : [];
  });

describe.each(WRITE_OPERATION_IDS)('the form of %s', (id) => {
  it('edits every field of its request as the schema takes it, and every id with a picker', () => {
    expect(uneditable(requestShape(operations[id]))).toEqual([]);
  });

  it('has no box where an operator types an id or an asset code', () => {
    expect(typedByHand(requestShape(operations[id as WriteOperationId]))).toEqual([]);
  });
});

describe('a box typed by hand', () => {
  it.each([
    [
      'an id that is not a UUID',
      { desk_id: z.string().meta(label('Desk id')) },
      { desk_id: z.string().meta({ ...label('Desk id'), choices: 'listProfiles' }) },
    ],
    [
      'an asset code',
      { asset: assetCode().meta(label('Asset')) },
      {
        asset: assetCode().meta({
          ...label('Asset'),
          choices: 'listProfileBalances',
          choiceMember: 'asset',
        }),
      },
    ],
  ])('is found when it is %s, and not once it is picked', (_kind, typed, picked) => {
    expect(typedByHand(typed)).toHaveLength(1);
    expect(typedByHand(picked)).toEqual([]);
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
