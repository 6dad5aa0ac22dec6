import { StringDecoder } from 'node:string_decoder';
import {
  AuditExportRequestSchema,
  parseWith,
  type AuditCheckpoint,
  type AuditExport,
  type AuditVerification,
} from '@console/schemas';
import { createCheckpoint, readCheckpointCopy } from '../audit/audit-checkpoint';
import { signedExport, type SignedExport } from '../audit/audit-export';
import type { AuditKey } from '../audit/audit-key';
import { proveExport } from '../audit/audit-proof';
import { type AuditReport, verifyAuditTrail } from '../audit/audit-verify';
import type { Db, Queryable } from '../db/db';
import { problems } from '../errors';
import { jsonBody } from './request-body';
import type { RouteDef } from './route-table';

/** What signs: the audit key, the database to record in, and the checkpoints' outside copy. */
export interface AuditSigning {
  db: Db;
  key: AuditKey;
  checkpointFile?: string | undefined;
}

export interface AuditRouteDeps {
  db: Queryable;
  /** Without it (no `AUDIT_SIGNING_KEY_FILE`) the trail is verified, but nothing is signed. */
  signing?: AuditSigning | undefined;
}

/** The CSV's bytes escaped as a JSON string's content, in pieces of about this many. */
const ESCAPE_PIECE_BYTES = 256 * 1024;

/**
 * An export's answer (`AuditExport`), streamed: the CSV's bytes are escaped into the JSON string
 * piece by piece, so that a large period is never one string in V8's heap (ADR 026), only bytes.
 */
function exportAnswer(made: SignedExport, proofs: string): ReadableStream<Uint8Array> {
  const fields: Omit<AuditExport, 'csv'> = {
    filename: made.filename,
    signature: made.signature,
    key_id: made.keyId,
    rows: made.rows,
    proofs,
  };
  const head = `{"filename":${JSON.stringify(fields.filename)},"csv":"`;
  const tail = `","signature":${JSON.stringify(fields.signature)},"key_id":${JSON.stringify(fields.key_id)},"rows":${fields.rows},"proofs":${JSON.stringify(fields.proofs)}}`;
  // Pieces end on a character: the decoder keeps an unfinished UTF-8 sequence for the next one.
  const decoder = new StringDecoder('utf8');
  let at = -1;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at < 0) {
        controller.enqueue(Buffer.from(head));
        at = 0;
        return;
      }
      if (at >= made.csv.length) {
        controller.enqueue(Buffer.from(`${JSON.stringify(decoder.end()).slice(1, -1)}${tail}`));
        controller.close();
        return;
      }
      const text = decoder.write(made.csv.subarray(at, at + ESCAPE_PIECE_BYTES));
      at += ESCAPE_PIECE_BYTES;
      controller.enqueue(Buffer.from(JSON.stringify(text).slice(1, -1)));
    },
  });
}

/** The report on the wire: snake_case, with the key to check exports with. */
function wire(report: AuditReport, key: AuditKey | undefined): AuditVerification {
  return {
    ok: report.ok,
    verified_at: report.verifiedAt,
    chains: report.chains.map((c) => ({
      chain: c.chain,
      records: c.records,
      ok: c.ok,
      break: c.break,
      last_good: c.lastGood,
      last_good_checkpoint: c.lastGoodCheckpoint && {
        id: c.lastGoodCheckpoint.id,
        signed_at: c.lastGoodCheckpoint.signedAt,
        position: c.lastGoodCheckpoint.position,
      },
    })),
    checkpoints: {
      count: report.checkpoints.count,
      signatures_checked: report.checkpoints.signaturesChecked,
      forged: report.checkpoints.forged.map((f) => ({ id: f.id, signed_at: f.signedAt })),
    },
    binding: report.binding,
    pending: {
      count: report.pending.count,
      oldest_at: report.pending.oldestAt,
      lag_seconds: report.pending.lagSeconds,
    },
    key: key ? { key_id: key.kid, public_key_pem: key.publicKeyPem } : null,
  };
}

function signingOf(deps: AuditRouteDeps): AuditSigning {
  if (!deps.signing) {
    throw problems.conflict(
      'No audit key is configured (AUDIT_SIGNING_KEY_FILE): the trail can be verified, but nothing can be signed.',
    );
  }
  return deps.signing;
}

/**
 * The audit trail (issue 41, ADR 022), for admins and auditors: the same verification as
 * `pnpm cli audit:verify`, a checkpoint on demand, and signed exports of a period.
 */
export function auditRoutes(deps: AuditRouteDeps): RouteDef[] {
  return [
    {
      method: 'GET',
      path: '/api/audit/verification',
      permission: { kind: 'audit' },
      handler: async (c) => {
        const key = deps.signing?.key;
        // The copy outside the database too (as `audit:verify` does): what it certifies, the
        // database must still hold, however many of its own checkpoints were cut with a tail.
        const extraCheckpoints = await readCheckpointCopy(deps.signing?.checkpointFile);
        const report = await verifyAuditTrail(deps.db, {
          ...(key ? { publicKey: key.publicKey } : {}),
          extraCheckpoints,
          sealFirst: true,
        });
        // A tree head at every verification that passes (issue 57), as `audit:verify` signs.
        if (report.ok && deps.signing) {
          const { db, checkpointFile } = deps.signing;
          await createCheckpoint(
            db,
            deps.signing.key,
            checkpointFile ? { copyFile: checkpointFile } : {},
          );
        }
        return c.json(wire(report, key));
      },
    },
    {
      method: 'POST',
      path: '/api/audit/checkpoints',
      permission: { kind: 'audit' },
      handler: async (c) => {
        const { db, key, checkpointFile } = signingOf(deps);
        const checkpoint = await createCheckpoint(
          db,
          key,
          checkpointFile ? { copyFile: checkpointFile } : {},
        );
        const body: AuditCheckpoint = {
          id: checkpoint.id!,
          signed_at: checkpoint.signedAt,
          key_id: checkpoint.keyId,
        };
        return c.json(body, 201);
      },
    },
    {
      method: 'POST',
      path: '/api/audit/exports',
      permission: { kind: 'audit' },
      handler: async (c) => {
        const parsed = parseWith(AuditExportRequestSchema, await jsonBody(c));
        if (!parsed.ok) throw problems.validation(parsed.errors);
        const { db, key, checkpointFile } = signingOf(deps);
        const operator = c.get('operator')!;
        // What the operator's role may read of each row, no more (issue 55, finding 7).
        const made = await signedExport(db, key, {
          kind: parsed.value.kind,
          from: new Date(parsed.value.from),
          to: new Date(parsed.value.to),
          actor: operator.username,
          role: operator.role,
          treeHeadCopy: checkpointFile,
        });
        // The proofs of its records, as the CLI's export writes them beside its file (issue 57).
        const proofs = `${JSON.stringify(await proveExport(db, made))}\n`;
        return c.body(exportAnswer(made, proofs), 200, {
          'Content-Type': 'application/json; charset=UTF-8',
        });
      },
    },
  ];
}
