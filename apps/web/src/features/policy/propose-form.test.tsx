import { PolicyDocumentV2Schema, type PolicyVersion } from '@console/schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { ProposeForm } from './propose-form';

const RULES = PolicyDocumentV2Schema.parse({
  format: 2,
  rules: [
    {
      id: 'createInternalTransfer-1',
      operations: ['createInternalTransfer'],
      assets: ['USD'],
      amount: { above: '10000' },
      action: { kind: 'hold', approvers: 2, roles: ['finance', 'admin'] },
    },
    {
      id: 'createOrder-1',
      operations: ['createOrder'],
      assets: ['USD'],
      amount: { above: '50000' },
      action: { kind: 'hold', approvers: 1, roles: ['admin'] },
    },
  ],
  default_rule: { kind: 'hold', approvers: 1, roles: ['admin'] },
  limits: [{ role: 'finance' }],
});

const IN_FORCE: PolicyVersion = {
  version: 3,
  document: { rules: {} },
  document_sha256: 'x',
  based_on: 2,
  source: 'console',
  reason: 'r',
  proposed_by: 'ada',
  proposed_by_name: 'Ada Admin',
  proposed_at: '2026-11-27T10:00:00Z',
  proposal_id: null,
  approved_by: [],
  effective_at: '2026-11-27T10:00:00Z',
  superseded_at: null,
  rules: RULES,
};

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  // jsdom has no FontFaceSet, which Mantine's autosizing textarea listens to.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
  }
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = () => screen.getByRole('textbox', { name: /as version 4 would say it/ });
const lowerUsdBand = async (user: ReturnType<typeof renderWithProviders>['user']) => {
  await user.click(screen.getByRole('button', { name: 'Edit rule createInternalTransfer-1' }));
  const above = screen.getByRole('textbox', { name: /Amount above/ });
  await user.clear(above);
  await user.type(above, '5000');
  await user.click(screen.getByRole('button', { name: 'Save rule' }));
};

describe('the proposal of a new version', () => {
  it('edits one draft as rows or as JSON: a change in either shows in the other and in the diff', async () => {
    const { user } = renderWithProviders(<ProposeForm inForce={IN_FORCE} />);
    expect(screen.getByText('None yet.')).toBeInTheDocument();
    await lowerUsdBand(user);
    await user.click(screen.getByText(/^Edit as JSON/));
    expect(JSON.parse((json() as HTMLTextAreaElement).value).rules[0].amount).toEqual({
      above: '5000',
    });
    const changes = screen.getByRole('list', { name: 'Changes from version 3' });
    expect(changes).toHaveTextContent(
      'Rule createInternalTransfer-1, amount (threshold): above 10,000 → above 5,000, looser (approvers from finance too: for example',
    );

    // The JSON, edited: the rows read it at once.
    const edited = JSON.parse((json() as HTMLTextAreaElement).value);
    edited.rules[1].amount.above = '60000';
    fireEvent.change(json(), { target: { value: JSON.stringify(edited) } });
    expect(screen.getByRole('listitem', { name: /^Rule 2, createOrder-1/ })).toHaveTextContent(
      'quoted in USD above 60,000',
    );
    expect(changes).toHaveTextContent('Rule createOrder-1, amount (threshold)');

    // JSON that is no policy: no rows to edit, the JSON says why.
    fireEvent.change(json(), { target: { value: '{"format": 2' } });
    expect(screen.getByText('The JSON is not a policy of format 2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit rule/ })).not.toBeInTheDocument();
    expect(json()).toHaveAccessibleDescription(/Not JSON/);
  });

  it('proposes the format-2 draft against the version in force, and places the BFF’s problems under their rule', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        400,
        {
          type: 'about:blank',
          title: 'Invalid request',
          status: 400,
          detail: 'The policy has problems',
          code: 'validation',
          request_id: 'req-1',
          errors: [
            { path: 'document.rules.1.action.approvers', message: 'Approvers must be 1 or 2' },
            { path: 'document.limits.0.role', message: 'No such role' },
          ],
        },
        'application/problem+json',
      ),
    );
    const { user } = renderWithProviders(<ProposeForm inForce={IN_FORCE} />);
    await lowerUsdBand(user);
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'USD transfers: lower');
    await user.click(screen.getByRole('button', { name: 'Propose for approval' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/policy/versions');
    const body = JSON.parse(String(init?.body));
    expect(body.based_on).toBe(3);
    expect(PolicyDocumentV2Schema.parse(body.document)).toEqual({
      ...RULES,
      rules: [{ ...RULES.rules[0], amount: { above: '5000' } }, RULES.rules[1]],
    });

    const row = await screen.findByRole('listitem', { name: /^Rule 2, createOrder-1/ });
    expect(
      within(row).getByRole('list', { name: 'Problems of rule createOrder-1' }),
    ).toHaveTextContent('action.approvers: Approvers must be 1 or 2');
    expect(screen.getByText('limits.0.role: No such role')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Edit rule createOrder-1' })).toHaveFocus(),
    );
  });

  it('proposes nothing that is the version in force as it is, or without a reason', async () => {
    const { user } = renderWithProviders(<ProposeForm inForce={IN_FORCE} />);
    await user.click(screen.getByRole('button', { name: 'Propose for approval' }));
    expect(await screen.findByText(/This is version 3 as it is/)).toBeInTheDocument();
    await lowerUsdBand(user);
    await user.click(screen.getByRole('button', { name: 'Propose for approval' }));
    expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says on opening that nobody could approve a proposal, and its refusal says no "try again"', async () => {
    const stalled =
      'Needs 1 more approval from admin, and no other operator holds one of those roles: add an approver or change the policy.';
    fetchMock.mockResolvedValue(
      jsonResponse(
        422,
        {
          type: 'about:blank',
          title: 'Nobody can approve this as things stand',
          status: 422,
          detail: `Nothing was journaled: it could never be carried out. ${stalled}`,
          code: 'approval-impossible',
          request_id: 'req-2',
        },
        'application/problem+json',
      ),
    );
    const { user } = renderWithProviders(<ProposeForm inForce={IN_FORCE} stalled={stalled} />);
    // Before anything is drafted.
    const note = screen.getByRole('alert', {
      name: 'Nobody could approve a proposal of yours now',
    });
    expect(note).toHaveTextContent(stalled);
    expect(note).toHaveTextContent('pnpm cli users:add --role admin');

    await lowerUsdBand(user);
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'USD transfers: lower');
    await user.click(screen.getByRole('button', { name: 'Propose for approval' }));
    const refusal = await screen.findByText(/Nothing was journaled: it could never be carried out/);
    expect(refusal).toBeVisible();
    expect(refusal.closest('[role="alert"]')).not.toHaveTextContent(/try again/i);
  });
});
