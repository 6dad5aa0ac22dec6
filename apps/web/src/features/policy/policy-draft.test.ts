import { lintPolicy, PolicyDocumentV2Schema, type PolicyRule } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import {
  draftReducer,
  draftText,
  freshRuleId,
  problemPlace,
  readDraft,
  whereItDecides,
  type DraftAction,
} from './policy-draft';

const rule = (id: string, above = '10000'): PolicyRule => ({
  id,
  operations: ['createInternalTransfer'],
  assets: ['USD'],
  amount: { above },
  destination: 'any',
  initiator_roles: 'any',
  action: { kind: 'hold', approvers: 2, roles: ['finance', 'admin'] },
});

const START = readDraft(
  draftText({
    format: 2,
    max_wait_hours: 24,
    rules: [rule('a'), rule('b', '500'), rule('c', '1')],
    default_rule: { kind: 'hold', approvers: 1, roles: ['admin'] },
    limits: [{ role: 'finance', per_day: { USD: '100000' } }],
    destination_book: { cooling_off_hours: 24 },
  }),
);

const ids = (action: DraftAction) => draftReducer(START, action).document?.rules.map((r) => r.id);

describe('the draft of a policy version', () => {
  it.each<[string, DraftAction, string[]]>([
    ['moves a rule up', { type: 'move', id: 'b', to: 0 }, ['b', 'a', 'c']],
    ['moves a rule down', { type: 'move', id: 'b', to: 2 }, ['a', 'c', 'b']],
    [
      'moves the last rule to the top in one step',
      { type: 'move', id: 'c', to: 0 },
      ['c', 'a', 'b'],
    ],
    ['moves the first rule to the bottom', { type: 'move', id: 'a', to: 2 }, ['b', 'c', 'a']],
    [
      'leaves the first rule first when moved up',
      { type: 'move', id: 'a', to: -1 },
      ['a', 'b', 'c'],
    ],
    [
      'leaves the last rule last when moved down',
      { type: 'move', id: 'c', to: 3 },
      ['a', 'b', 'c'],
    ],
    ['adds a rule after the others', { type: 'add', rule: rule('d'), at: 3 }, ['a', 'b', 'c', 'd']],
    ['adds a rule at a position', { type: 'add', rule: rule('d'), at: 1 }, ['a', 'd', 'b', 'c']],
    ['removes a rule by its id', { type: 'remove', id: 'b' }, ['a', 'c']],
    [
      'replaces a rule in its place',
      { type: 'replace', id: 'b', rule: rule('b', '1000') },
      ['a', 'b', 'c'],
    ],
    [
      'renames a rule in its place',
      { type: 'replace', id: 'b', rule: rule('b2') },
      ['a', 'b2', 'c'],
    ],
  ])('%s, keeping the ids of the others', (_, action, expected) => {
    expect(ids(action)).toEqual(expected);
  });

  it.each<DraftAction>([
    { type: 'move', id: 'b', to: 2 },
    { type: 'add', rule: rule('d'), at: 3 },
    { type: 'remove', id: 'a' },
    { type: 'replace', id: 'c', rule: rule('c', '2') },
    { type: 'default', rule: { kind: 'hold', approvers: 2, roles: ['admin'], max_wait_hours: 48 } },
  ])(
    'writes a $type back as text that the format-2 schema accepts, limits and book kept',
    (action) => {
      const next = draftReducer(START, action);
      const parsed = PolicyDocumentV2Schema.parse(JSON.parse(next.text));
      expect(parsed).toEqual(next.document);
      expect(parsed.limits).toEqual(START.document!.limits);
      expect(parsed.destination_book).toEqual({ cooling_off_hours: 24 });
    },
  );

  it('replaces the rule named, with its new amount, and nothing else', () => {
    const next = draftReducer(START, { type: 'replace', id: 'b', rule: rule('b', '1000') });
    expect(next.document!.rules[1]!.amount).toEqual({ above: '1000' });
    expect(next.document!.rules[0]).toEqual(START.document!.rules[0]);
    expect(next.document!.rules[2]).toEqual(START.document!.rules[2]);
  });

  it('reads JSON text that is not a format-2 document as issues by member, and keeps the text', () => {
    const text = START.text.replace('"above": "500"', '"above": "5e2"');
    const next = draftReducer(START, { type: 'text', text });
    expect(next.text).toBe(text);
    expect(next.document).toBeNull();
    expect(next.issues).toEqual([
      { path: 'rules.1.amount.above', message: expect.stringContaining('plain decimal') },
    ]);
  });

  it('says when the text is not JSON at all', () => {
    const next = draftReducer(START, { type: 'text', text: '{"format": 2,' });
    expect(next.document).toBeNull();
    expect(next.issues[0]!.message).toMatch(/^Not JSON/);
  });

  it('changes no rows of a draft whose text is not a document', () => {
    const broken = draftReducer(START, { type: 'text', text: '[]' });
    expect(draftReducer(broken, { type: 'remove', id: 'a' })).toBe(broken);
  });

  it('reads a row change and its text alike: the text is the one source of truth', () => {
    const moved = draftReducer(START, { type: 'move', id: 'c', to: 1 });
    expect(readDraft(moved.text)).toEqual(moved);
  });

  // START: a holds transfers above 10,000 USD, b above 500, c above 1; the first match decides.
  it.each<[string, PolicyRule, number, string | null]>([
    ['above 20,000: every such send is above 10,000, so before a', rule('d', '20000'), 0, 'a'],
    ['above 5,000: not all above 10,000, all above 500, so before b', rule('d', '5000'), 1, 'b'],
    ['above 0: no earlier rule holds all of them, so last', rule('d', '0'), 3, null],
    [
      'of orders: no rule matches an order, so last',
      { ...rule('d'), operations: ['createOrder'] },
      3,
      null,
    ],
  ])('places a new rule where it can decide: %s', (_, added, at, before) => {
    const place = whereItDecides(START.document!, added);
    expect([place.at, place.before?.id ?? null]).toEqual([at, before]);
    // Inserted there, the lint finds it hidden by nothing.
    const next = draftReducer(START, { type: 'add', rule: added, at: place.at });
    expect(next.document!.rules[at]!.id).toBe('d');
    expect(lintPolicy(next.document!).filter((p) => p.id === 'd')).toEqual([]);
    // One place later, it would never decide.
    if (before) {
      const later = draftReducer(START, { type: 'add', rule: added, at: place.at + 1 });
      expect(lintPolicy(later.document!).map((p) => [p.id, p.code])).toContainEqual([
        'd',
        'hidden',
      ]);
    }
  });

  it('offers a new rule an id no rule has', () => {
    const doc = readDraft(
      draftText({ ...START.document!, rules: [rule('rule-4'), rule('x'), rule('y')] }),
    );
    expect(freshRuleId(doc.document!)).toBe('rule-5');
  });

  it.each([
    ['document.rules.3.action.approvers', 'document', { index: 3, member: 'action.approvers' }],
    ['draft.rules.0', 'draft', { index: 0, member: '' }],
    ['document.max_wait_hours', 'document', { index: null, member: 'max_wait_hours' }],
    ['document', 'document', { index: null, member: '' }],
  ] as const)('places the problem at %s', (path, prefix, place) => {
    expect(problemPlace(path, prefix)).toEqual(place);
  });
});
