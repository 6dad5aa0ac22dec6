import { putDestinationAddress } from '../state/destination-addresses';
import type { Handler } from './types';

/**
 * Put Crypto Destination Address: creates the address (PENDING, a nickname made when none is
 * given, not bookmarked unless asked) or updates its nickname and bookmark; answers `{address}`.
 */
export const putCryptoDestinationAddress: Handler<'putCryptoDestinationAddress'> = ({
  body,
  state,
  now,
}) => ({ address: structuredClone(putDestinationAddress(state, body, now)) });
