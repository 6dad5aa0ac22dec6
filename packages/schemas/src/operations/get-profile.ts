import { z } from 'zod';
import { UUID_PATTERN } from '../primitives/identifier';
import { booleanParam } from '../primitives/query';
import { ROLES } from '../primitives/roles';
import { ProfileSchema } from '../resources/profile';
import { defineRead } from './define-read';

export const getProfile = defineRead({
  id: 'getProfile',
  title: 'Profile',
  description: 'One profile: its nickname and type.',
  path: '/v2/profiles/{profile_id}',
  scope: 'funding:read_profile',
  roles: ROLES,
  parent: 'listProfiles',
  route: '/profiles/:profile_id',
  page: true,
  result: {},
  pathShape: {
    // A path segment: a UUID, or the literal `default` for the default profile (nothing else).
    profile_id: z
      .string({ error: 'Profile id is required' })
      .refine((value) => value === 'default' || UUID_PATTERN.test(value), {
        error: 'Profile id must be a UUID, or default for the default profile',
      })
      .meta({
        label: 'Profile',
        group: 'who',
        help: 'A profile id, or default',
        choices: 'listProfiles',
      }),
  },
  queryShape: {
    include_deactivated: booleanParam('Include deactivated'),
  },
  response: ProfileSchema,
  example: (ids) => ({ params: { profile_id: ids.profiles.treasury } }),
});
