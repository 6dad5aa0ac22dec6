/**
 * A statement as reconciliation's third side, against a real sandbox through the BFF's routes
 * (issue 64): a custodian's statement that agrees with the console's transfers but for one
 * amount changed, one transfer missing and one line extra finds each exactly once, with the
 * three sides, in the run over its period and no read of the service more than that run's. Bad
 * cells are problem details naming the row and column; an auditor reads and may not upload.
 */
import type { Statement, StatementCheck, StatementDetail } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { reconcileSandboxes } from '../reconcile-harness';

const { setUp } = reconcileSandboxes();

const MAPPING = {
  'Value date': 'date',
  Amount: 'amount',
  Currency: 'asset',
  Reference: 'reference',
  Counterparty: '',
  Memo: 'description',
} as const;

describe('a statement as the third side', () => {
  it('finds the changed amount, the missing transfer and the extra line once each', async () => {
    const { h, transfer } = await setUp();
    await h.db.exec('delete from recon_statement_mappings');
    const finance = await h.signIn('finance');
    const auditor = await h.signIn('auditor');
    const from = new Date(Date.now() - 1_000).toISOString();
    const sent = [];
    for (const amount of ['1250.00', '20.00', '30.00', '40.00']) sent.push(await transfer(amount));
    await h.control('POST', '/clock', { advance_ms: 10_000 });
    const to = new Date(Date.now() + 3_600_000).toISOString();
    const day = new Date().toISOString().slice(0, 10);
    // The first by its ref_id with group marks, the second by the service's id, the third with
    // its amount changed; the fourth missing; one line no side has.
    const text = [
      'Value date,Amount,Currency,Reference,Counterparty,Memo',
      `${day},"-1,250.00",USD,${sent[0]!.ref_id},Jane Doe,`,
      `${day},-20,USD,${sent[1]!.id},Jane Doe,`,
      `${day},-30.50,USD,${sent[2]!.ref_id},Jane Doe,Refund to Smith`,
      `${day},-99.00,USD,BANK-FEE-7,Bank,`,
    ].join('\n');
    const upload = { source: 'Custodian A', file_name: 'custodian-a.csv', text };

    const proposed = await h.post('/api/reconciliation/statements/check', finance, upload);
    expect(proposed.status).toBe(200);
    const check = (await proposed.json()) as StatementCheck;
    expect(check).toMatchObject({ mapping_saved: false, lines: 4, errors: [] });
    expect(check.mapping).toMatchObject({ Amount: 'amount', Currency: 'asset', Counterparty: '' });

    const bad = await h.post('/api/reconciliation/statements', finance, {
      ...upload,
      text: `${text}\n${day},12x,USD,,,`,
      mapping: MAPPING,
      from,
      to,
    });
    expect(bad.status).toBe(422);
    expect(bad.headers.get('content-type')).toContain('application/problem+json');
    expect(((await bad.json()) as { errors: { path: string }[] }).errors).toEqual([
      expect.objectContaining({ path: 'rows.5.Amount' }),
    ]);
    const refused = await h.post('/api/reconciliation/statements', auditor, {
      ...upload,
      mapping: MAPPING,
      from,
      to,
    });
    expect(refused.status).toBe(403);

    const created = await h.post('/api/reconciliation/statements', finance, {
      ...upload,
      mapping: MAPPING,
      from,
      to,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const statement = (await created.json()) as Statement;
    // The run over its period takes it up; the auditor reads it when matched.
    let detail: StatementDetail | undefined;
    for (let i = 0; i < 100 && detail?.statement.state !== 'matched'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const res = await h.app.request(`/api/reconciliation/statements/${statement.id}`, {
        headers: { Cookie: auditor },
      });
      expect(res.status).toBe(200);
      detail = (await res.json()) as StatementDetail;
    }
    expect(detail!.statement).toMatchObject({ state: 'matched', lines: 4, matched: 2 });
    const found = detail!.differences.map((d) => `${d.kind} ${d.record_id ?? `line ${d.line}`}`);
    expect(found.sort()).toEqual(
      [`amount ${sent[2]!.id}`, `missing_statement ${sent[3]!.id}`, 'reference line 4'].sort(),
    );
    const amount = detail!.differences.find((d) => d.kind === 'amount')!;
    expect(amount.journal).toMatchObject({ amount: '30.00', reference: sent[2]!.ref_id });
    expect(amount.service).toMatchObject({ amount: '30.00', asset: 'USD' });
    expect(amount.statement).toMatchObject({ amount: '-30.50', date: day });
    // A description may name a person: the auditor reads it masked, finance whole.
    expect(amount.statement!.note).not.toContain('Smith');
    const whole = await h.app.request(`/api/reconciliation/statements/${statement.id}`, {
      headers: { Cookie: finance },
    });
    const seen = ((await whole.json()) as StatementDetail).differences.find(
      (d) => d.kind === 'amount',
    );
    expect(seen!.statement!.note).toBe('Refund to Smith');
    // Nothing of a column left unmapped was kept.
    expect(JSON.stringify(detail)).not.toContain('Jane');
    // The statement read the service no more than its run did: one group of ref_ids and the
    // period's three lists.
    const [run] = await h.db.query<{ reads: number }>(
      'select reads from recon_runs where id = $1',
      [statement.run_id],
    );
    expect(run!.reads).toBe(4);

    const again = await h.post('/api/reconciliation/statements/check', finance, upload);
    expect(((await again.json()) as StatementCheck).mapping_saved).toBe(true);
    const missing = await h.app.request('/api/reconciliation/statements/nope', {
      headers: { Cookie: finance },
    });
    expect(missing.status).toBe(404);
  });
});
