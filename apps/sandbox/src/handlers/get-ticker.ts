import { notFound } from '../problem';
import { isMarket, ticker } from '../state/markets';
import type { ReadHandler } from './types';

/** Get Ticker: public; 404 for a market the service does not have. */
export const getTicker: ReadHandler = ({ params, state, now }) => {
  const market = params.market ?? '';
  if (!isMarket(market)) throw notFound(`market: ${market} is not a market`);
  return ticker(state, market, now);
};
