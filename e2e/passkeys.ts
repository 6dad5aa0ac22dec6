import type { Page } from '@playwright/test';

/**
 * A passkey in Chromium for the e2e specs (issue 61): a virtual authenticator of the DevTools
 * WebAuthn domain, with user verification, as a platform authenticator would have. WebAuthn
 * takes no IP address as its RP ID: a page that uses it is opened at `localhost`.
 */
export async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

/** The console's address with `localhost` for its loopback IP, where WebAuthn works. */
export const onLocalhost = (url: string) => url.replace('//127.0.0.1:', '//localhost:');
