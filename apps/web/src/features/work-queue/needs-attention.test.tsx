import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { NeedsAttention } from './needs-attention';

describe('Needs attention', () => {
  it('counts open reconciliation differences by kind, "sent, not at the service" first', async () => {
    renderWithProviders(
      <NeedsAttention items={[]} reconciliation={{ open_by_kind: { amount: 3, absent: 2 } }} />,
    );
    const link = await screen.findByRole('link', { name: '5 open reconciliation differences' });
    expect(link.getAttribute('href')).toBe('/reconciliation');
    const item = link.closest('li')!;
    expect(item.textContent).toMatch(/2 sent, not at the service.*3 amount differs/);
    expect(screen.queryByText('Nothing needs attention.')).toBeNull();
  });

  it.each([
    ['no reconciliation for the role', undefined],
    ['a clean reconciliation', { open_by_kind: {} }],
  ])('says nothing needs attention with %s', async (_, reconciliation) => {
    renderWithProviders(<NeedsAttention items={[]} reconciliation={reconciliation} />);
    expect(await screen.findByText('Nothing needs attention.')).toBeTruthy();
  });
});
