import { TransferFields } from './transfer-fields';

export function CreateSvcTransferFields() {
  return <TransferFields />;
}
