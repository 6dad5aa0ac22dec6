import { MARKETS } from '@console/schemas';
import { marketDetails } from '../state/markets';
import type { ReadHandler } from './types';

/** List Markets: public, every market with its order bounds at the current price. */
export const listMarkets: ReadHandler = ({ state, now }) => ({
  markets: MARKETS.map((market) => marketDetails(state, market, now)),
});
