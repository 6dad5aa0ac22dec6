/**
 * Statements as reconciliation's third side (issue 64, migration 036): the mapping saved per
 * source, a statement's lines (only the mapped fields), and its differences, each kept once with
 * the three sides. A statement waits for the run over its period; when the run has read the
 * service, `matchWaiting` matches every statement of that run with the same sends and records,
 * so a statement never reads the service on its own.
 */
import type {
  Statement,
  StatementDifference,
  StatementMapping,
  StatementSide,
} from '@console/schemas';
import { jsonb, utcText, type Db, type Queryable } from '../db/db';
import type { JournalSend, MatchOptions, ServiceRecord } from './match-types';
import { matchStatement } from './statement-match';
import type { StatementLine } from './statement-read';

const COLUMNS = `id::text as id, source, file_name, ${utcText('period_from')} as "from",
  ${utcText('period_to')} as "to", state, run_id::text as run_id, lines, matched, differences,
  uploaded_by, ${utcText('uploaded_at')} as uploaded_at, ${utcText('matched_at')} as matched_at`;

export interface NewStatement {
  id: string;
  source: string;
  file_name: string;
  from: string;
  to: string;
  run_id: string;
  uploaded_by: string;
  lines: readonly StatementLine[];
}

async function linesOf(q: Queryable, statementId: string): Promise<StatementLine[]> {
  return q.query<StatementLine>(
    `select line, to_char(booked_on, 'YYYY-MM-DD') as date, amount, asset, direction, reference,
       description
     from recon_statement_lines where statement_id = $1 order by line`,
    [statementId],
  );
}

export function createStatementStore(db: Db) {
  return {
    async savedMapping(source: string): Promise<StatementMapping | undefined> {
      const [row] = await db.query<{ mapping: StatementMapping }>(
        'select mapping from recon_statement_mappings where source = $1',
        [source],
      );
      return row?.mapping;
    },

    /** Stores a statement, its lines and its source's mapping, in one transaction. */
    async create(statement: NewStatement, mapping: StatementMapping): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.query(
          `insert into recon_statement_mappings (source, mapping, updated_by)
           values ($1, $2::text::jsonb, $3)
           on conflict (source) do update set mapping = excluded.mapping,
             updated_by = excluded.updated_by, updated_at = now()`,
          [statement.source, jsonb(mapping), statement.uploaded_by],
        );
        await tx.query(
          `insert into recon_statements (id, source, file_name, period_from, period_to, run_id,
             state, lines, uploaded_by)
           values ($1, $2, $3, $4, $5, $6, 'matching', $7, $8)`,
          [
            statement.id,
            statement.source,
            statement.file_name,
            statement.from,
            statement.to,
            statement.run_id,
            statement.lines.length,
            statement.uploaded_by,
          ],
        );
        for (const l of statement.lines) {
          await tx.query(
            `insert into recon_statement_lines (statement_id, line, booked_on, amount, asset,
               direction, reference, description)
             values ($1, $2, $3::date, $4, $5, $6, $7, $8)`,
            [
              statement.id,
              l.line,
              l.date,
              l.amount,
              l.asset,
              l.direction,
              l.reference,
              l.description,
            ],
          );
        }
      });
    },

    /**
     * Matches every statement waiting for `runId` with the run's sends and records, and keeps
     * each difference once; how many were matched.
     */
    async matchWaiting(
      runId: string,
      sends: readonly JournalSend[],
      records: readonly ServiceRecord[],
      options: Pick<MatchOptions, 'sampleBefore'>,
    ): Promise<number> {
      const waiting = await db.query<{ id: string }>(
        `select id::text as id from recon_statements where run_id = $1 and state = 'matching'`,
        [runId],
      );
      for (const { id } of waiting) {
        const lines = await linesOf(db, id);
        const { findings, matched } = matchStatement(lines, sends, records, options);
        await db.transaction(async (tx) => {
          for (const f of findings) {
            await tx.query(
              `insert into recon_statement_differences (statement_id, key, kind, line, journal_id,
                 record_id, journal_side, service_side, statement_side, detail)
               values ($1, $2, $3, $4, $5, $6, $7::text::jsonb, $8::text::jsonb, $9::text::jsonb, $10)
               on conflict (statement_id, key) do nothing`,
              [
                id,
                f.key,
                f.kind,
                f.line,
                f.journal_id,
                f.record_id,
                f.journal && jsonb(f.journal),
                f.service && jsonb(f.service),
                f.statement && jsonb(f.statement),
                f.detail,
              ],
            );
          }
          await tx.query(
            `update recon_statements set state = 'matched', matched = $2, matched_at = now(),
               differences = (select count(*) from recon_statement_differences where statement_id = $1)
             where id = $1`,
            [id, matched],
          );
        });
      }
      return waiting.length;
    },

    /** A run that failed fails the statements waiting for it. */
    async failWaiting(runId: string): Promise<void> {
      await db.query(
        `update recon_statements set state = 'failed' where run_id = $1 and state = 'matching'`,
        [runId],
      );
    },

    async list(limit: number): Promise<Statement[]> {
      return db.query<Statement>(
        `select ${COLUMNS} from recon_statements order by uploaded_at desc, id limit $1`,
        [limit],
      );
    },

    async get(id: string): Promise<Statement | undefined> {
      const [row] = await db.query<Statement>(
        `select ${COLUMNS} from recon_statements where id = $1`,
        [id],
      );
      return row;
    },

    lines: (id: string) => linesOf(db, id),

    async differences(id: string): Promise<StatementDifference[]> {
      return db.query<StatementDifference & { journal: StatementSide | null }>(
        `select kind, line, journal_id, record_id, journal_side as journal,
           service_side as service, statement_side as statement, detail
         from recon_statement_differences where statement_id = $1
         order by line nulls last, kind, key`,
        [id],
      );
    },
  };
}

export type StatementStore = ReturnType<typeof createStatementStore>;
