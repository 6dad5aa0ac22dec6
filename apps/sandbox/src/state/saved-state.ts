import { randomInt } from 'node:crypto';
import Big from 'big.js';
import type { SandboxConfig } from '../config';
import { PriceModel, type SavedPrices } from './prices';
import { seededRandom } from './random';
import type { SandboxState } from './store';

/*
 * The whole state of a sandbox as text, and back (ADR 033). Written generically, by walking the
 * state, rather than field by field: a record or counter added to `SandboxState` later is kept
 * without anyone remembering to add it here, and a forgotten one is exactly what issue 67 lost.
 */

/** Bumped when a saved state can no longer be read as the current `SandboxState`. */
export const SAVED_STATE_VERSION = 1;

/** What the configuration gives back on a restart, or what is not data (a generator). */
type Rebuilt = 'random' | 'prices' | 'timings' | 'market';

interface SavedState {
  version: number;
  /** What `POST /sandbox/clock` had moved the sandbox's clock by. */
  clock_offset_ms: number;
  prices: SavedPrices;
  state: Omit<SandboxState, Rebuilt>;
}

/** A saved state that cannot be read: its message names the file's problem and the way out. */
export class SavedStateError extends Error {
  override readonly name = 'SavedStateError';
}

/*
 * Big and Map are not JSON: each becomes an object with one tagged key. A key of the service's
 * records that starts with `$` (metadata is the client's to name) gets one more `$` on the way
 * out and loses it on the way in, so no record can pass for a tag.
 */
function replacer(this: Record<string, unknown>, key: string, value: unknown): unknown {
  // `this[key]` is the value before `toJSON`: Big's would already have turned it into a string.
  const raw = this[key];
  if (raw instanceof Big) return { $big: raw.toFixed() };
  if (raw instanceof Map) return { $map: [...raw] };
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (keys.some((k) => k.startsWith('$'))) {
      return Object.fromEntries(
        keys.map((k) => [k.startsWith('$') ? `$${k}` : k, (value as Record<string, unknown>)[k]]),
      );
    }
  }
  return value;
}

function reviver(_key: string, value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object);
  if (keys.length === 1 && typeof object.$big === 'string') return new Big(object.$big);
  if (keys.length === 1 && Array.isArray(object.$map)) {
    return new Map(object.$map as [unknown, unknown][]);
  }
  if (!keys.some((k) => k.startsWith('$$'))) return value;
  return Object.fromEntries(keys.map((k) => [k.startsWith('$$') ? k.slice(1) : k, object[k]]));
}

/** The state and the clock's offset as one line of JSON. */
export function stateToText(state: SandboxState, clockOffsetMs: number): string {
  const { random: _random, prices, timings: _timings, market: _market, ...data } = state;
  const saved: SavedState = {
    version: SAVED_STATE_VERSION,
    clock_offset_ms: clockOffsetMs,
    prices: prices.saved(),
    state: data,
  };
  return JSON.stringify(saved, replacer);
}

/**
 * A state saved by `stateToText`, with what is not data made again: timings and market from the
 * configuration, and the generator of made-up addresses seeded afresh, so that an address drawn
 * after a restart is not one drawn before it.
 */
export function stateFromText(
  text: string,
  config: SandboxConfig,
  where: string,
): { state: SandboxState; clockOffsetMs: number } {
  let saved: SavedState;
  try {
    saved = JSON.parse(text, reviver) as SavedState;
  } catch (error) {
    throw new SavedStateError(
      `${where} is not readable (${(error as Error).message}); \`pnpm cli sandbox:reset\` starts the sandbox afresh`,
    );
  }
  if (saved.version !== SAVED_STATE_VERSION) {
    throw new SavedStateError(
      `${where} was saved by another version of the sandbox (${String(saved.version)}, this one reads ${SAVED_STATE_VERSION}); \`pnpm cli sandbox:reset\` starts the sandbox afresh`,
    );
  }
  return {
    state: {
      ...saved.state,
      random: seededRandom(randomInt(2 ** 31)),
      prices: PriceModel.restore(saved.prices),
      timings: config.timings,
      market: config.market,
    },
    clockOffsetMs: saved.clock_offset_ms,
  };
}
