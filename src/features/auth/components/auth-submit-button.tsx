import { Button } from '@mantine/core';
import type { ReactNode } from 'react';

/** The one action of a sign-in, sign-up or recovery form: the card's full width, easy to tap. */
export function AuthSubmitButton({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <Button type="submit" fullWidth size="md" loading={loading}>
      {children}
    </Button>
  );
}
