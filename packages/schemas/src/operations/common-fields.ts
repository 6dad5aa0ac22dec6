import { z } from 'zod';
import { assetCode, identifier, uuid } from '../primitives/identifier';
import { metadataSchema } from '../primitives/metadata';

/** Fields that several operations share, with one label each. */

export const refIdField = (
  help = 'Idempotence id: a retry reuses it, so nothing is created twice',
) =>
  identifier('Reference id').meta({
    label: 'Reference id',
    help,
    group: 'advanced',
    kind: 'ref_id',
  });

export const metadataField = (
  label = 'Metadata',
  help = 'Up to 6 key/value pairs, 100 characters each',
) => metadataSchema(label).meta({ label, help, group: 'options', kind: 'metadata' });

/** An id field; `choices` names the list operation whose records the operator can pick from. */
export const idField = (
  label: string,
  group: 'who' | 'what' | 'options' | 'advanced',
  help?: string,
  choices?: string,
) =>
  identifier(label).meta({
    label,
    group,
    ...(help ? { help } : {}),
    ...(choices ? { choices } : {}),
  });

/** A path parameter: a UUID and nothing else, since it becomes a segment of the service's URL. */
export const pathIdField = (
  label: string,
  group: 'who' | 'what' | 'options' | 'advanced',
  help?: string,
  choices?: string,
) =>
  uuid(label).meta({
    label,
    group,
    ...(help ? { help } : {}),
    ...(choices ? { choices } : {}),
  });

export const optional = <T extends z.ZodType>(schema: T) => {
  const meta = schema.meta();
  return meta ? schema.optional().meta(meta) : schema.optional();
};

/**
 * The asset of a request, picked from a list (issue 33, item 4): the assets the service trades
 * and the registry knows, the profile's balances first. Never free text, so `usd` cannot be sent.
 */
export const assetField = (label: string, meta: { help?: string; group: 'what' | 'amount' }) =>
  assetCode(label).meta({
    label,
    ...meta,
    choices: 'listProfileBalances',
    choiceMember: 'asset',
  });

/**
 * An identity or account an order, transfer or orchestration acts for: needed only by an
 * integration acting for end users, so its form keeps it under Advanced.
 */
export const endUserField = (
  label: string,
  choices: 'listIdentities' | 'listAccounts',
  help?: string,
) => optional(idField(label, 'advanced', help, choices));
