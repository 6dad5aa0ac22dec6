import { TransferFields } from './transfer-fields';

export function CreateInternalTransferFields() {
  return <TransferFields />;
}

export { reviewTransfer as review } from '../review';
