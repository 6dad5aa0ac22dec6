import type { SignInOptions } from '@console/schemas';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { SignInPage } from './sign-in-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** No session, and these ways to sign in. */
function answer(options: SignInOptions | 'error') {
  fetchMock.mockImplementation(async (url) =>
    String(url) === '/api/session/options'
      ? options === 'error'
        ? jsonResponse(503, { status: 503, title: 'x' }, 'application/problem+json')
        : jsonResponse(200, options)
      : jsonResponse(401, { status: 401, title: 'x' }, 'application/problem+json'),
  );
}

const SSO = { provider_name: 'Okta', start_path: '/api/session/oidc/start' };

describe('SignInPage', () => {
  it('offers the provider first, focused, and the password form as break-glass', async () => {
    answer({ sso: SSO, password: 'break-glass' });
    renderWithProviders(<SignInPage />, '/sign-in?next=%2Fjournal%3Fstate%3DUNKNOWN');
    const link = await screen.findByRole('link', { name: 'Sign in with Okta' });
    expect(link).toHaveAttribute(
      'href',
      '/api/session/oidc/start?next=%2Fjournal%3Fstate%3DUNKNOWN',
    );
    expect(link).toHaveFocus();
    const form = screen.getByRole('form', { name: 'Break-glass sign-in' });
    expect(form).toHaveTextContent('For local emergency accounts');
    expect(screen.getByRole('button', { name: 'Sign in with a local account' })).toBeVisible();
    // The provider comes before the form in the page's order.
    expect(link.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows no password form when single sign-on is the only way in', async () => {
    answer({ sso: SSO, password: null });
    renderWithProviders(<SignInPage />, '/sign-in');
    await screen.findByRole('link', { name: 'Sign in with Okta' });
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('is the password form alone without single sign-on, or when the options cannot be read', async () => {
    for (const options of [{ sso: null, password: 'primary' } as const, 'error' as const]) {
      answer(options);
      const { unmount } = renderWithProviders(<SignInPage />, '/sign-in');
      expect(await screen.findByRole('button', { name: 'Sign in' })).toBeVisible();
      expect(screen.getByLabelText('Username')).toHaveFocus();
      expect(screen.queryByRole('link', { name: /Sign in with/ })).not.toBeInTheDocument();
      unmount();
    }
  });

  it.each([
    ['no-role', 'alert', 'Okta knows you, but none of your groups gives access to the console.'],
    ['failed', 'alert', 'could not be verified, so it was refused'],
    ['expired', 'alert', 'took too long or was begun in another window'],
    ['signed-out', 'status', 'You are signed out of the console and of Okta.'],
  ])('says why a single sign-on came back: %s', async (outcome, role, words) => {
    answer({ sso: SSO, password: 'break-glass' });
    renderWithProviders(<SignInPage />, `/sign-in?sso=${outcome}`);
    await screen.findByRole('link', { name: 'Sign in with Okta' });
    expect(screen.getByRole(role)).toHaveTextContent(words);
  });

  it('ignores an outcome it does not know', async () => {
    answer({ sso: SSO, password: 'break-glass' });
    renderWithProviders(<SignInPage />, '/sign-in?sso=<script>');
    await screen.findByRole('link', { name: 'Sign in with Okta' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
