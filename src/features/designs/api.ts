import type {
  Design,
  DesignCreate,
  DesignListParams,
  DesignUpdate,
} from '../../../contract/designs.ts';
import { createResource } from '@/lib/resource-factory';

export const designsResource = createResource<
  Design,
  Partial<DesignListParams>,
  DesignCreate,
  DesignUpdate
>({
  name: 'designs',
  path: '/designs',
  messages: {
    created: 'designs:toast.created',
    updated: 'designs:toast.updated',
    deleted: 'designs:toast.deleted',
    fetchListFailed: 'designs:errors.fetchList',
    fetchOneFailed: 'designs:errors.fetchOne',
    fetchAllFailed: 'designs:errors.fetchList',
    createFailed: 'designs:errors.create',
    updateFailed: 'designs:errors.update',
    deleteFailed: 'designs:errors.delete',
  },
  // Order lines embed the design's name and code.
  invalidates: [['orders']],
});

export const designQueries = designsResource.queries;
export const useCreateDesign = designsResource.useCreate;
export const useUpdateDesign = designsResource.useUpdate;
export const useDeleteDesign = designsResource.useRemove;
