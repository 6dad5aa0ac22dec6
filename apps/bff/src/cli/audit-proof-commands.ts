/**
 * `pnpm cli audit:prove*` and `audit:verify-proof` (issue 57, ADR 022 "Proofs"):
 *
 *   audit:prove SUBJECT [--out FILE]            inclusion proofs of every record of SUBJECT
 *   audit:prove-consistency --from ID [--to ID] [--out FILE]   tree head ID extended by the later
 *   audit:verify-proof FILE --public-key PUBLIC.pem            offline, either kind
 *
 * The proofs print as JSON (or go to `--out`); verification needs only the file and the public key.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { proveConsistency, proveSubject } from '../audit/audit-proof';
import { verifyProofFile } from '../audit/audit-proof-verify';
import { loadAuditKey, publicKeyFromPem } from '../audit/audit-key';
import type { Db } from '../db/db';
import { readAuditCliEnv } from '../env';
import { CliError } from './users-commands';

export const PROOF_COMMANDS = ['audit:prove', 'audit:prove-consistency', 'audit:verify-proof'];

export interface ProofArgs {
  'public-key'?: string;
  from?: string;
  to?: string;
  out?: string;
  positionals: string[];
}

const checkpointId = (value: string | undefined, name: string) => {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) {
    throw new CliError(`--${name} must be a checkpoint id (audit:checkpoint prints it)`);
  }
  return id;
};

async function printed(json: object, out: string | undefined): Promise<string> {
  const text = `${JSON.stringify(json, null, 2)}\n`;
  if (!out) return text;
  await writeFile(out, text, { flag: 'wx' });
  return `Written to ${out}.\n`;
}

export async function runProofCommand(
  command: string,
  args: ProofArgs,
  openDb: () => Promise<Db>,
): Promise<{ code: number; text: string }> {
  if (command === 'audit:verify-proof') {
    const [file] = args.positionals;
    if (!file || !args['public-key']) {
      throw new CliError('Usage: audit:verify-proof FILE --public-key PUBLIC.pem');
    }
    const key = publicKeyFromPem(await readFile(args['public-key'], 'utf8'));
    const verdict = await verifyProofFile(await readFile(file, 'utf8'), key);
    const head = verdict.ok ? `${file}: the proof holds.` : `${file}: the proof does NOT hold.`;
    return { code: verdict.ok ? 0 : 1, text: `${[head, ...verdict.lines].join('\n')}\n` };
  }
  const db = await openDb();
  try {
    if (command === 'audit:prove') {
      const [subject] = args.positionals;
      if (!subject) throw new CliError('Usage: audit:prove SUBJECT [--out FILE]');
      const file = readAuditCliEnv().keyFile;
      const key = file ? await loadAuditKey(file) : undefined;
      return { code: 0, text: await printed(await proveSubject(db, subject, key), args.out) };
    }
    const to = args.to === undefined ? undefined : checkpointId(args.to, 'to');
    const proof = await proveConsistency(db, checkpointId(args.from, 'from'), to);
    return { code: 0, text: await printed(proof, args.out) };
  } finally {
    await db.close();
  }
}
