import { OperationPage } from '@/components/form';
import { CreateCryptoWithdrawalFeeFields } from './fields/create-crypto-withdrawal-fee-fields';
import { CreateDepositAddressFields } from './fields/create-deposit-address-fields';

export function DepositAddressRoute() {
  return <OperationPage operationId="createDepositAddress" Fields={CreateDepositAddressFields} />;
}

export function WithdrawalFeeRoute() {
  return (
    <OperationPage
      operationId="createCryptoWithdrawalFee"
      Fields={CreateCryptoWithdrawalFeeFields}
    />
  );
}
