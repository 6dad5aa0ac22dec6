import type { ComponentType } from 'react';
import { useOperation } from '../operation-context';
import { fieldInfo } from '@/lib/schema-walk';
import { AccountField } from './account-field';
import { AssetField } from './asset-field';
import { DateTimeField } from './date-time-field';
import { DecimalField } from './decimal-field';
import { DepositAddressField } from './deposit-address-field';
import { DepositInstructionsField } from './deposit-instructions-field';
import { DestinationAddressField } from './destination-address-field';
import { editorOf, type Editor } from './editor-of';
import { FiatAccountField } from './fiat-account-field';
import { IdentityField } from './identity-field';
import { IntegerField } from './integer-field';
import { MetadataField } from './metadata-field';
import { OrderField } from './order-field';
import { ProfileField } from './profile-field';
import { RefIdField } from './ref-id-field';
import { RuleField } from './rule-field';
import { SelectField } from './select-field';
import { SwitchField } from './switch-field';
import { TextField, type FieldProps } from './text-field';
import { TokenField } from './token-field';

/** A deposit address field takes the record's id, or its address where the meta says so. */
function AddressOrId(props: FieldProps) {
  const { shape } = useOperation();
  const member = fieldInfo(shape, props.name).meta.choiceMember === 'address' ? 'address' : 'id';
  return <DepositAddressField {...props} member={member} />;
}

/** Every editor of the form, by name: an editor `editorOf` can name has a component. */
const EDITORS: Record<Editor, ComponentType<FieldProps>> = {
  decimal: DecimalField,
  metadata: MetadataField,
  ref_id: RefIdField,
  'date-time': DateTimeField,
  integer: IntegerField,
  profile: ProfileField,
  'fiat-account': FiatAccountField,
  'deposit-address': AddressOrId,
  order: OrderField,
  rule: RuleField,
  identity: IdentityField,
  account: AccountField,
  'deposit-instructions': DepositInstructionsField,
  'destination-address': DestinationAddressField,
  asset: AssetField,
  token: TokenField,
  select: SelectField,
  switch: SwitchField,
  text: TextField,
};

/**
 * One field of the operation, edited the way its schema says (`editorOf`). Fields components name
 * the fields; how each is edited and labelled comes from here. A field with no editor is a text
 * box here, and a failure of the registry's test (`editor-of.test.ts`), which keeps it from
 * reaching an operator.
 */
export function Field(props: FieldProps) {
  const { shape } = useOperation();
  const { editor } = editorOf(fieldInfo(shape, props.name).schema, props.name);
  const Editor = editor ? EDITORS[editor] : TextField;
  return <Editor {...props} />;
}
