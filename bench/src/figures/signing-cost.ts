/**
 * Figure 3: what signing adds to preparing one request, EdDSA and ES256, in process with the
 * BFF's own signing module, against preparing the same request unsigned (serialise the body,
 * build the headers). Timed in batches, since one signature is too short for the clock.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createSigner, type Signer, type SigningAlg } from '@console/bff/src/upstream/signing';
import { exampleInput, operations } from '@console/schemas';
import type { Figure, Row } from '../lib/figure';
import { formatMs, formatRatio, median, round } from '../lib/stats';

const BATCH = 1_000;
const WARMUP_BATCHES = 2;
const BATCHES = 9;
const GOAL_MS = 0.2;
const PATH = operations.createOrder.path.replace(
  '{profile_id}',
  exampleInput('createOrder').profile_id,
);

type Prepare = () => Promise<Record<string, string>>;

function prepare(signer: Signer | undefined): Prepare {
  return async () => {
    const body = JSON.stringify(exampleInput('createOrder'));
    const headers: Record<string, string> = {
      Authorization: 'Bearer token',
      'Content-Type': 'application/json',
    };
    if (signer) {
      headers['Svc-Signature'] = await signer.sign({ method: 'POST', pathWithQuery: PATH, body });
    }
    return headers;
  };
}

/** Median milliseconds per call over batches of sequential, awaited calls. */
async function perCall(fn: Prepare): Promise<number> {
  const batches: number[] = [];
  for (let batch = 0; batch < WARMUP_BATCHES + BATCHES; batch++) {
    const start = performance.now();
    for (let i = 0; i < BATCH; i++) await fn();
    if (batch >= WARMUP_BATCHES) batches.push((performance.now() - start) / BATCH);
  }
  return median(batches);
}

async function signerFor(alg: SigningAlg): Promise<Signer> {
  const { privateKey } =
    alg === 'EdDSA'
      ? generateKeyPairSync('ed25519')
      : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const privateKeyPem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  return createSigner({ privateKeyPem, kid: `bench-${alg}` });
}

export const signingCost: Figure = {
  id: 'signing',
  timeoutMs: 60_000,
  async run() {
    const rows: Row[] = [];
    for (const alg of ['EdDSA', 'ES256'] as const) {
      const signed = prepare(await signerFor(alg));
      const unsigned = prepare(undefined);
      // Alternated so that a disturbance of the machine hits both sides.
      const signedRuns: number[] = [];
      const unsignedRuns: number[] = [];
      for (let round = 0; round < 3; round++) {
        unsignedRuns.push(await perCall(unsigned));
        signedRuns.push(await perCall(signed));
      }
      const value = median(signedRuns);
      const baseline = median(unsignedRuns);
      rows.push({
        figure: `Signing per request, ${alg}`,
        value: formatMs(value),
        baseline: `unsigned ${formatMs(baseline)}`,
        ratio: formatRatio(value / baseline),
        goal: `< ${GOAL_MS} ms`,
        pass: value < GOAL_MS,
        raw: {
          signed_ms: round(value),
          unsigned_ms: round(baseline),
          signing_only_ms: round(value - baseline),
        },
        note: `whole request preparation (createOrder body, headers); signing alone ${formatMs(value - baseline)}; median of 3 × ${BATCHES} batches of ${BATCH}`,
      });
    }
    return rows;
  },
};
