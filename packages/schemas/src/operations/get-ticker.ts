import { MarketSchema } from '../primitives/trading-enums';
import { ROLES } from '../primitives/roles';
import { TickerSchema } from '../resources/market';
import { defineRead } from './define-read';

/** Public market data: no token (`scope: null`). */
export const getTicker = defineRead({
  id: 'getTicker',
  title: 'Ticker',
  description:
    'A market now: best bid and ask, the last execution, and today’s and yesterday’s open, high, low and volume.',
  path: '/v2/markets/{market}/ticker',
  scope: null,
  roles: ROLES,
  parent: 'listMarkets',
  route: '/markets/:market',
  result: {},
  pathShape: {
    // A market of the list, and nothing else: it becomes a segment of the service's URL.
    market: MarketSchema.meta({ label: 'Market', group: 'what' }),
  },
  queryShape: {},
  response: TickerSchema,
  example: () => ({ params: { market: 'BTCUSD' } }),
});
