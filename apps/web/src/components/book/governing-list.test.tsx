import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { GoverningList, type DestinationList } from './governing-list';

describe('each destinations page says which list governs sends (issue 60, item 5)', () => {
  it.each<[DestinationList, string, string, string]>([
    [
      'allowed-destinations',
      'This is the list the approval policy checks',
      'address book',
      '/destination-addresses',
    ],
    [
      'address-book',
      'not the one the approval policy checks',
      'Allowed destinations',
      '/destinations',
    ],
  ])('on %s', (here, says, other, href) => {
    renderWithProviders(<GoverningList here={here} />);
    const note = screen.getByTestId('governing-list');
    expect(note).toHaveTextContent(says);
    expect(within(note).getByRole('link', { name: other })).toHaveAttribute('href', href);
  });
});
