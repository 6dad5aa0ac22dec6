import { OperationPage } from '@/components/form';
import { UpdateFiatAccountFields } from './fields/update-fiat-account-fields';

export function FiatAccountRoute() {
  return <OperationPage operationId="updateFiatAccount" Fields={UpdateFiatAccountFields} />;
}
