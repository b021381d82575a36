import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createNotesFake,
  MERCHANT_ID,
  ORDER_ID,
  OTHER_ORDER_ID,
  STAFF_ID,
  type NotesFake,
} from '@/test/msw/notes';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUserAs, TEST_USER_ID } from '@/test/msw/session';
import { renderWithProviders } from '@/test/render';
import ChatsPage from './chats-page';

const server = setupMswServer();
let fake: NotesFake;

beforeEach(() => {
  signInTestUserAs('staff');
  fake = createNotesFake();
  server.use(...fake.handlers);
});

function renderPage(route = '/chats') {
  return renderWithProviders(<ChatsPage />, {
    path: '/chats',
    route,
    routes: [{ path: '/chats/:subjectType/:subjectId', element: <ChatsPage /> }],
  });
}

const threadTitles = () =>
  screen
    .getAllByTestId('inbox-thread')
    .map((row) => within(row).getAllByText(/^(Order|Merchant) /)[0]?.textContent);

describe('ChatsPage', { timeout: 15_000 }, () => {
  it('lists threads with unread counts, the one mentioning the reader first', async () => {
    fake.add('order', ORDER_ID, 'Please check the count @Asha Patel', { mentions: [TEST_USER_ID] });
    fake.add('merchant', MERCHANT_ID, 'Pays on the 10th', { authorId: STAFF_ID });
    fake.add('order', OTHER_ORDER_ID, 'Dispatch tomorrow');
    fake.add('order', OTHER_ORDER_ID, 'Truck booked');
    renderPage();
    await screen.findAllByTestId('inbox-thread');
    expect(threadTitles()).toEqual(['Order PO-771', 'Order PO-772', 'Merchant Surat Silk Mills']);
    const [mentioned, newest] = screen.getAllByTestId('inbox-thread');
    expect(within(mentioned!).getByText('Mentions you')).toBeInTheDocument();
    expect(within(mentioned!).getByText('1 unread')).toBeInTheDocument();
    expect(within(newest!).getByText('2 unread')).toBeInTheDocument();
    expect(within(newest!).queryByText('Mentions you')).not.toBeInTheDocument();
    expect(within(newest!).getByText('Meena Admin: Truck booked')).toBeInTheDocument();
    expect(screen.getByText('Choose a thread to read it.')).toBeInTheDocument();
  });

  it('opening a thread shows it, marks it read, and the inbox follows', async () => {
    fake.add('order', ORDER_ID, 'Please check the count', { mentions: [TEST_USER_ID] });
    const { user } = renderPage();
    const [row] = await screen.findAllByTestId('inbox-thread');
    expect(within(row!).getByText('Mentions you')).toBeInTheDocument();
    await user.click(row!);
    expect(screen.getByTestId('location').textContent).toBe(`/chats/order/${ORDER_ID}`);
    const log = await screen.findByRole('log', { name: 'Notes' });
    expect(await within(log).findByText('Please check the count')).toBeInTheDocument();
    await waitFor(() => expect(fake.readRequests).toHaveLength(1));
    await waitFor(() =>
      expect(
        within(screen.getAllByTestId('inbox-thread')[0]!).queryByText('Mentions you'),
      ).toBeNull(),
    );
    expect(within(screen.getAllByTestId('inbox-thread')[0]!).queryByText(/unread/)).toBeNull();
  });

  it('links a thread to its record: an order to its page, a merchant to the filtered list', async () => {
    fake.add('merchant', MERCHANT_ID, 'Pays on the 10th');
    renderPage(`/chats/merchant/${MERCHANT_ID}`);
    const link = await screen.findByRole('link', { name: 'Open Surat Silk Mills' });
    expect(link).toHaveAttribute('href', '/merchants?name=Surat%20Silk%20Mills');
    expect(
      screen.getByRole('heading', { level: 2, name: 'Merchant Surat Silk Mills' }),
    ).toBeVisible();
  });

  it('says so when there are no notes yet', async () => {
    renderPage();
    expect(await screen.findByText('No notes yet')).toBeInTheDocument();
  });
});
