import { operations, type ApprovalDetail, type ApprovalQueue } from '@console/schemas';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { journalEntry } from '@/test/fixtures';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { WaitingForMe } from './waiting-for-me';

const PAYOUTS = '5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e07';

/** A request waiting for one approval, made by `fin`. */
function waiting(id: string, operation: string, fields: Record<string, unknown>): ApprovalDetail {
  return {
    journal: journalEntry({ id, operation, state: 'AWAITING_APPROVAL' }),
    fields,
    approval: {
      required: true,
      approvers_needed: 1,
      eligible_roles: ['admin'],
      expires_at: '2030-01-01T00:00:00Z',
      prospect: { still_needed: 1, candidates: 1, stalled: null },
      approvals: [],
      events: [],
      can_decide: true,
      cannot_decide_reason: null,
      can_cancel: false,
    },
  };
}

const queue: ApprovalQueue = {
  items: [
    waiting('j-policy', 'proposePolicyVersion', { based_on: 3, reason: 'Cool-offs of 3 minutes' }),
    waiting('j-book', 'addAllowedDestination', {
      target: { kind: 'own-profile', profile_id: PAYOUTS },
      name: 'Payouts',
      reason: 'Weekly float',
    }),
  ],
  count: 2,
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = String(input);
      if (url === '/api/approvals') return jsonResponse(200, queue);
      if (url.startsWith(`/api/svc${operations.listProfiles.path}`)) {
        return jsonResponse(200, {
          data: { items: [{ id: PAYOUTS, nickname: 'Payouts', type: 'STANDARD' }] },
        });
      }
      if (url === '/api/session') return jsonResponse(401, { title: 'Sign in' });
      return jsonResponse(200, { data: { items: [] } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("the home's Waiting for my approval (issue 66)", () => {
  it('says in one line what each request is about, whatever its kind', async () => {
    renderWithProviders(<WaitingForMe />);
    const section = await screen.findByRole('region', { name: 'Waiting for my approval' });
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    // A policy version: the version it replaces and the maker's reason.
    expect(items[0]).toHaveTextContent(
      'A new approval policy replacing version 3: “Cool-offs of 3 minutes”',
    );
    // A book entry: the destination it adds, by its name.
    expect(await within(items[1]!).findByText('Payouts')).toBeVisible();
  });
});
