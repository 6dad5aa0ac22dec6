import type { DestinationRequest, RuleSourceRequest, SourceRequest } from '@console/schemas';
import { fieldError, notFound } from '../problem';
import { precisionOf } from './assets';
import { profileOr404 } from './balances';
import { isAddressOf } from './networks';
import { usdValue } from './prices';
import type { SandboxState } from './store';

/**
 * Checks that the rails of a source and destination name things that exist. A rule's source may
 * name only its rail (a network); the rule then gets its own address or instructions.
 */
export function checkRails(
  state: SandboxState,
  source: SourceRequest | RuleSourceRequest,
  destination?: DestinationRequest,
): void {
  if (source.profile) profileOr404(state, source.profile.profile_id, 'source.profile.profile_id');
  const instructions = source.fiat?.deposit_instructions_id;
  if (instructions !== undefined && !state.deposit_instructions.has(instructions)) {
    throw notFound(
      `source.fiat.deposit_instructions_id: deposit instructions ${instructions} do not exist`,
    );
  }
  const addressId = source.crypto?.address_id;
  if (addressId !== undefined && !state.deposit_addresses.has(addressId)) {
    throw notFound(`source.crypto.address_id: deposit address ${addressId} does not exist`);
  }
  if (destination?.profile)
    profileOr404(state, destination.profile.profile_id, 'destination.profile.profile_id');
  if (destination?.fiat) {
    const id = destination.fiat.fiat_account_id;
    const account = state.fiat_accounts.get(id);
    if (!account) {
      throw notFound(`destination.fiat.fiat_account_id: fiat account ${id} does not exist`);
    }
    if (account.deleted_at !== undefined) {
      throw notFound(
        `destination.fiat.fiat_account_id: fiat account ${id} was deleted; no new transfer to it can start`,
      );
    }
  }
  if (destination?.crypto && !isAddressOf(destination.crypto.network, destination.crypto.address)) {
    throw fieldError(
      'destination.crypto.address',
      `not an address of the ${destination.crypto.network} network`,
    );
  }
}

/** Checks both assets are known and convertible through the simulated markets. */
export function checkAssets(
  state: SandboxState,
  sourceAsset: string,
  destinationAsset: string,
  now: number,
): void {
  precisionOf(sourceAsset, 'source_asset');
  precisionOf(destinationAsset, 'destination_asset');
  if (!usdValue(state.prices, sourceAsset, now) || !usdValue(state.prices, destinationAsset, now)) {
    throw fieldError(
      'destination_asset',
      `${sourceAsset} cannot be converted to ${destinationAsset}`,
    );
  }
}
