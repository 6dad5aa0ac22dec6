import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError, networkProblem } from '@/lib/api-error';
import { renderWithProviders } from '@/test/render';
import { ErrorState } from './states';

const problem = (status: number, detail: string) =>
  new ApiError({
    type: 'about:blank',
    title: 'Refused',
    status,
    detail,
    code: 'x',
    request_id: 'req-1',
  });

describe('a failed request in words', () => {
  it.each([
    [500, true],
    [502, true],
    [503, true],
    [408, true],
    [429, true],
  ])('tells the operator to try again after a %i, with the button', (status) => {
    renderWithProviders(
      <ErrorState error={problem(status, 'The server failed.')} onRetry={() => {}} />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The server failed. Try again; if it keeps failing');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it.each([400, 403, 404, 409, 422])(
    'never tells the operator to try again after a %i, where the same request is refused again',
    (status) => {
      renderWithProviders(
        <ErrorState
          error={problem(status, 'Nothing was journaled: it could never be carried out.')}
          onRetry={() => {}}
        />,
      );
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('Nothing was journaled: it could never be carried out.');
      expect(alert).not.toHaveTextContent(/try again/i);
      expect(alert).toHaveTextContent('Request id req-1');
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    },
  );

  it('asks to check the connection when no answer came', () => {
    renderWithProviders(
      <ErrorState error={new ApiError(networkProblem('down'))} onRetry={() => {}} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Check your connection, then try again.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
