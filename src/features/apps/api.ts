import { queryOptions } from '@tanstack/react-query';
import type { TestMailData } from '../../../contract/apps.ts';
import type { AuthOptions } from '../../../contract/auth.ts';
import { apiRequest } from '@/lib/api-client';
import type appsTexts from '../../../public/locales/en/apps.json';

declare module '@/lib/translation-resources' {
  interface AppResources {
    apps: typeof appsTexts;
  }
}

/** Whether the server has SMTP configured: `GET /auth/options` says so as `emailRecovery`. */
export const emailStatusQuery = () =>
  queryOptions({
    queryKey: ['apps', 'email-status'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest<AuthOptions>('GET', '/auth/options', { signal })).data.emailRecovery,
  });

/**
 * Mails the signed-in user; answers with the address it went to. Sent now or not at all: a test
 * mail queued for later would test nothing, so it stays out of the offline write queue.
 */
export async function sendTestMail(): Promise<TestMailData> {
  return (await apiRequest<TestMailData>('POST', '/apps/test-mail')).data;
}
