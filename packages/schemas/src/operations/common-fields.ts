import { z } from 'zod';
import { identifier, uuid } from '../primitives/identifier';
import { metadataSchema } from '../primitives/metadata';

/** Fields that several operations share, with one label each. */

export const refIdField = (
  help = 'Idempotence id: a retry reuses it, so nothing is created twice',
) =>
  identifier('Reference id').meta({
    label: 'Reference id',
    help,
    group: 'options',
    kind: 'ref_id',
  });

export const metadataField = (
  label = 'Metadata',
  help = 'Up to 6 key/value pairs, 100 characters each',
) => metadataSchema(label).meta({ label, help, group: 'options', kind: 'metadata' });

/** An id field; `choices` names the list operation whose records the operator can pick from. */
export const idField = (
  label: string,
  group: 'who' | 'what' | 'options',
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
  group: 'who' | 'what' | 'options',
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
