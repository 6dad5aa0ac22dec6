import {
  parseWith,
  RegisterPasskeySchema,
  RenamePasskeySchema,
  type Passkey,
  type PasskeyList,
} from '@console/schemas';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../context';
import { problems } from '../errors';
import {
  registerPasskey,
  registrationOptions,
  requireFreshSignIn,
  type PasskeyDeps,
} from '../passkeys/passkey-registration';
import type { StoredPasskey } from '../passkeys/passkey-store';
import { jsonBody } from './request-body';
import type { RouteDef } from './route-table';

/** What the browser sees of a passkey: never its counter, and its public key only in proofs. */
function shown({ public_key: _key, sign_count: _count, ...passkey }: StoredPasskey): Passkey {
  return passkey;
}

async function parsed<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.infer<S>> {
  const result = parseWith(schema, await jsonBody(c));
  if (!result.ok) throw problems.validation(result.errors);
  return result.value;
}

/**
 * Passkeys (issue 61): an operator registers, lists, renames and revokes their own; an admin
 * lists everyone's, confirms another operator's pending one and revokes anyone's (a lost key).
 * Another operator's passkey answers 404 to a non-admin, as if it did not exist.
 */
export function passkeyRoutes(deps: PasskeyDeps): RouteDef[] {
  const own = async (c: Context<AppEnv>, admins = false): Promise<StoredPasskey> => {
    const operator = c.get('operator')!;
    const passkey = await deps.passkeys.get(c.req.param('id') ?? '');
    const mayTouch =
      passkey && (passkey.username === operator.username || (admins && operator.role === 'admin'));
    if (!mayTouch) throw problems.notFound('There is no passkey of yours with this id.');
    return passkey;
  };
  return [
    {
      method: 'GET',
      path: '/api/passkeys',
      permission: { kind: 'signed-in' },
      handler: async (c) => {
        const body: PasskeyList = {
          items: (await deps.passkeys.list(c.get('operator')!.username)).map(shown),
        };
        return c.json(body);
      },
    },
    {
      method: 'GET',
      path: '/api/passkeys/all',
      permission: { kind: 'admin' },
      handler: async (c) => {
        const body: PasskeyList = { items: (await deps.passkeys.list(undefined)).map(shown) };
        return c.json(body);
      },
    },
    {
      method: 'POST',
      path: '/api/passkeys/register/options',
      permission: { kind: 'signed-in' },
      handler: async (c) => {
        requireFreshSignIn(c.get('sessionSignedInAt'), deps.now());
        return c.json(await registrationOptions(deps, c.get('operator')!));
      },
    },
    {
      method: 'POST',
      path: '/api/passkeys/register/verify',
      permission: { kind: 'signed-in' },
      handler: async (c) => {
        requireFreshSignIn(c.get('sessionSignedInAt'), deps.now());
        const input = await parsed(c, RegisterPasskeySchema);
        const passkey = await registerPasskey(
          deps,
          c.get('operator')!,
          { name: input.name, response: input.response as unknown as RegistrationResponseJSON },
          c.get('requestId'),
        );
        return c.json(shown(passkey as StoredPasskey), 201);
      },
    },
    {
      method: 'PUT',
      path: '/api/passkeys/:id',
      permission: { kind: 'signed-in' },
      handler: async (c) => {
        const passkey = await own(c);
        const { name } = await parsed(c, RenamePasskeySchema);
        return c.json(shown((await deps.passkeys.rename(passkey.id, name))!));
      },
    },
    {
      method: 'DELETE',
      path: '/api/passkeys/:id',
      permission: { kind: 'signed-in' },
      handler: async (c) => {
        const operator = c.get('operator')!;
        const passkey = await own(c, true);
        const revoked = await deps.passkeys.revoke(
          passkey.id,
          operator.username,
          new Date(deps.now()),
        );
        if (!revoked) throw problems.conflict('This passkey was revoked already.');
        await deps.securityEvents.record({
          kind: 'passkey-revoked',
          username: passkey.username,
          actor: operator.username,
          requestId: c.get('requestId'),
          detail: `“${passkey.name}” (${passkey.id})`,
        });
        return c.json(shown(revoked));
      },
    },
    {
      method: 'POST',
      path: '/api/passkeys/:id/confirm',
      permission: { kind: 'admin' },
      handler: async (c) => {
        const operator = c.get('operator')!;
        const passkey = await own(c, true);
        if (passkey.username === operator.username) {
          throw problems.forbidden(
            'Another admin confirms your passkey: nobody confirms their own.',
          );
        }
        const confirmed = await deps.passkeys.confirm(
          passkey.id,
          operator.username,
          new Date(deps.now()),
        );
        if (!confirmed) throw problems.conflict(`This passkey is ${passkey.state}, not pending.`);
        await deps.securityEvents.record({
          kind: 'passkey-confirmed',
          username: passkey.username,
          actor: operator.username,
          requestId: c.get('requestId'),
          detail: `“${passkey.name}” (${passkey.id})`,
        });
        return c.json(shown(confirmed));
      },
    },
  ];
}
