import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { InstallPromptProvider } from '@/components/install-prompt-provider';
import { useColorScheme } from '@/stores/preferences';
import { theme } from './theme';
import { AfterFirstPaint } from './after-first-paint';

/**
 * What every page needs, signed in or not. The query cache and date settings of the signed-in
 * app are in `SignedInProviders`, a route loaded with the first signed-in page.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const colorScheme = useColorScheme();
  return (
    <MantineProvider theme={theme} forceColorScheme={colorScheme}>
      <InstallPromptProvider>{children}</InstallPromptProvider>
      <AfterFirstPaint />
    </MantineProvider>
  );
}
