import { PolicyDocumentV2Schema, type PolicyDocumentV2 } from '@console/schemas';
import { screen, within } from '@testing-library/react';
import { useReducer } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { draftReducer, draftText, readDraft, type PolicyDraft } from './policy-draft';
import { RuleRows } from './rule-rows';

const START = PolicyDocumentV2Schema.parse({
  format: 2,
  rules: [
    {
      id: 'usd-big',
      operations: ['createInternalTransfer'],
      assets: ['USD'],
      amount: { above: '10000' },
      action: { kind: 'hold', approvers: 2, roles: ['finance', 'admin'] },
    },
    {
      id: 'usd-small',
      operations: ['createInternalTransfer'],
      assets: ['USD'],
      amount: { up_to: '10000' },
      action: { kind: 'send' },
    },
  ],
  default_rule: { kind: 'hold', approvers: 1, roles: ['admin'] },
});

/** The rows over a draft of their own, whose document the test reads after each change. */
function Editor({
  start,
  onDraft,
}: {
  start: PolicyDocumentV2;
  onDraft: (d: PolicyDraft) => void;
}) {
  const [draft, dispatch] = useReducer(draftReducer, start, (d) => readDraft(draftText(d)));
  onDraft(draft);
  return (
    <RuleRows
      document={draft.document!}
      dispatch={dispatch}
      problems={[{ index: 1, message: 'action: from the BFF' }]}
    />
  );
}

function setup(start = START) {
  let draft: PolicyDraft = readDraft(draftText(start));
  const rendered = renderWithProviders(<Editor start={start} onDraft={(d) => (draft = d)} />);
  return { ...rendered, draft: () => draft };
}

const row = (name: RegExp) => screen.getByRole('listitem', { name });

describe('the rules of a draft as rows', () => {
  it('reads each rule in words with its id, and the rule when none matches', () => {
    setup();
    expect(row(/^Rule 1, usd-big/)).toHaveTextContent(
      'Internal transfers of USD above 10,000 need 2 approvers from finance or admin.',
    );
    expect(screen.getByRole('region', { name: 'When no rule matches' })).toHaveTextContent(
      'Any other send needs 1 approver from admin.',
    );
    expect(screen.getByRole('status')).toHaveTextContent('The lint finds no problem');
  });

  it('names each button by its rule, and places a problem of the BFF under the rule it names', () => {
    setup();
    expect(screen.getByRole('button', { name: 'Move rule usd-big up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move rule usd-small down' })).toBeDisabled();
    expect(
      within(row(/^Rule 2, usd-small/)).getByRole('list', { name: 'Problems of rule usd-small' }),
    ).toHaveTextContent('action: from the BFF');
  });

  it('moves a rule by keyboard, and the focus stays on the rule moved', async () => {
    const { user, draft } = setup();
    screen.getByRole('button', { name: 'Move rule usd-small up' }).focus();
    await user.keyboard('{Enter}');
    expect(draft().document!.rules.map((r) => r.id)).toEqual(['usd-small', 'usd-big']);
    // At the top its "up" is disabled: the "down" of the same rule has the focus.
    expect(screen.getByRole('button', { name: 'Move rule usd-small down' })).toHaveFocus();
    // Their bands are apart: neither hides the other in either order.
    expect(screen.getByRole('status')).toHaveTextContent('no problem');
  });

  it('edits a rule: focus to its form, errors by their field as typed, lint under the row, focus back', async () => {
    const { user, draft } = setup();
    await user.click(screen.getByRole('button', { name: 'Edit rule usd-big' }));
    expect(screen.getByRole('heading', { name: 'Edit rule usd-big' })).toHaveFocus();
    const above = screen.getByRole('textbox', { name: /Amount above/ });
    await user.clear(above);
    await user.type(above, '10,000');
    expect(await screen.findByText(/must be a plain decimal/)).toBeInTheDocument();
    expect(above).toHaveAttribute('aria-invalid', 'true');

    // A band that no amount meets: said in the form as typed, then under the row once saved.
    await user.clear(above);
    await user.type(above, '20000');
    await user.type(screen.getByRole('textbox', { name: /Amount up to/ }), '500');
    expect(await screen.findByText(/can never match/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save rule' }));
    expect(draft().document!.rules[0]!.amount).toEqual({ above: '20000', up_to: '500' });
    expect(screen.getByRole('button', { name: 'Edit rule usd-big' })).toHaveFocus();
    expect(
      within(row(/^Rule 1, usd-big/)).getByRole('list', { name: 'Problems of rule usd-big' }),
    ).toHaveTextContent('Rule 1 (usd-big) can never match');
    expect(screen.getByRole('status')).toHaveTextContent('The lint finds 1 problem');

    // Fixed: the problem goes.
    await user.click(screen.getByRole('button', { name: 'Edit rule usd-big' }));
    await user.clear(screen.getByRole('textbox', { name: /Amount up to/ }));
    await user.click(screen.getByRole('button', { name: 'Save rule' }));
    expect(screen.getByRole('status')).toHaveTextContent('no problem');
    expect(draft().document!.rules[0]!.amount).toEqual({ above: '20000' });
  });

  it('cancels an edit without a change, the focus back on the row', async () => {
    const { user, draft } = setup();
    const before = draft();
    await user.click(screen.getByRole('button', { name: 'Edit rule usd-small' }));
    await user.type(screen.getByRole('textbox', { name: /Rule id/ }), '-x');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(draft()).toBe(before);
    expect(screen.getByRole('button', { name: 'Edit rule usd-small' })).toHaveFocus();
  });

  it('refuses an id another rule has, next to the id', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Edit rule usd-small' }));
    const id = screen.getByRole('textbox', { name: /Rule id/ });
    await user.clear(id);
    await user.type(id, 'usd-big');
    await user.click(screen.getByRole('button', { name: 'Save rule' }));
    expect(await screen.findByText(/Rule id usd-big is used by another rule/)).toBeInTheDocument();
    expect(id).toHaveAttribute('aria-invalid', 'true');
  });

  it('adds a rule after the others and removes one, the lint naming a hidden rule', async () => {
    const { user, draft } = setup();
    await user.click(screen.getByRole('button', { name: 'Add a rule' }));
    expect(screen.getByRole('heading', { name: 'New rule' })).toHaveFocus();
    // Any send of any asset, held: last, it hides nothing.
    await user.click(screen.getByRole('button', { name: 'Save rule' }));
    expect(draft().document!.rules.map((r) => r.id)).toEqual(['usd-big', 'usd-small', 'rule-3']);
    expect(screen.getByRole('button', { name: 'Edit rule rule-3' })).toHaveFocus();

    // Moved to the top, it matches first every send the two others would.
    await user.click(screen.getByRole('button', { name: 'Move rule rule-3 up' }));
    await user.click(screen.getByRole('button', { name: 'Move rule rule-3 up' }));
    expect(screen.getByRole('status')).toHaveTextContent('The lint finds 2 problems');
    expect(row(/^Rule 2, usd-big/)).toHaveTextContent('matched first by rule 1 (rule-3)');

    await user.click(screen.getByRole('button', { name: 'Remove rule rule-3' }));
    expect(draft().document!.rules.map((r) => r.id)).toEqual(['usd-big', 'usd-small']);
    expect(screen.getByRole('button', { name: 'Edit rule usd-big' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('no problem');
  });

  it('adds a rule before a catch-all that would hide it, says so, and moves a rule to a position', async () => {
    const catchAll = {
      id: 'everything-else',
      operations: 'any' as const,
      assets: 'any' as const,
      destination: 'any' as const,
      initiator_roles: 'any' as const,
      action: { kind: 'send' as const },
    };
    const { user, draft } = setup({ ...START, rules: [...START.rules, catchAll] });
    await user.click(screen.getByRole('button', { name: 'Add a rule' }));
    await user.click(screen.getByRole('button', { name: 'Save rule' }));
    // Not behind the catch-all, where it could never match: just before it.
    expect(draft().document!.rules.map((r) => r.id)).toEqual([
      'usd-big',
      'usd-small',
      'rule-4',
      'everything-else',
    ]);
    expect(
      screen.getByText(
        /Rule rule-4 was added as rule 3, before everything-else: that rule matches/,
      ),
    ).toBeVisible();

    // Straight to a position, by keyboard, instead of pressing Up once per rule.
    const position = screen.getByRole('combobox', { name: 'Position of rule everything-else' });
    position.focus();
    await user.selectOptions(position, '1');
    expect(draft().document!.rules.map((r) => r.id)).toEqual([
      'everything-else',
      'usd-big',
      'usd-small',
      'rule-4',
    ]);
    expect(
      screen.getByRole('combobox', { name: 'Position of rule everything-else' }),
    ).toHaveFocus();
    expect(row(/^Rule 2, usd-big/)).toHaveTextContent('matched first by rule 1 (everything-else)');
  });

  it('edits the rule when none matches, which always holds', async () => {
    const { user, draft } = setup();
    await user.click(screen.getByRole('button', { name: 'Edit the rule when no rule matches' }));
    await user.click(screen.getByRole('radio', { name: '2 approvers' }));
    await user.click(screen.getByRole('checkbox', { name: 'finance' }));
    await user.click(screen.getByRole('button', { name: 'Save rule' }));
    expect(draft().document!.default_rule).toEqual({
      kind: 'hold',
      approvers: 2,
      roles: ['admin', 'finance'],
    });
    expect(
      screen.getByRole('button', { name: 'Edit the rule when no rule matches' }),
    ).toHaveFocus();
  });
});
