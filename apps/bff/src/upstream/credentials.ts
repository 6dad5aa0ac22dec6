/**
 * OAuth 2 client credentials per scope group: a default client, plus named clients that each own
 * a list of scopes (for example one client for fiat accounts). A scope is served by the named
 * client that lists it, otherwise by the default client.
 */

/** One OAuth 2 client. The secret is never logged or put in an error message. */
export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/** A named client that serves the scopes it lists. */
export interface ScopedClient extends ClientCredentials {
  /** The group name as configured (`SVC_CLIENT_<NAME>_…`), lower-cased, such as `fiat`. */
  name: string;
  scopes: readonly string[];
}

/** Every client the BFF may use. */
export interface CredentialSet {
  default: ClientCredentials;
  groups?: readonly ScopedClient[];
}

/** The client chosen for a scope; `name` is `default` or the group's name. */
export interface ResolvedClient extends ClientCredentials {
  name: string;
}

/**
 * The client that requests tokens for `scope`: the first group listing it, else the default.
 *
 * @example
 * clientForScope(set, 'transfer:write_fiat_account'); // { name: 'fiat', clientId: '…', … }
 */
export function clientForScope(set: CredentialSet, scope: string): ResolvedClient {
  const group = set.groups?.find((candidate) => candidate.scopes.includes(scope));
  if (group)
    return { name: group.name, clientId: group.clientId, clientSecret: group.clientSecret };
  return { name: 'default', ...set.default };
}

/** Problems of a credential set, worded for the start-up message: empty when it is usable. */
export function credentialSetProblems(set: CredentialSet): string[] {
  const problems: string[] = [];
  if (!set.default.clientId || !set.default.clientSecret) {
    problems.push('SVC_CLIENT_ID and SVC_CLIENT_SECRET must both be set');
  }
  const owner = new Map<string, string>();
  for (const group of set.groups ?? []) {
    const prefix = `SVC_CLIENT_${group.name.toUpperCase()}`;
    if (!group.clientId) problems.push(`${prefix}_ID must be set`);
    if (!group.clientSecret) problems.push(`${prefix}_SECRET must be set`);
    if (group.scopes.length === 0) problems.push(`${prefix}_SCOPES must list at least one scope`);
    for (const scope of group.scopes) {
      const first = owner.get(scope);
      if (first && first !== group.name) {
        problems.push(
          `scope ${scope} is listed by both SVC_CLIENT_${first.toUpperCase()}_SCOPES and ${prefix}_SCOPES`,
        );
      }
      owner.set(scope, first ?? group.name);
    }
  }
  return problems;
}

const GROUP_VARIABLE = /^SVC_CLIENT_([A-Z0-9]+(?:_[A-Z0-9]+)*)_(ID|SECRET|SCOPES)$/;

/**
 * Reads a credential set from variables shaped like the environment (a plain record, so that the
 * env layer stays the one reader of `process.env`): `SVC_CLIENT_ID`, `SVC_CLIENT_SECRET`, and per
 * group `SVC_CLIENT_<NAME>_ID`, `SVC_CLIENT_<NAME>_SECRET`, `SVC_CLIENT_<NAME>_SCOPES` (scopes
 * separated by spaces or commas). Returns the set and its problems; the caller decides to refuse.
 *
 * @example
 * credentialSetFromVariables({ SVC_CLIENT_ID: 'a', SVC_CLIENT_SECRET: 's',
 *   SVC_CLIENT_FIAT_ID: 'b', SVC_CLIENT_FIAT_SECRET: 't',
 *   SVC_CLIENT_FIAT_SCOPES: 'transfer:write_fiat_account' });
 */
export function credentialSetFromVariables(vars: Record<string, string | undefined>): {
  set: CredentialSet;
  problems: string[];
} {
  const groups = new Map<string, { id?: string; secret?: string; scopes?: string }>();
  for (const [key, value] of Object.entries(vars)) {
    const match = GROUP_VARIABLE.exec(key);
    if (!match || value === undefined) continue;
    const [, name = '', part] = match;
    const group = groups.get(name) ?? {};
    if (part === 'ID') group.id = value;
    else if (part === 'SECRET') group.secret = value;
    else group.scopes = value;
    groups.set(name, group);
  }
  const set: CredentialSet = {
    default: { clientId: vars.SVC_CLIENT_ID ?? '', clientSecret: vars.SVC_CLIENT_SECRET ?? '' },
    groups: [...groups].map(([name, group]) => ({
      name: name.toLowerCase(),
      clientId: group.id ?? '',
      clientSecret: group.secret ?? '',
      scopes: (group.scopes ?? '').split(/[\s,]+/).filter(Boolean),
    })),
  };
  return { set, problems: credentialSetProblems(set) };
}
