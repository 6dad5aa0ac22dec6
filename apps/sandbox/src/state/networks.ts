import { EVM_NETWORKS, type CryptoNetwork } from '@console/schemas';
import { charsFrom } from './random';

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const HEX = '0123456789abcdef';

/** A plausible fresh address for a network; the EVM networks share the `0x` form. */
export function newAddress(network: CryptoNetwork, random: () => number): string {
  if (EVM_NETWORKS.includes(network)) return `0x${charsFrom(random, HEX, 40)}`;
  switch (network) {
    case 'BITCOIN':
      return `bc1q${charsFrom(random, BECH32, 38)}`;
    case 'LITECOIN':
      return `ltc1q${charsFrom(random, BECH32, 38)}`;
    case 'BITCOIN_CASH':
      return `bitcoincash:q${charsFrom(random, BECH32, 41)}`;
    default:
      return charsFrom(random, BASE58, 44);
  }
}

/** Networks that can deposit to an address of this network (the EVM family shares addresses). */
export function compatibleNetworks(network: CryptoNetwork): CryptoNetwork[] {
  return EVM_NETWORKS.includes(network) ? [...EVM_NETWORKS] : [network];
}

const ADDRESS_FORMS: Record<string, RegExp> = {
  BITCOIN: /^(bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/,
  LITECOIN: /^(ltc1[02-9ac-hj-np-z]{11,71}|[LM3][1-9A-HJ-NP-Za-km-z]{25,34})$/,
  BITCOIN_CASH: /^((bitcoincash:)?[qp][02-9ac-hj-np-z]{41}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/,
  SOLANA: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
  EVM: /^0x[0-9a-fA-F]{40}$/,
};

/** True when `address` has the form of an address on `network`. */
export function isAddressOf(network: CryptoNetwork, address: string): boolean {
  const form = EVM_NETWORKS.includes(network) ? ADDRESS_FORMS.EVM : ADDRESS_FORMS[network];
  return form?.test(address) ?? false;
}

/**
 * Guaranteed withdrawal fee per network and asset, in the asset. An asset missing from a
 * network's row cannot be withdrawn over it.
 */
export const WITHDRAWAL_FEES: Record<CryptoNetwork, Record<string, string>> = {
  BITCOIN: { BTC: '0.00015' },
  ETHEREUM: {
    ETH: '0.0021',
    USDP: '3.5',
    PAXG: '0.0015',
    LINK: '0.25',
    UNI: '0.3',
    AAVE: '0.01',
    MATIC: '5',
  },
  BITCOIN_CASH: { BCH: '0.0002' },
  LITECOIN: { LTC: '0.001' },
  SOLANA: { USDP: '0.05' },
  POLYGON_POS: { MATIC: '0.1', USDP: '0.05' },
  BASE: { ETH: '0.00005', USDP: '0.05' },
  ARBITRUM_ONE: { ETH: '0.00008', USDP: '0.05' },
  INK: { ETH: '0.00005' },
};

/** How long a guaranteed fee quote holds. */
export const FEE_QUOTE_TTL_MS = 5 * 60 * 1000;
