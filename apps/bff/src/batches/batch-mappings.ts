/**
 * The mappings operators gave for a file's header (issue 39), remembered per operator, operation
 * and header, so that the next file with the same columns is mapped as they mapped the last.
 */
import type { BatchMapping, BatchOperation } from '@console/schemas';
import { jsonb, type Db } from '../db/db';

export function createBatchMappings(db: Db) {
  return {
    /** The mapping an operator gave for this header and operation, if they gave one. */
    async rememberedMapping(
      operator: string,
      operation: BatchOperation,
      columns: string[],
    ): Promise<BatchMapping | undefined> {
      const [found] = await db.query<{ mapping: BatchMapping }>(
        `select mapping from batch_mappings
         where operator = $1 and operation = $2 and header_key = $3`,
        [operator, operation, JSON.stringify(columns)],
      );
      return found?.mapping;
    },

    async rememberMapping(
      operator: string,
      operation: BatchOperation,
      columns: string[],
      mapping: BatchMapping,
    ): Promise<void> {
      await db.query(
        `insert into batch_mappings (operator, operation, header_key, mapping)
         values ($1, $2, $3, $4::text::jsonb)
         on conflict (operator, operation, header_key)
           do update set mapping = excluded.mapping, updated_at = now()`,
        [operator, operation, JSON.stringify(columns), jsonb(mapping)],
      );
    },
  };
}
