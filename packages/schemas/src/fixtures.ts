import type { z } from 'zod';
import {
  operations,
  type Operations,
  type ReadOperationId,
  type WriteOperationId,
} from './registry';

export { DEMO_IDS, newRefId } from './demo-ids';

type Input<Id extends WriteOperationId> = z.input<Operations[Id]['request']>;

/**
 * A valid example input of an operation (its entry's `example`), fresh on each call (a new
 * ref_id where one is required), for the tests of every package and for a new operator's first
 * try.
 */
export function exampleInput<Id extends WriteOperationId>(id: Id): Input<Id> {
  return operations[id].example() as Input<Id>;
}

/**
 * The query parameters a read cannot do without (List Transfer Limits' `transfer_type`, List
 * Prices' `markets`), with the values of its example: what a test adds to any other query it
 * sends, so that only what it means to test is wrong.
 */
export function requiredQuery(id: ReadOperationId): Record<string, string | string[]> {
  const example = operations[id].example().query ?? {};
  return Object.fromEntries(
    Object.entries(operations[id].shape.query)
      .filter(([, schema]) => !(schema as z.ZodType).safeParse(undefined).success)
      .map(([name]) => [name, example[name] as string | string[]]),
  );
}

/**
 * The service path (with its query) of a read's example (its entry's `example`): a request the
 * demo seed answers, for the tests of every package.
 *
 * @example
 * exampleReadPath('getTransfer'); // '/v2/transfer/transfers/1f2e…'
 */
export function exampleReadPath(id: ReadOperationId): string {
  const { params = {}, query = {} } = operations[id].example();
  return operations[id].toPath(params, query);
}
