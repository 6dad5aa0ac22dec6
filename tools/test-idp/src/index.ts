/**
 * A real OpenID provider for the tests of single sign-on: `oidc-provider` (certified, the same
 * library many companies' providers are built on) on a loopback port, with a login page, the
 * test users of `test-users.ts`, back-channel and RP-initiated logout, and a signing key made at
 * start. Never part of the console itself.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';
import Provider, { type ClientMetadata } from 'oidc-provider';
import { interactionHandler } from './login-page';
import { memoryAdapter } from './memory-adapter';
import { testUsers, type TestUser } from './test-users';

export { testUsers, TEST_ROLE_MAP, type TestUser } from './test-users';

/** A client (relying party) registered at the provider. */
export type TestClient = ClientMetadata;

export interface TestProviderOptions {
  /** Where it listens: 127.0.0.1 unless given. */
  host?: string;
  /**
   * The host name in its issuer, when not the one it listens on: `localhost` makes the provider
   * another site than a console on 127.0.0.1, as a company's provider is.
   */
  issuerHost?: string;
  /** 0 (the default): any free port. */
  port?: number;
  users?: TestUser[];
  /** How long ID tokens live. */
  idTokenTtlSeconds?: number;
}

/** A running provider. */
export interface TestProvider {
  /** Its issuer identifier (`http://127.0.0.1:<port>`), where discovery is found. */
  issuer: string;
  users: TestUser[];
  user(username: string): TestUser;
  /**
   * Registers the clients and starts answering: a client's addresses name the console, whose port
   * may be known only after the provider's, so they come last.
   */
  register(clients: TestClient[]): void;
  /**
   * Signs a JWT as the provider would, with its own key, or with a key the provider never
   * published under the same key id (`stranger`): what a forged token looks like.
   */
  sign(
    claims: JWTPayload,
    options?: { key?: 'provider' | 'stranger'; typ?: string },
  ): Promise<string>;
  /**
   * The `id_token` of the next token response is replaced by what `replace` makes of the one the
   * provider issued: a token endpoint that answers with another issuer's or audience's token.
   */
  replaceNextIdToken(replace: (issued: JWTPayload) => Promise<string>): void;
  close(): Promise<void>;
}

/**
 * Starts the provider.
 *
 * @example
 * const idp = await startTestProvider();
 * idp.register([{ client_id: 'console', client_secret: 's', redirect_uris: [callback] }]);
 */
export async function startTestProvider(options: TestProviderOptions = {}): Promise<TestProvider> {
  const users = options.users ?? testUsers();
  const keyId = `test-${randomBytes(4).toString('hex')}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const stranger = (await generateKeyPair('RS256', { extractable: true })).privateKey;
  const privateJwk: JWK = {
    ...(await exportJWK(privateKey)),
    kid: keyId,
    alg: 'RS256',
    use: 'sig',
  };

  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server = createServer((req, res) => {
    if (!handle) {
      res.writeHead(503).end();
      return;
    }
    handle(req, res);
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${options.issuerHost ?? options.host ?? '127.0.0.1'}:${port}`;
  let replaceNext: ((issued: JWTPayload) => Promise<string>) | undefined;

  const register = (clients: TestClient[]) => {
    const provider = new Provider(issuer, {
      adapter: memoryAdapter(),
      clients,
      jwks: { keys: [privateJwk] },
      cookies: { keys: [randomBytes(32).toString('base64url')] },
      async findAccount(_ctx, sub) {
        const user = users.find((u) => u.username === sub);
        if (!user) return undefined;
        return {
          accountId: sub,
          claims: async () => ({
            sub,
            name: user.name,
            preferred_username: user.username,
            email: user.email,
            groups: user.groups,
          }),
        };
      },
      claims: {
        openid: ['sub'],
        profile: ['name', 'preferred_username'],
        email: ['email'],
        groups: ['groups'],
      },
      features: {
        devInteractions: { enabled: false },
        backchannelLogout: { enabled: true },
        rpInitiatedLogout: {
          enabled: true,
          logoutSource: async (ctx, form) => {
            ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign out</title></head>
<body><main><h1>Sign out of the test provider?</h1>${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">Yes, sign me out</button>
<button type="submit" form="op.logoutForm">No, stay signed in</button></main></body></html>`;
          },
          postLogoutSuccessSource: async (ctx) => {
            ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signed out</title></head>
<body><main><h1>Signed out of the test provider</h1></main></body></html>`;
          },
        },
      },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      ttl: {
        IdToken: options.idTokenTtlSeconds ?? 3600,
        AccessToken: 600,
        AuthorizationCode: 60,
        Interaction: 600,
        Session: 3600,
        Grant: 3600,
      },
      pkce: { required: () => true },
    });
    provider.on('server_error', (_ctx, error) => process.stderr.write(`test-idp: ${error}\n`));
    provider.use(async (ctx, next) => {
      await next();
      const replace = replaceNext;
      const body = ctx.body as { id_token?: string } | undefined;
      if (ctx.path === '/token' && ctx.status === 200 && replace && body?.id_token) {
        replaceNext = undefined;
        ctx.body = { ...body, id_token: await replace(decodeJwt(body.id_token)) };
      }
    });
    const interactions = interactionHandler(provider, () => users);
    const callback = provider.callback();
    handle = (req, res) => {
      if (req.url?.startsWith('/interaction/')) {
        interactions(req, res).catch((error: unknown) => {
          res.writeHead(400, { 'Content-Type': 'text/plain' }).end(String(error));
        });
        return;
      }
      // Koa's handler answers its own errors: its promise never rejects.
      void callback(req, res);
    };
  };

  return {
    issuer,
    users,
    user(username) {
      const found = users.find((u) => u.username === username);
      if (!found) throw new Error(`no test user ${username}`);
      return found;
    },
    register,
    async sign(claims, signOptions = {}) {
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: keyId, typ: signOptions.typ ?? 'JWT' })
        .sign(signOptions.key === 'stranger' ? stranger : privateKey);
    },
    replaceNextIdToken(replace) {
      replaceNext = replace;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
