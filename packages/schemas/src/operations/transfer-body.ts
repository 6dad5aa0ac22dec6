import { positiveDecimalString } from '../primitives/decimal';
import {
  assetField,
  endUserField,
  idField,
  metadataField,
  optional,
  refIdField,
} from './common-fields';
import type { OperationRules } from './define-operation';

/** Create Internal Transfer and Create Svc Transfer take the same fields and rules (spec §5). */
export const transferBodyShape = {
  from_profile_id: idField('From profile', 'who', 'The profile sending funds', 'listProfiles'),
  from_identity_id: endUserField('From identity', 'listIdentities', 'The sending user'),
  from_account_id: endUserField(
    'From account',
    'listAccounts',
    'Needed only by integrations acting for end users',
  ),
  to_profile_id: idField('To profile', 'who', 'The profile receiving funds', 'listProfiles'),
  to_identity_id: endUserField('To identity', 'listIdentities', 'The receiving user'),
  to_account_id: endUserField(
    'To account',
    'listAccounts',
    'Needed only by integrations acting for end users',
  ),
  asset: assetField('Asset', { help: 'For example USD, BTC or ETH', group: 'amount' }),
  amount: positiveDecimalString('Amount').meta({
    label: 'Amount',
    group: 'amount',
    kind: 'decimal',
    asset: 'asset',
  }),
  ref_id: optional(refIdField()),
  metadata: optional(metadataField('Metadata', 'For the sender side; up to 6 pairs')),
  recipient_metadata: optional(
    metadataField('Recipient metadata', 'For the recipient side; up to 6 pairs'),
  ),
};

type TransferBody = {
  from_profile_id: string;
  to_profile_id: string;
  from_account_id?: string | undefined;
  to_account_id?: string | undefined;
};

/** A transfer that names the same profile and account on both sides moves nothing: a typing mistake. */
export const transferRules: OperationRules<TransferBody> = (body, report) => {
  if (body.from_profile_id === body.to_profile_id && body.from_account_id === body.to_account_id) {
    report(['to_profile_id'], 'To profile must differ from the from profile');
  }
};
