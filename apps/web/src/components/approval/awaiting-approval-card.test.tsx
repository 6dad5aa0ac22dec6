import type { AwaitingApprovalResult, JournalEntry } from '@console/schemas';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isAwaitingApproval } from '@/lib/api';
import { renderWithProviders } from '@/test/render';
import { AwaitingApprovalCard } from './awaiting-approval-card';
import { roleList } from './role-names';

const journal = {
  id: 'j-7',
  operation: 'createInternalTransfer',
  operator: 'fiona',
  operator_name: 'Fiona Finance',
  ref_id: 'r-7',
  state: 'AWAITING_APPROVAL',
  method: 'POST',
  request_path: '/v2/transfer/internal',
  request_body: '{"amount":"125.50"}',
  body_sha256: 'abc',
  attempts: 0,
  response_status: null,
  response: null,
  error: null,
  request_id: 'q-1',
  created_at: '2026-11-22T02:00:00Z',
  updated_at: '2026-11-22T02:00:00Z',
  policy_version: null,
} satisfies JournalEntry;

const held: AwaitingApprovalResult = {
  journal,
  approval: {
    required: true,
    approvers_needed: 2,
    eligible_roles: ['finance', 'admin'],
    expires_at: '2026-11-23T02:00:00Z',
  },
};

describe('a send held for approval', () => {
  it('is told apart from a sent result', () => {
    expect(isAwaitingApproval(held)).toBe(true);
    expect(isAwaitingApproval({ data: {}, journal })).toBe(false);
  });

  it('says nothing was sent, who can approve, and links to the request', () => {
    renderWithProviders(<AwaitingApprovalCard result={held} />);
    const card = screen.getByRole('region', { name: 'Awaiting approval' });
    expect(within(card).getByText(/Nothing was sent yet/)).toHaveTextContent(
      /2 approvals from different operators, by a finance or admin operator other than you/,
    );
    // The heading is the status: no second badge saying the same in capitals.
    expect(within(card).getByRole('heading', { name: 'Awaiting approval' })).toBeInTheDocument();
    expect(within(card).queryByText('AWAITING_APPROVAL')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Open the approval request' })).toHaveAttribute(
      'href',
      '/approvals/j-7',
    );
  });

  it('names roles as a sentence', () => {
    expect(roleList(['support', 'admin'])).toBe('support or admin');
    expect(roleList(['admin', 'finance', 'support'])).toBe('admin, finance or support');
  });
});
