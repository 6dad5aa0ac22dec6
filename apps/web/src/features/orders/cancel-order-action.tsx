import { Stack, Text } from '@mantine/core';
import { MARKETS, isKnownValue, marketAssets, type Order } from '@console/schemas';
import { RecordAction } from '@/components/action/record-action';
import type { WriteOutcome } from '@/components/action/use-record-write';
import { Amount } from '@/components/result/amount';
import { CopyValue } from '@/components/result/copy-value';
import { FactRow } from '@/components/result/fact-row';
import { ProfileRef } from '@/components/result/profile-ref';
import { canCancel, cancelNote } from './order-cancel';

/** Market, side, amount, price and id: the facts that tell one order from another. */
function OrderFacts({ order }: { order: Order }) {
  const assets = isKnownValue(MARKETS, order.market) ? marketAssets(order.market) : undefined;
  const marketBuy = !order.base_amount && order.quote_amount;
  return (
    <Stack gap={4} aria-label="The order">
      <FactRow label="Order">
        <Text size="sm" fw={600}>
          {order.side} {order.market} · {order.type}
        </Text>
      </FactRow>
      <FactRow label="Amount">
        {marketBuy ? (
          <Amount value={order.quote_amount!} asset={assets?.quote} />
        ) : order.base_amount ? (
          <Amount value={order.base_amount} asset={assets?.base} />
        ) : (
          <Text size="sm">—</Text>
        )}
      </FactRow>
      <FactRow label="Price">
        {order.price ? (
          <Amount value={order.price} asset={assets?.quote} />
        ) : (
          <Text size="sm">Market</Text>
        )}
      </FactRow>
      <FactRow label="Filled">
        <Amount value={order.amount_filled ?? '0'} asset={assets?.base} />
      </FactRow>
      {order.profile_id && (
        <FactRow label="Profile">
          <ProfileRef id={order.profile_id} />
        </FactRow>
      )}
      <FactRow label="Order id">
        <CopyValue value={order.id} label="order id" />
      </FactRow>
    </Stack>
  );
}

/**
 * Cancel an open order, from its page or its row in the list: a confirmation naming the order,
 * sent as the write `cancelOrder`. Nothing is offered for an order that can no longer be cancelled.
 */
export function CancelOrderAction({
  order,
  compact,
  keep = false,
  onOutcome,
}: {
  order: Order;
  compact?: boolean;
  /** Stays when the order can no longer be cancelled: its cancel was just sent from here. */
  keep?: boolean;
  onOutcome?: (outcome: WriteOutcome) => void;
}) {
  if ((!canCancel(order) && !keep) || !order.profile_id) return null;
  return (
    <RecordAction
      operation="cancelOrder"
      input={{ profile_id: order.profile_id, id: order.id }}
      label={compact ? 'Cancel' : 'Cancel order'}
      ariaLabel={compact ? `Cancel order ${order.id}` : undefined}
      title="Cancel this order?"
      summary={<OrderFacts order={order} />}
      note={cancelNote(order)}
      keepLabel="Keep the order"
      confirmLabel="Send the cancel request"
      sentText={compact ? 'Cancel requested: it may still fill' : 'Cancel requested (see below).'}
      compact={compact}
      onOutcome={onOutcome}
    />
  );
}
