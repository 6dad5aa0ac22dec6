/**
 * The built-in policy without its passkeys (issue 61): the same rules, thresholds and approvers,
 * no decision signed. The tests of what the built-in policy holds, counts, sends and refuses
 * decide with it, since a passkey changes none of that; what a passkey adds is tested with the
 * built-in policy itself (src/passkeys/passkey-decisions.test.ts). Used by tests only.
 */
import { buildPolicy, type ApprovalPolicy } from '../src/approvals/policy';
import { DEFAULT_POLICY_FILE } from '../src/approvals/policy-file';

export function unsignedDefaultPolicy(): ApprovalPolicy {
  const { passkeys: _passkeys, operations, ...rest } = DEFAULT_POLICY_FILE;
  const unsigned = Object.fromEntries(
    Object.entries(operations).map(([id, { passkey: _passkey, ...rule }]) => [id, rule]),
  );
  return buildPolicy({ ...rest, operations: unsigned });
}
