import { MARKETS, isKnownValue, marketAssets } from '@console/schemas';
import { useWatch } from 'react-hook-form';

/**
 * The asset an amount is in, from the field's `asset` hint: a fixed code after `=`, the value of
 * another field (`asset`, `source_asset`), or the base or quote of the chosen market.
 */
export function useAsset(hint: string | undefined): string | undefined {
  const [field, part] = (hint ?? '').split(':');
  const watched = useWatch({
    name: field && !field.startsWith('=') ? field : '__none__',
  }) as unknown;
  if (!hint || !field) return undefined;
  if (field.startsWith('=')) return field.slice(1);
  if (typeof watched !== 'string' || !watched) return undefined;
  if (part === 'base' || part === 'quote') {
    return isKnownValue(MARKETS, watched) ? marketAssets(watched)[part] : undefined;
  }
  return watched;
}
