/**
 * `pnpm cli audit:verify-approval ENTRY` (issue 61, ADR 037): each decision on ENTRY signed with
 * a passkey, checked with what the audit trail chained (its proof, the body hash the journal's
 * chain recorded) and the body the console sent, by `verifyProof` alone: the statement printed,
 * then each check; non-zero exit on any mismatch, or when nothing signed is chained.
 *
 * `--proof FILE [--body FILE]` checks a proof copied from the approval page (or an export's
 * `proof` column) with no database at all.
 */
import { readFile } from 'node:fs/promises';
import { sealPending } from '../audit/audit-sealer';
import type { Queryable } from '../db/db';
import { verifyProof, type ProofReport } from '../passkeys/proof-verify';

export interface ChainedDecision {
  /** The approval event's kind and who: `approved` by `frank`. */
  kind: string;
  actor: string | null;
  position: number;
  proof: string;
}

/** What the trail holds of ENTRY's signed decisions, sealed first so that it holds them all. */
export async function chainedEvidence(db: Queryable, entryId: string) {
  await sealPending(db);
  const records = await db.query<{ position: number | string; content: string }>(
    `select position, content from audit_records
     where chain = 'approvals' and subject = $1 and kind = 'approval-event' order by position`,
    [entryId],
  );
  const decisions: ChainedDecision[] = records.flatMap((record) => {
    const content = JSON.parse(record.content) as Record<string, string | null>;
    return typeof content.proof === 'string'
      ? [
          {
            kind: content.event_kind ?? '',
            actor: content.actor ?? null,
            position: Number(record.position),
            proof: content.proof,
          },
        ]
      : [];
  });
  const [created] = await db.query<{ content: string }>(
    `select content from audit_records
     where chain = 'journal' and subject = $1 and kind = 'entry-created'`,
    [entryId],
  );
  const [entry] = await db.query<{ request_body: string | null }>(
    'select request_body from journal_entries where id = $1',
    [entryId],
  );
  return {
    decisions,
    chainedBodySha256: created
      ? ((JSON.parse(created.content) as { body_sha256?: string }).body_sha256 ?? undefined)
      : undefined,
    body: entry?.request_body ?? undefined,
  };
}

/** One proof's report as printed: the statement, then every check. */
export function reportText(title: string, report: ProofReport, statement: string): string {
  const lines = [`${title}: ${report.ok ? 'HOLDS' : 'DOES NOT HOLD'}`, `  statement ${statement}`];
  for (const c of report.checks) lines.push(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.check}: ${c.detail}`);
  return `${lines.join('\n')}\n`;
}

export async function verifyApprovalCommand(
  args: { entry?: string | undefined; proof?: string | undefined; body?: string | undefined },
  openDb: () => Promise<Queryable & { close(): Promise<void> }>,
): Promise<{ code: number; text: string }> {
  if (args.proof) {
    const text = await readFile(args.proof, 'utf8');
    const body = args.body === undefined ? undefined : await readFile(args.body, 'utf8');
    let proof: unknown;
    try {
      proof = JSON.parse(text);
    } catch {
      return { code: 1, text: `${args.proof}: not JSON.\n` };
    }
    const report = await verifyProof(proof, { entryId: args.entry, body });
    const statement = (proof as { statement?: unknown }).statement;
    return {
      code: report.ok ? 0 : 1,
      text: reportText(args.proof, report, String(statement)),
    };
  }
  if (!args.entry) {
    return {
      code: 1,
      text: 'Usage: audit:verify-approval ENTRY | audit:verify-approval --proof FILE [--body FILE]\n',
    };
  }
  const db = await openDb();
  try {
    const evidence = await chainedEvidence(db, args.entry);
    if (evidence.decisions.length === 0) {
      return {
        code: 1,
        text: `${args.entry}: the trail holds no decision signed with a passkey.\n`,
      };
    }
    let ok = true;
    let text = '';
    for (const decision of evidence.decisions) {
      const report = await verifyProof(JSON.parse(decision.proof), {
        entryId: args.entry,
        body: evidence.body,
        chainedBodySha256: evidence.chainedBodySha256,
      });
      ok &&= report.ok;
      const title = `${decision.kind} by ${decision.actor} (approvals chain, record ${decision.position})`;
      text += reportText(
        title,
        report,
        (JSON.parse(decision.proof) as { statement: string }).statement,
      );
    }
    return { code: ok ? 0 : 1, text };
  } finally {
    await db.close();
  }
}
