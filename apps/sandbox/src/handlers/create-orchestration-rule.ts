import { iso } from '../clock';
import { profileOr404 } from '../state/balances';
import { requireIdentityAccount } from '../state/identities';
import { checkAssets, checkRails } from '../state/rails';
import { newId } from '../state/random';
import { ruleSource } from '../state/rules';
import { rememberRef, requireFreshRef } from '../state/refs';
import type { Handler } from './types';

/**
 * Create Orchestration Rule: created ACTIVE; a matching deposit (POST /sandbox/deposits) fires it.
 * A source naming only its rail gets a new deposit address or new deposit instructions.
 */
export const createOrchestrationRule: Handler<'createOrchestrationRule'> = ({
  body,
  state,
  now,
}) => {
  const profile = profileOr404(state, body.profile_id);
  requireIdentityAccount(state, body.identity_id, body.account_id, {
    identity: 'identity_id',
    account: 'account_id',
  });
  checkAssets(state, body.source_asset, body.destination_asset, now);
  checkRails(state, body.source, body.destination);
  requireFreshRef(state, 'rule', body.ref_id, now);
  const source = ruleSource(state, profile, body.source, body.source_asset, now, body.identity_id);
  const rule = {
    id: newId(),
    ref_id: body.ref_id,
    ...(body.nickname !== undefined ? { nickname: body.nickname } : {}),
    profile_id: profile.id,
    ...(body.identity_id ? { identity_id: body.identity_id } : {}),
    ...(body.account_id ? { account_id: body.account_id } : {}),
    status: 'ACTIVE',
    source_asset: body.source_asset,
    destination_asset: body.destination_asset,
    source,
    ...(body.destination ? { destination: structuredClone(body.destination) } : {}),
    created_at: iso(now),
  };
  state.rules.set(rule.id, rule);
  const answer = { rule };
  rememberRef(state, 'rule', body.ref_id, answer);
  return structuredClone(answer);
};
