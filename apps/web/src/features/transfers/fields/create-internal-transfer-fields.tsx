import { TransferFields } from './transfer-fields';

export function CreateInternalTransferFields() {
  return <TransferFields />;
}
