/**
 * A verification's report in words: the whole of it for `pnpm cli audit:verify`, and what fails
 * alone for the scheduled verification's message to the admins (`audit-verifier.ts`). Both say a
 * break and a row that disagrees in the same words.
 */
import type { BindingFinding } from './audit-binding';
import type { AuditReport, ChainReport } from './audit-verify';

const breakLine = (chain: ChainReport) =>
  chain.break
    ? `${chain.chain}: BROKEN at ${chain.break.position} (${chain.break.kind}: ${chain.break.detail})`
    : `${chain.chain}: verifies`;

// Each finding where an operator would look: the table, the row and the column, and the
// record it contradicts (or that named the row, for one deleted).
function findingLine(f: BindingFinding): string {
  const record = f.record
    ? f.record.pending
      ? ` (pending record of ${f.record.chain})`
      : ` (record ${f.record.chain} ${f.record.position})`
    : '';
  return f.kind === 'changed'
    ? `${f.table} ${f.id}: ${f.column} CHANGED${record}`
    : `${f.table} ${f.id}: ${f.kind === 'deleted' ? 'DELETED' : 'FORGED, no record names it'}${record}`;
}

const forgedLine = (report: AuditReport) =>
  `${report.checkpoints.forged.length} FORGED checkpoint(s): ${report.checkpoints.forged.map((f) => f.id ?? f.signedAt).join(', ')}`;

/** The report as an operator reads it: one line per chain, and what broke where. */
export function formatReport(report: AuditReport): string {
  const lines = [report.ok ? 'The audit trail verifies.' : 'The audit trail does NOT verify.'];
  for (const chain of report.chains) {
    const checkpoint = chain.lastGoodCheckpoint
      ? `checkpoint ${chain.lastGoodCheckpoint.id ?? '(external)'} of ${chain.lastGoodCheckpoint.signedAt} at ${chain.lastGoodCheckpoint.position}`
      : 'no checkpoint';
    lines.push(
      chain.break
        ? `  ${breakLine(chain)}; last good record ${chain.lastGood.position}, last good ${checkpoint}`
        : `  ${chain.chain}: ${chain.records} records, head ${chain.lastGood.position}, last good ${checkpoint}`,
    );
  }
  const { count, signaturesChecked, forged } = report.checkpoints;
  lines.push(
    `  checkpoints: ${count}, signatures ${signaturesChecked ? 'checked' : 'NOT checked (no key)'}${forged.length ? `, ${forged.length} FORGED: ${forged.map((f) => f.id ?? f.signedAt).join(', ')}` : ''}`,
  );
  const { binding } = report;
  lines.push(
    binding.ok
      ? `  rows: ${binding.rows}, each as the trail records it`
      : `  rows: ${binding.rows}, ${binding.findings.length} DISAGREE with the trail:`,
  );
  for (const f of binding.findings) lines.push(`    ${findingLine(f)}`);
  const { pending } = report;
  lines.push(
    pending.count === 0
      ? '  pending: none, every record committed is sealed'
      : `  pending: ${pending.count} record(s) not sealed yet, the oldest of ${pending.oldestAt} (${pending.lagSeconds.toFixed(1)} s): not on a chain yet, not a break`,
  );
  return `${lines.join('\n')}\n`;
}

/**
 * What fails, one line each, at most `max` lines (then how many more): the same failures give
 * the same text whatever was appended since, so the verifier tells of a failure once.
 */
export function failureLines(report: AuditReport, max = 20): string[] {
  const lines = [
    ...report.chains.filter((c) => c.break).map(breakLine),
    ...(report.checkpoints.forged.length ? [forgedLine(report)] : []),
    ...report.binding.findings.map(findingLine),
  ];
  return lines.length > max
    ? [...lines.slice(0, max), `… and ${lines.length - max} more (pnpm cli audit:verify)`]
    : lines;
}
