import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Big from 'big.js';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '@console/schemas';
import { createSandbox } from '../app';
import { createManualClock } from '../clock';
import { demoConfig } from '../config';
import { createState } from './seed';
import { createTransfer } from './transfers';
import { SavedStateError, stateFromText, stateToText } from './saved-state';
import { STATE_FILE, StateFile } from './state-file';

const config = demoConfig({ clientSecret: 's3cret-demo-secret' });
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-state-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** What `/sandbox/state` answers: every record, balance and price the sandbox shows. */
async function shown(sandbox: ReturnType<typeof createSandbox>) {
  return (await sandbox.app.request('/sandbox/state')).json();
}

describe('the saved state', () => {
  it('reads back as the same state, Bigs, Maps and prices included', () => {
    const now = Date.parse('2026-03-01T00:00:00Z');
    const state = createState(config, now, 7);
    state.prices.pin('BTCUSD', new Big('61234.5'), now);
    const text = stateToText(state, 12_345);
    const back = stateFromText(text, config, 'state.json');
    expect(back.clockOffsetMs).toBe(12_345);
    expect(stateToText(back.state, 12_345)).toBe(text);
    const treasury = back.state.profiles.get(DEMO_IDS.profiles.treasury)!;
    expect(treasury.balances.get('USD')!.total).toBeInstanceOf(Big);
    expect(back.state.prices.snapshot(now + 60_000)).toEqual(state.prices.snapshot(now + 60_000));
  });

  it('keeps a client key that looks like a tag as the client wrote it', () => {
    const state = createState(config, Date.now(), 7);
    const [first] = state.transfers.values();
    first!.record.metadata = { $big: '1', $map: 'x', $$twice: 'y' };
    const back = stateFromText(stateToText(state, 0), config, 'state.json');
    const [again] = back.state.transfers.values();
    expect(again!.record.metadata).toEqual({ $big: '1', $map: 'x', $$twice: 'y' });
  });

  it('refuses a file it cannot read, naming it and the way out', () => {
    expect(() => stateFromText('{"version":', config, '/d/state.json')).toThrow(SavedStateError);
    expect(() => stateFromText('{"version":99}', config, '/d/state.json')).toThrow(
      /\/d\/state\.json was saved by another version.*sandbox:reset/,
    );
  });
});

describe('a sandbox with a data directory', () => {
  it('answers only once the change is on disk, and a new sandbox continues from it', async () => {
    const dir = tempDir();
    const clock = createManualClock(Date.parse('2026-03-01T00:00:00Z'));
    const first = createSandbox(config, { clock, dataDir: dir });
    await first.app.request('/sandbox/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_ms: 90_000 }),
    });
    await first.app.request('/sandbox/deposits', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ asset: 'USD', amount: '12.34', profile_id: DEMO_IDS.profiles.empty }),
    });
    const before = await shown(first);
    // No close, no flush: the file as the answer left it is all a crash leaves.
    const second = createSandbox(config, { clock, dataDir: dir });
    expect(await shown(second)).toEqual(before);
    expect(second.clock.offset()).toBe(90_000);
  });

  it('writes nothing for a request that changed nothing', async () => {
    const dir = tempDir();
    const sandbox = createSandbox(config, { clock: createManualClock(), dataDir: dir });
    await shown(sandbox);
    const file = join(dir, STATE_FILE);
    writeFileSync(file, readFileSync(file, 'utf8') + ' ');
    await shown(sandbox);
    expect(readFileSync(file, 'utf8').endsWith(' ')).toBe(true);
  });

  it('answers 500 when the state cannot be kept', async () => {
    const dir = tempDir();
    const sandbox = createSandbox(config, { clock: createManualClock(), dataDir: dir });
    rmSync(dir, { recursive: true });
    const res = await sandbox.app.request('/sandbox/state');
    expect(res.status).toBe(500);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/could not keep its state/);
  });
});

describe('ids across restarts', () => {
  it('never repeat over 10,000 records made across three restarts', () => {
    const config = demoConfig({ clientSecret: 's3cret-demo-secret' });
    let now = Date.parse('2026-03-01T00:00:00Z');
    let state = createState(config, now, 42);
    // The periodic limits would sum every earlier send at each one: not what this is about.
    state.transfer_limits = [];
    const ids = new Set<string>();
    const body = {
      from_profile_id: DEMO_IDS.profiles.treasury,
      to_profile_id: DEMO_IDS.profiles.payouts,
      asset: 'USD',
      amount: '0.01',
    };
    for (let life = 0; life < 4; life++) {
      // Each transfer is two records, debit and credit: 2,500 of them a life.
      for (let i = 0; i < 1_250; i++) {
        const debit = createTransfer(state, 'INTERNAL_TRANSFER', body, (now += 1_000));
        ids.add(debit.id as string);
        ids.add((debit.group_id as string) + ':group');
      }
      // A restart: everything through the text on disk, the generators made again.
      state = stateFromText(stateToText(state, 0), config, 'state.json').state;
    }
    for (const t of state.transfers.values()) ids.add(t.record.id);
    const records = [...state.transfers.values()].filter((t) => t.record.amount === '0.01');
    expect(records).toHaveLength(10_000);
    // Every record's id, every group id, and the seed's records: none twice.
    expect(ids.size).toBe(state.transfers.size + 5_000);
  });
});

describe('StateFile', () => {
  it('writes saves in order, the last one winning', async () => {
    const dir = tempDir();
    const file = new StateFile(dir);
    expect(file.open()).toBeUndefined();
    await Promise.all(['a', 'b', 'c'].map((t) => file.save(t)));
    expect(readFileSync(join(dir, STATE_FILE), 'utf8')).toBe('c');
  });
});
