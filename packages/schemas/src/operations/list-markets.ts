import { z } from 'zod';
import { ROLES } from '../primitives/roles';
import { MarketDetailsSchema } from '../resources/market';
import { defineRead } from './define-read';

/** Public market data: no token (`scope: null`), the same for every client. */
export const listMarkets = defineRead({
  id: 'listMarkets',
  title: 'Markets',
  description:
    'Every market with its assets, price increment, status and the smallest and largest order.',
  path: '/v2/markets',
  scope: null,
  roles: ROLES,
  nav: { duty: 'Trading', label: 'Markets' },
  route: '/markets',
  result: {},
  pathShape: {},
  queryShape: {},
  // No paging: every market at once.
  response: z.looseObject({ markets: z.array(MarketDetailsSchema) }),
  example: () => ({}),
});
