/**
 * Single sign-on settings from the `OIDC_*` variables, checked with the rest of the configuration
 * (`env.ts` reads them; this module only validates what it is given).
 */
import { ROLES, type Role } from '@console/schemas';

/** One entry of `OIDC_ROLE_MAP`: a value of the role claim and the console role it grants. */
export interface RoleMapEntry {
  group: string;
  role: Role;
}

/** How the BFF proves itself to the provider's token endpoint. */
export type OidcClientAuth =
  | { kind: 'client-secret'; secret: string }
  | { kind: 'private-key-jwt'; pem: string; kid: string | undefined; file: string };

/** The validated `OIDC_*` settings. Secrets are values here; never logged. */
export interface OidcSettings {
  /** The issuer identifier, exactly as the provider's discovery document names it. */
  issuer: string;
  clientId: string;
  clientAuth: OidcClientAuth;
  /** Where the role is in the claims: a name, or a dotted path (`realm_access.roles`). */
  roleClaim: string;
  /** In order: the first entry whose group the person holds gives the role. */
  roleMap: RoleMapEntry[];
  /** Shown on the sign-in page: "Sign in with <providerName>". */
  providerName: string;
  /** Space-separated, `openid` among them. */
  scopes: string;
  /** The issuer is `http://` on a loopback address (tests, a provider on this machine). */
  insecureLoopback: boolean;
}

/**
 * Parses `OIDC_ROLE_MAP`: `group=role` pairs separated by commas, in the order that decides
 * between two groups. A group may itself hold `=` (the last one separates the role).
 *
 * @example
 * parseRoleMap('console-finance=finance,console-support=support');
 */
export function parseRoleMap(text: string): { map: RoleMapEntry[]; problems: string[] } {
  const map: RoleMapEntry[] = [];
  const problems: string[] = [];
  for (const raw of text.split(',')) {
    const pair = raw.trim();
    if (pair === '') continue;
    const eq = pair.lastIndexOf('=');
    const group = eq > 0 ? pair.slice(0, eq).trim() : '';
    const role = eq > 0 ? pair.slice(eq + 1).trim() : '';
    if (!group || !role) {
      problems.push(`OIDC_ROLE_MAP: "${pair}" is not group=role`);
    } else if (!(ROLES as readonly string[]).includes(role)) {
      problems.push(`OIDC_ROLE_MAP: "${role}" is not a role (${ROLES.join(', ')})`);
    } else if (map.some((entry) => entry.group === group)) {
      problems.push(`OIDC_ROLE_MAP: the group "${group}" is given twice`);
    } else {
      map.push({ group, role: role as Role });
    }
  }
  if (map.length === 0 && problems.length === 0) {
    problems.push('OIDC_ROLE_MAP: required with OIDC_ISSUER (e.g. console-finance=finance)');
  }
  return { map, problems };
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Checks the issuer: https, or http on a loopback address only. */
function checkIssuer(issuer: string, problems: string[]): boolean {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    problems.push('OIDC_ISSUER: must be a URL');
    return false;
  }
  if (url.protocol === 'https:') return false;
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return true;
  problems.push('OIDC_ISSUER: must be https:// (plain http only on a loopback address)');
  return false;
}

/**
 * The single sign-on settings, or undefined when `OIDC_ISSUER` is unset. Every problem is added
 * to `problems`, one line per variable, for the one start-up message. The private key is read by
 * the caller (`readKey`), which owns the file checks shared with the signing key.
 */
export function oidcSettingsFromVariables(
  vars: Record<string, string | undefined>,
  problems: string[],
  readKey: (variable: string, file: string) => string | undefined,
): OidcSettings | undefined {
  const issuer = vars.OIDC_ISSUER;
  if (!issuer) {
    const stray = Object.keys(vars).filter((key) => key.startsWith('OIDC_') && vars[key]);
    if (stray.length > 0) problems.push(`OIDC_ISSUER: required with ${stray.sort().join(', ')}`);
    return undefined;
  }
  const before = problems.length;
  const insecureLoopback = checkIssuer(issuer, problems);
  const clientId = vars.OIDC_CLIENT_ID;
  if (!clientId) problems.push('OIDC_CLIENT_ID: required with OIDC_ISSUER');

  let clientAuth: OidcClientAuth | undefined;
  const secret = vars.OIDC_CLIENT_SECRET;
  const keyFile = vars.OIDC_PRIVATE_KEY_FILE;
  if (secret && keyFile) {
    problems.push('OIDC_CLIENT_SECRET and OIDC_PRIVATE_KEY_FILE: set only one of them');
  } else if (secret) {
    clientAuth = { kind: 'client-secret', secret };
  } else if (keyFile) {
    const pem = readKey('OIDC_PRIVATE_KEY_FILE', keyFile);
    if (pem) {
      clientAuth = { kind: 'private-key-jwt', pem, kid: vars.OIDC_PRIVATE_KEY_ID, file: keyFile };
    }
  } else {
    problems.push(
      'OIDC_CLIENT_SECRET: required with OIDC_ISSUER (or OIDC_CLIENT_SECRET_FILE, or OIDC_PRIVATE_KEY_FILE for a private-key JWT)',
    );
  }

  const { map: roleMap, problems: mapProblems } = parseRoleMap(vars.OIDC_ROLE_MAP ?? '');
  problems.push(...mapProblems);
  const roleClaim = vars.OIDC_ROLE_CLAIM ?? 'groups';
  if (!/^[A-Za-z0-9_:/.-]{1,200}$/.test(roleClaim) || roleClaim.split('.').includes('')) {
    problems.push('OIDC_ROLE_CLAIM: a claim name, or a dotted path to one');
  }
  const scopes = (vars.OIDC_SCOPES ?? 'openid profile email').split(/[\s,]+/).filter(Boolean);
  if (!scopes.includes('openid')) problems.push('OIDC_SCOPES: must include openid');

  if (problems.length > before || !clientId || !clientAuth) return undefined;
  return {
    issuer,
    clientId,
    clientAuth,
    roleClaim,
    roleMap,
    providerName: vars.OIDC_PROVIDER_NAME ?? new URL(issuer).host,
    scopes: scopes.join(' '),
    insecureLoopback,
  };
}
