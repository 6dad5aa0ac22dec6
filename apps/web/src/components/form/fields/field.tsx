import { fieldInfo, kindOf } from '@/lib/schema-walk';
import { useOperation } from '../operation-context';
import { DateTimeField } from './date-time-field';
import { DecimalField } from './decimal-field';
import { DepositAddressField } from './deposit-address-field';
import { FiatAccountField } from './fiat-account-field';
import { IntegerField } from './integer-field';
import { MetadataField } from './metadata-field';
import { ProfileField } from './profile-field';
import { RefIdField } from './ref-id-field';
import { SelectField } from './select-field';
import { TextField, type FieldProps } from './text-field';

/**
 * One field of the operation, edited the way its schema says: its `kind` hint first, then its type.
 * Fields components name the fields; how each is edited and labelled comes from here.
 */
export function Field(props: FieldProps) {
  const { shape } = useOperation();
  const { schema, meta } = fieldInfo(shape, props.name);
  switch (meta.kind) {
    case 'decimal':
      return <DecimalField {...props} />;
    case 'metadata':
      return <MetadataField {...props} />;
    case 'ref_id':
      return <RefIdField {...props} />;
    case 'epoch-millis':
      return <DateTimeField {...props} />;
    case 'integer':
      return <IntegerField {...props} />;
  }
  // The registry's `choices` names the list that can serve an id; until every id field carries
  // it, a profile id is known by its name.
  const choices =
    meta.choices ?? (/(^|[._])profile_id$/.test(props.name) ? 'listProfiles' : undefined);
  switch (choices) {
    case 'listProfiles':
      return <ProfileField {...props} />;
    case 'listFiatAccounts':
      return <FiatAccountField {...props} />;
    case 'listDepositAddresses':
      return (
        <DepositAddressField
          {...props}
          member={meta.choiceMember === 'address' ? 'address' : 'id'}
        />
      );
  }
  const type = kindOf(schema);
  if (type === 'enum') return <SelectField {...props} />;
  if (type === 'record') return <MetadataField {...props} />;
  return <TextField {...props} />;
}
