import { OperationPage } from '@/components/form';
import { CreateOrderFields } from './fields/create-order-fields';
import { reviewOrder } from './review';

// A limit buy is the most common ticket; the type's default time in force is preselected.
const DEFAULTS = { side: 'BUY', type: 'LIMIT', time_in_force: 'GTC' };

export function CreateOrderRoute() {
  return (
    <OperationPage
      operationId="createOrder"
      Fields={CreateOrderFields}
      review={reviewOrder}
      defaults={DEFAULTS}
    />
  );
}
