/**
 * `pnpm cli audit:*` (ADR 022):
 *
 *   audit:verify [--key PUBLIC.pem] [--checkpoints FILE] [--json]
 *   audit:checkpoint
 *   audit:export --kind journal|approvals|security --from DATE --to DATE --out FILE
 *   audit:verify-export FILE SIGNATURE --key PUBLIC.pem
 *   audit:prove | audit:prove-consistency | audit:verify-proof   (cli/audit-proof-commands.ts)
 *   audit:verify-approval ENTRY | --proof FILE [--body FILE]      (cli/verify-approval.ts)
 *
 * The database is `DATABASE_URL`'s, else the embedded one under `DATA_DIR` (which only one
 * process can open: stop the console first, or use the audit page). The audit key is
 * `AUDIT_SIGNING_KEY_FILE`'s; `audit:verify-export` needs nothing but the files and the public key.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import type { KeyObject } from 'node:crypto';
import { createCheckpoint, readCheckpointCopy } from '../audit/audit-checkpoint';
import { EXPORT_KINDS, type ExportKind, signedExport } from '../audit/audit-export';
import { loadAuditKey, publicKeyFromPem, verifyDetached } from '../audit/audit-key';
import { proveExport } from '../audit/audit-proof';
import { formatReport } from '../audit/audit-report-text';
import { verifyAuditTrail } from '../audit/audit-verify';
import type { Db } from '../db/db';
import { readAuditCliEnv } from '../env';
import { PROOF_COMMANDS, runProofCommand } from './audit-proof-commands';
import { CliError } from './users-commands';
import { verifyApprovalCommand } from './verify-approval';
import { journalDir } from '../bootstrap/data-dirs';

export interface AuditArgs {
  key?: string;
  checkpoints?: string;
  json?: boolean;
  kind?: string;
  from?: string;
  to?: string;
  out?: string;
  'public-key'?: string;
  proof?: string;
  body?: string;
  positionals: string[];
}

/** What a command prints, and its exit status. */
export interface AuditOutcome {
  code: number;
  text: string;
}

async function openConsoleDb(): Promise<Db> {
  const { openDb } = await import('../db/open-db');
  const { databaseUrl, dataDir } = readAuditCliEnv();
  return openDb(databaseUrl ? { databaseUrl } : { dataDir: journalDir(dataDir) });
}

function auditKeyFile(): string {
  const file = readAuditCliEnv().keyFile;
  if (!file) throw new CliError('AUDIT_SIGNING_KEY_FILE is not set');
  return file;
}

async function publicKeyFor(args: AuditArgs): Promise<KeyObject | undefined> {
  if (args.key) return publicKeyFromPem(await readFile(args.key, 'utf8'));
  const file = readAuditCliEnv().keyFile;
  return file ? (await loadAuditKey(file)).publicKey : undefined;
}

function date(value: string | undefined, name: string): Date {
  const parsed = value ? new Date(value) : undefined;
  if (!parsed || Number.isNaN(parsed.getTime())) {
    throw new CliError(`--${name} must be a date (2026-11-01 or an ISO instant)`);
  }
  return parsed;
}

export async function runAuditCommand(command: string, args: AuditArgs): Promise<AuditOutcome> {
  if (PROOF_COMMANDS.includes(command)) return runProofCommand(command, args, openConsoleDb);
  if (command === 'audit:verify-approval') {
    return verifyApprovalCommand(
      { entry: args.positionals[0], proof: args.proof, body: args.body },
      openConsoleDb,
    );
  }
  if (command === 'audit:verify-export') {
    const [file, signature] = args.positionals;
    if (!file || !signature || !args.key) {
      throw new CliError('Usage: audit:verify-export FILE SIGNATURE --key PUBLIC.pem');
    }
    const result = await verifyDetached(
      await readFile(signature, 'utf8'),
      await readFile(file),
      publicKeyFromPem(await readFile(args.key, 'utf8')),
    );
    return result.valid
      ? { code: 0, text: `${file}: the signature holds (key ${result.kid ?? 'unnamed'}).\n` }
      : { code: 1, text: `${file}: the signature does NOT hold under this key.\n` };
  }
  if (command === 'audit:verify') {
    const publicKey = await publicKeyFor(args);
    const copy = args.checkpoints ?? readAuditCliEnv().checkpointFile;
    const extraCheckpoints = await readCheckpointCopy(copy);
    const db = await openConsoleDb();
    try {
      const report = await verifyAuditTrail(db, {
        ...(publicKey ? { publicKey } : {}),
        extraCheckpoints,
        sealFirst: true,
      });
      // A tree head at every verification that passes (issue 57), with the key at hand: what
      // verified is then certified outside the database too. A failing one signs nothing.
      const keyFile = readAuditCliEnv().keyFile;
      const signed =
        report.ok && keyFile
          ? await createCheckpoint(db, await loadAuditKey(keyFile), copy ? { copyFile: copy } : {})
          : undefined;
      const text = args.json ? `${JSON.stringify(report, null, 2)}\n` : formatReport(report);
      return {
        code: report.ok ? 0 : 1,
        text: signed && !args.json ? `${text}  tree head ${signed.id} signed.\n` : text,
      };
    } finally {
      await db.close();
    }
  }
  if (command === 'audit:checkpoint') {
    const key = await loadAuditKey(auditKeyFile());
    const db = await openConsoleDb();
    try {
      const copyFile = readAuditCliEnv().checkpointFile;
      const checkpoint = await createCheckpoint(db, key, copyFile ? { copyFile } : {});
      return { code: 0, text: `Checkpoint ${checkpoint.id} signed: ${checkpoint.heads}\n` };
    } finally {
      await db.close();
    }
  }
  if (command === 'audit:export') {
    if (!EXPORT_KINDS.includes(args.kind as ExportKind)) {
      throw new CliError(`--kind must be one of ${EXPORT_KINDS.join(', ')}`);
    }
    if (!args.out) throw new CliError('--out FILE is required');
    const key = await loadAuditKey(auditKeyFile());
    const db = await openConsoleDb();
    try {
      const result = await signedExport(db, key, {
        kind: args.kind as ExportKind,
        from: date(args.from, 'from'),
        to: date(args.to, 'to'),
        actor: `cli:${userInfo().username}`,
        treeHeadCopy: readAuditCliEnv().checkpointFile,
        // No role: whole. Whoever runs the CLI holds the database and its key files already; the
        // trail records the export with `masked_for: null`.
      });
      await writeFile(args.out, result.csv, { flag: 'wx' });
      await writeFile(`${args.out}.jws`, `${result.signature}\n`, { flag: 'wx' });
      // The proofs of its rows' records and of its own, for audit:verify-proof (issue 57).
      const proofs = await proveExport(db, result);
      await writeFile(`${args.out}.proofs.json`, `${JSON.stringify(proofs)}\n`, { flag: 'wx' });
      return {
        code: 0,
        text: `${result.rows} rows written to ${args.out}, its signature to ${args.out}.jws (key ${result.keyId}), the proofs of its ${proofs.records.length} records to ${args.out}.proofs.json.\n`,
      };
    } finally {
      await db.close();
    }
  }
  throw new CliError(`Unknown command ${command}`);
}
