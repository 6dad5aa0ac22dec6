import { PolicyRuleSchema, type PolicyRule } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { blankRule, fieldOf, formToRule, ruleResolver, ruleToForm } from './rule-form-values';

const RULES: PolicyRule[] = [
  {
    id: 'usd-big',
    operations: ['createInternalTransfer'],
    assets: ['USD'],
    amount: { above: '10000.50', up_to: '99999999999999999999.01' },
    destination: 'any',
    initiator_roles: 'any',
    action: { kind: 'hold', approvers: 2, roles: ['finance', 'admin'], max_wait_hours: 12 },
  },
  {
    id: 'escalate',
    operations: 'any',
    assets: ['EUR', 'SGD'],
    amount: { up_to: '5' },
    destination: { kind: 'fiat-account' },
    initiator_roles: ['support'],
    action: { kind: 'escalate', approvers: 1, roles: ['admin', 'finance'], escalate_to: ['admin'] },
  },
  {
    id: 'refuse',
    operations: ['createSvcTransfer'],
    assets: 'any',
    destination: { entry: '0f8fad5b-d9cb-469f-a165-70867728950e' },
    initiator_roles: 'any',
    action: { kind: 'refuse', reason: 'Not to that entry' },
  },
  { ...blankRule('rule-1'), destination: 'not-book', action: { kind: 'send' } },
];

type Values = ReturnType<typeof ruleToForm>;
const resolve = async (values: Values, others: string[] = []) =>
  ruleResolver(() => others)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

describe('a rule as its form holds it', () => {
  it.each(RULES)('reads rule $id back unchanged, decimals as the same text', (rule) => {
    expect(PolicyRuleSchema.parse(formToRule(ruleToForm(rule)))).toEqual(rule);
  });

  it('keeps an amount as the digits typed, never through a number', () => {
    const values = ruleToForm(RULES[0]!);
    values.amount = { above: '0.10', up_to: '12345678901234567890.123' };
    expect(formToRule(values)).toMatchObject({
      amount: { above: '0.10', up_to: '12345678901234567890.123' },
    });
  });

  it('reads asset codes separated by commas or spaces, in capitals', () => {
    const values = { ...ruleToForm(RULES[0]!), assets: 'usd, eur  sgd,' };
    expect(formToRule(values)).toMatchObject({ assets: ['USD', 'EUR', 'SGD'] });
  });

  it.each([
    ['id', (v: Values) => ({ ...v, id: '' }), 'id', 'Rule id is required'],
    [
      'a band written with a comma',
      (v: Values) => ({ ...v, amount: { above: '10,000', up_to: '' } }),
      'amount.above',
      'plain decimal',
    ],
    [
      'a ceiling with an exponent',
      (v: Values) => ({ ...v, amount: { above: '', up_to: '1e5' } }),
      'amount.up_to',
      'plain decimal',
    ],
    [
      'a band of any asset',
      (v: Values) => ({ ...v, any_asset: true }),
      'assets',
      'An amount band needs named assets',
    ],
    [
      'no approver role',
      (v: Values) => ({ ...v, action: { ...v.action, roles: [] } }),
      'action.roles',
      'at least one role',
    ],
    [
      'a wait of no hours',
      (v: Values) => ({ ...v, action: { ...v.action, max_wait_hours: '0' } }),
      'action.max_wait_hours',
      'more than 0',
    ],
    [
      'a book entry that is no UUID',
      (v: Values) => ({ ...v, destination: { choice: 'entry' as const, value: 'nope' } }),
      'destination.value',
      'UUID',
    ],
    [
      'a refusal without a reason',
      (v: Values) => ({ ...v, action: { ...v.action, kind: 'refuse' as const, reason: ' ' } }),
      'action.reason',
      'say why',
    ],
  ])('says what is wrong with %s next to its field', async (_, edit, field, words) => {
    const result = await resolve(edit(ruleToForm(RULES[0]!)));
    const [head, tail] = field.split('.');
    const errors = result.errors as Record<
      string,
      { message?: string } & Record<string, { message?: string }>
    >;
    const error = tail ? errors[head!]?.[tail] : errors[head!];
    expect(error?.message).toContain(words);
  });

  it('refuses an id another rule of the draft has', async () => {
    const result = await resolve(ruleToForm(RULES[0]!), ['usd-big']);
    expect(result.errors.id?.message).toMatch(/used by another rule/);
  });

  it('hands a valid rule back as the schema reads it', async () => {
    const result = await resolve(ruleToForm(RULES[1]!), ['usd-big']);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual(RULES[1]);
  });

  it.each([
    ['amount', 'amount.above'],
    ['destination', 'destination.value'],
    ['action', 'action.kind'],
    ['operations.2', 'operations'],
    ['something.else', 'root'],
  ])('places a problem of %s on %s', (member, field) => {
    expect(fieldOf(member)).toBe(field);
  });
});
