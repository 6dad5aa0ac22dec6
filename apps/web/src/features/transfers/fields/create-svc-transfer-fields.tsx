import { TransferFields } from './transfer-fields';

export function CreateSvcTransferFields() {
  return <TransferFields />;
}

export { reviewTransfer as review } from '../review';
