import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { TestUser } from './test-users';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function page(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test provider</title></head>
<body><main>${body}</main></body></html>`);
}

function loginForm(uid: string, clientId: string, problem?: string): string {
  return `<h1>Sign in to the test provider</h1>
<p>${escape(clientId)} asks who you are.</p>
${problem ? `<p role="alert">${escape(problem)}</p>` : ''}
<form method="post" action="/interaction/${escape(uid)}/login">
  <label for="username">Username</label> <input id="username" name="username" autocomplete="username" autofocus>
  <label for="password">Password</label> <input id="password" name="password" type="password" autocomplete="current-password">
  <button type="submit">Continue</button>
</form>`;
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * The provider's own pages between the authorization request and the redirect back: a login form
 * that checks the test users' passwords, then consent granted at once for the scopes and claims
 * asked (a company's provider does the same for its own applications).
 */
export function interactionHandler(provider: Provider, users: () => TestUser[]) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const details = await provider.interactionDetails(req, res);
    const { uid, prompt, params } = details;
    const clientId = String(params.client_id ?? '');
    if (req.method === 'POST' && req.url?.endsWith('/login')) {
      const form = await formBody(req);
      const user = users().find((u) => u.username === form.get('username'));
      if (!user || user.password !== form.get('password')) {
        page(res, 200, loginForm(uid, clientId, 'Wrong username or password.'));
        return;
      }
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: user.username } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (prompt.name === 'login') {
      page(res, 200, loginForm(uid, clientId));
      return;
    }
    // Consent: everything asked is granted.
    const accountId = details.session?.accountId;
    if (!accountId) throw new Error('consent without a signed-in account');
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId, clientId });
    if (!grant) throw new Error('the grant is gone');
    const missing = prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
  };
}
