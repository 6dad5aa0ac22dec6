import { Alert, List } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { maintenanceWords, sideStatus, unavailableSideWords } from '@/lib/market-status';
import { useMarkets } from '@/lib/use-market-data';
import { useOrderDraft } from './market-quote';

/**
 * Under the market, before review: the side the operator picked is UNAVAILABLE on this market
 * (appendix B, List Markets), so the service refuses IOC and FOK orders there (a market order is
 * always IOC). The review refuses them too (`marketRefusal`); a resting order still goes.
 */
export function MarketSideWarning() {
  const { market, order } = useOrderDraft();
  const tif = useWatch({ name: 'time_in_force' }) as unknown;
  const markets = useMarkets();
  const side = order.side === 'SELL' ? 'SELL' : order.side === 'BUY' ? 'BUY' : undefined;
  if (!market || !side) return null;
  const details = markets.byMarket.get(market);
  const { status, reason } = sideStatus(details, side);
  if (status !== 'UNAVAILABLE') return null;
  const windows = details?.market_status?.scheduled_maintenance ?? [];
  return (
    <Alert
      color="orange"
      variant="light"
      p="xs"
      role="status"
      title={`${market} is unavailable for ${side === 'BUY' ? 'buying' : 'selling'}`}
    >
      {unavailableSideWords(market, side, reason, { ...order, time_in_force: tif })}
      {windows.length > 0 && (
        <List size="sm" mt={4}>
          {windows.map((w, n) => (
            <List.Item key={`${w.starts_at ?? ''}-${n}`}>
              Maintenance {maintenanceWords(w)}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
