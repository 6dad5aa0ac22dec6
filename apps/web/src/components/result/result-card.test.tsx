import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatLocal } from '@/lib/format-time';
import { journalEntry } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { ResultCard } from './result-card';

const made = '2026-11-20T09:00:00Z';
const answered = '2026-11-22T15:30:00Z';
const journal = journalEntry({
  operation: 'createInternalTransfer',
  operator: 'fiona',
  operator_name: 'Fiona Finance',
  created_at: made,
  updated_at: answered,
});
const local = (at: string) => formatLocal(new Date(at));

describe('who sent an answer, and when (issue 66)', () => {
  it('names the maker and the approver whose approval sent it, with when each happened', () => {
    renderWithProviders(
      <ResultCard
        operation="createInternalTransfer"
        data={{ id: 't-1' }}
        journal={journal}
        sentBy="Frank Finance (frank)"
      />,
    );
    const card = screen.getByRole('region', { name: 'Result' });
    expect(card).toHaveTextContent(
      'Made by Fiona Finance (fiona), sent on the approval of Frank Finance (frank)',
    );
    expect(card).toHaveTextContent(`made ${local(made)}, answered ${local(answered)}`);
  });

  it('says the maker sent what needed no approval, when it was made', () => {
    renderWithProviders(
      <ResultCard operation="createInternalTransfer" data={{ id: 't-1' }} journal={journal} />,
    );
    const card = screen.getByRole('region', { name: 'Result' });
    expect(card).toHaveTextContent(`Sent by Fiona Finance (fiona)${local(made)}`);
    expect(card).not.toHaveTextContent(local(answered));
  });
});
