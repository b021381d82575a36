import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/**
 * The sidebar's navigation once the layout is there. The test window is 1024 px wide, a tablet's
 * width, where the sidebar is a drawer rendered when the burger first opens it.
 */
export async function openMainNavigation(): Promise<HTMLElement> {
  await userEvent.click(await screen.findByRole('button', { name: 'Toggle navigation' }));
  return screen.findByRole('navigation', { name: 'Main navigation' });
}
