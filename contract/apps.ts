import { z } from 'zod';

/** `POST /apps/test-mail`: where the test mail went, so the page can say so. */
export const testMailData = z.object({ to: z.string() });
export type TestMailData = z.infer<typeof testMailData>;
