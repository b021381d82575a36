import { queryOptions } from '@tanstack/react-query';
import type { OrganizationProfile, OrganizationUpdate } from '../../../contract/organization.ts';
import { apiRequest } from '@/lib/api-client';
import { createWriteHook } from '@/lib/resource-writes';
import type organizationTexts from '../../../public/locales/en/organization.json';

declare module '@/lib/translation-resources' {
  interface AppResources {
    organization: typeof organizationTexts;
  }
}

// The organization's own profile: one record per organization, read by every role.
const organizationEndpoint = { name: 'organization', path: '/organization' };

export const organization = {
  ...organizationEndpoint,
  namespace: 'organization',
  keys: {
    all: ['organization'] as const,
    profile: () => ['organization', 'profile'] as const,
  },
  queries: {
    profile: () =>
      queryOptions({
        queryKey: ['organization', 'profile'] as const,
        queryFn: async ({ signal }) =>
          (await apiRequest<OrganizationProfile>('GET', organizationEndpoint.path, { signal }))
            .data,
        meta: { errorMessage: 'organization:errors.fetch' },
      }),
  },
  /** `PUT /organization` merges; the body carries the version the form read. */
  useUpdate: createWriteHook<OrganizationUpdate, OrganizationProfile>(organizationEndpoint, {
    verb: 'update',
    method: 'PUT',
    path: () => '',
    body: (input) => input,
    success: 'organization:toast.updated',
    failure: 'organization:errors.update',
    invalidates: [],
    select: (data) => data as OrganizationProfile,
  }),
};
