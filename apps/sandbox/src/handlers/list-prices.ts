import { marketPrice, isMarket } from '../state/markets';
import { values } from './query';
import type { ReadHandler } from './types';

/** List Prices: public; every market asked for is priced by the sandbox's model. */
export const listPrices: ReadHandler = ({ query, state, now }) => ({
  items: (values(query, 'markets') ?? [])
    .filter(isMarket)
    .map((market) => marketPrice(state, market, now)),
});
