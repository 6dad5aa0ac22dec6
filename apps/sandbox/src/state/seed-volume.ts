import type { SandboxState } from './store';
import { advanceTransfers, createTransfer } from './transfers';

/** A day's volume of internal transfers asked of `POST /sandbox/history/transfers`. */
export interface VolumeRequest {
  count: number;
  /** The first transfer's time (ms); the others follow at even steps before `to`. */
  from: number;
  to: number;
  ref_prefix: string;
  from_profile_id: string;
  to_profile_id: string;
  asset: string;
  amount: string;
}

/** What the caller needs to journal each transfer as the console would have (issue 64). */
export interface SeededTransfer {
  id: string;
  ref_id: string;
  created_at: string;
}

/**
 * `count` internal transfers made at even steps across `[from, to)`, through the same
 * `createTransfer` as a client's (balances, limits, `ref_id`s, both legs), each settled by its
 * time: a busy day the reconciliation's pace is measured on, made in one call rather than
 * `count` signed requests. Refs are `<ref_prefix>-<n>`.
 */
export function seedTransfers(
  state: SandboxState,
  request: VolumeRequest,
  now: number,
): SeededTransfer[] {
  const step = (request.to - request.from) / request.count;
  const made: SeededTransfer[] = [];
  for (let i = 0; i < request.count; i++) {
    const at = Math.floor(request.from + i * step);
    const record = createTransfer(
      state,
      'INTERNAL_TRANSFER',
      {
        from_profile_id: request.from_profile_id,
        to_profile_id: request.to_profile_id,
        amount: request.amount,
        asset: request.asset,
        ref_id: `${request.ref_prefix}-${i}`,
      },
      at,
    );
    made.push({
      id: String(record.id),
      ref_id: String(record.ref_id),
      created_at: String(record.created_at),
    });
  }
  advanceTransfers(state, now);
  return made;
}
