import { z } from 'zod';
import { MarketSchema } from '../primitives/trading-enums';
import { arrayParam } from '../primitives/query';
import { ROLES } from '../primitives/roles';
import { MarketPriceSchema } from '../resources/market';
import { defineRead } from './define-read';

/** Public market data: no token (`scope: null`). A market that could not be priced is left out. */
export const listPrices = defineRead({
  id: 'listPrices',
  title: 'Prices',
  description: 'The current price of each market asked for, and its price a day ago.',
  path: '/v2/all-markets/prices',
  scope: null,
  roles: ROLES,
  parent: 'listMarkets',
  route: '/prices',
  result: {},
  pathShape: {},
  queryShape: {
    // Required: the prices are asked for by market.
    markets: arrayParam('Markets', MarketSchema).unwrap().meta({ label: 'Markets', group: 'what' }),
  },
  response: z.looseObject({ items: z.array(MarketPriceSchema) }),
  example: () => ({ query: { markets: ['BTCUSD', 'ETHUSD'] } }),
});
