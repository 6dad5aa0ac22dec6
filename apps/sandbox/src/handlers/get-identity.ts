import { notFound } from '../problem';
import { identityView } from '../state/identity-view';
import { flag } from './query';
import type { ReadHandler } from './types';

/** Get Identity: the details only with `include_details`, members with `include_institution_members`. */
export const getIdentity: ReadHandler = ({ params, query, state }) => {
  const identity = state.identities.get(params.id ?? '');
  if (!identity) throw notFound(`id: identity ${params.id} does not exist`);
  return identityView(identity, {
    details: flag(query, 'include_details'),
    members: flag(query, 'include_institution_members'),
  });
};
