import { OperationPage } from '@/components/form';
import { CreateInternalTransferFields } from './fields/create-internal-transfer-fields';
import { CreateSvcTransferFields } from './fields/create-svc-transfer-fields';
import { reviewTransfer } from './review';

export function InternalTransferRoute() {
  return (
    <OperationPage
      operationId="createInternalTransfer"
      Fields={CreateInternalTransferFields}
      review={reviewTransfer}
    />
  );
}

export function SvcTransferRoute() {
  return (
    <OperationPage
      operationId="createSvcTransfer"
      Fields={CreateSvcTransferFields}
      review={reviewTransfer}
    />
  );
}
