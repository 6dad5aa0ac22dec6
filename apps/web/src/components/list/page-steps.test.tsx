import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { PageSteps } from './page-steps';

function Stepper({ pages, first = 0 }: { pages: number; first?: number }) {
  const [page, setPage] = useState(first);
  return <PageSteps page={page} pages={pages} onPage={setPage} />;
}

describe('PageSteps', () => {
  it('shows nothing when everything fits on one page', () => {
    renderWithProviders(<Stepper pages={1} />);
    expect(screen.queryByRole('group', { name: 'Pages of rows' })).toBeNull();
  });

  it('steps forward and back, unable to step past either end', () => {
    renderWithProviders(<Stepper pages={3} />);
    const previous = screen.getByRole('button', { name: 'Previous page' });
    const next = screen.getByRole('button', { name: 'Next page' });
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(previous).toBeDisabled();
    fireEvent.click(next);
    fireEvent.click(next);
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(next).toBeDisabled();
    fireEvent.click(previous);
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(previous).toBeEnabled();
    expect(next).toBeEnabled();
  });
});
