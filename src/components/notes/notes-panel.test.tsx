import { dehydrate, hydrate, onlineManager, QueryClient } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { THREAD_POLL_MS, useCreateNote } from '@/lib/notes';
import { queuedWrites } from '@/lib/offline/write-queue';
import { registerMutationDefaults } from '@/lib/resource-writes';
import { createNotesFake, ORDER_ID, STAFF_ID, type NotesFake } from '@/test/msw/notes';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser } from '@/test/msw/session';
import { createTestQueryClient, createTestWrapper, renderWithProviders } from '@/test/render';
import { mentionedIds, mentionQueryAt, mentionSuggestions } from './note-composer';
import { NotesPanel } from './notes-panel';

const server = setupMswServer();
let fake: NotesFake;
const subject = { subjectType: 'order', subjectId: ORDER_ID } as const;

beforeEach(() => {
  signInTestUser();
  fake = createNotesFake();
  server.use(...fake.handlers);
});

afterEach(() => {
  onlineManager.setOnline(true);
  vi.useRealTimers();
});

function renderPanel(queryClient = createTestQueryClient()) {
  return renderWithProviders(<NotesPanel subject={subject} />, { queryClient });
}

const shownBodies = () => screen.getAllByTestId('note-body').map((body) => body.textContent);

describe('NotesPanel', { timeout: 15_000 }, () => {
  it('shows the thread oldest first and marks it read up to the newest note', async () => {
    fake.add('order', ORDER_ID, 'Rate ₹12 a piece');
    const newest = fake.add('order', ORDER_ID, '20 pieces rejected');
    renderPanel();
    expect(await screen.findByText('20 pieces rejected')).toBeInTheDocument();
    expect(shownBodies()).toEqual(['Rate ₹12 a piece', '20 pieces rejected']);
    // Nothing was read before: everything is new, so the divider sits above the first note.
    await waitFor(() =>
      expect(fake.readRequests).toEqual([{ subjectId: ORDER_ID, upTo: newest.cursor }]),
    );
  });

  it('puts the "New" divider after what was read before, and keeps it while reading', async () => {
    const read = fake.add('order', ORDER_ID, 'already read');
    fake.reads.set(`order:${ORDER_ID}`, read.cursor);
    fake.add('order', ORDER_ID, 'not yet read');
    renderPanel();
    await screen.findByText('not yet read');
    await waitFor(() => expect(fake.readRequests).toHaveLength(1));
    const log = screen.getByRole('log', { name: 'Notes' });
    const order = [...log.querySelectorAll('[data-testid="note"], [role="separator"]')].map(
      (node) => (node.getAttribute('role') === 'separator' ? 'divider' : node.textContent),
    );
    expect(order).toHaveLength(3);
    expect(order[1]).toBe('divider');
  });

  it('mentions a teammate picked after typing @ and sends their id', async () => {
    const { user } = renderPanel();
    await screen.findByText(/No notes yet/);
    const box = screen.getByRole('textbox', { name: 'Write a note' });
    await user.type(box, 'Please count again @suresh st');
    const option = await screen.findByRole('option', { name: 'Suresh Staff' });
    // The writer is not offered to themselves.
    expect(screen.queryByRole('option', { name: 'Asha Patel' })).not.toBeInTheDocument();
    await user.click(option);
    expect(box).toHaveValue('Please count again @Suresh Staff ');
    await user.type(box, 'thanks');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(fake.received).toEqual([
        {
          body: 'Please count again @Suresh Staff thanks',
          mentions: [STAFF_ID],
          key: expect.any(String) as string,
        },
      ]),
    );
    expect(await screen.findByText('Please count again @Suresh Staff thanks')).toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  it('leaves the page where it is as the thread opens, and follows notes that arrive', async () => {
    const scrolled: string[] = [];
    // jsdom has no layout and so no scrollIntoView of its own.
    Element.prototype.scrollIntoView = vi.fn(() => {
      scrolled.push('end');
    });
    try {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      fake.add('order', ORDER_ID, 'first');
      renderPanel();
      await screen.findByText('first');
      await waitFor(() => expect(fake.readRequests).toHaveLength(1));
      expect(scrolled).toEqual([]);
      fake.add('order', ORDER_ID, 'arrived while open');
      await act(() => vi.advanceTimersByTimeAsync(THREAD_POLL_MS + 100));
      await screen.findByText('arrived while open');
      await waitFor(() => expect(scrolled).toEqual(['end']));
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('shows new notes from others without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fake.add('order', ORDER_ID, 'first');
    renderPanel();
    await screen.findByText('first');
    fake.add('order', ORDER_ID, 'arrived while open');
    await act(() => vi.advanceTimersByTimeAsync(THREAD_POLL_MS + 100));
    expect(await screen.findByText('arrived while open')).toBeInTheDocument();
  });

  it('keeps notes written offline as "waiting to send" and delivers them once, in order', async () => {
    const { user } = renderPanel();
    await screen.findByText(/No notes yet/);
    onlineManager.setOnline(false);
    const box = screen.getByRole('textbox', { name: 'Write a note' });
    await user.type(box, 'offline one');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.type(box, 'offline two');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const waiting = await screen.findAllByTestId('note-waiting');
    expect(waiting.map((entry) => within(entry).getByText(/offline/).textContent)).toEqual([
      'offline one',
      'offline two',
    ]);
    expect(within(waiting[0]!).getByText('Waiting to send')).toBeInTheDocument();
    expect(fake.received).toEqual([]);

    onlineManager.setOnline(true);
    await waitFor(() => expect(screen.queryAllByTestId('note-waiting')).toHaveLength(0));
    expect(fake.received.map((entry) => entry.body)).toEqual(['offline one', 'offline two']);
    expect(new Set(fake.received.map((entry) => entry.key)).size).toBe(2);
    await waitFor(() => expect(shownBodies()).toEqual(['offline one', 'offline two']));
  });
});

describe('notes queued offline across a reload', () => {
  it('are sent after the reload in the order written, each exactly once', async () => {
    const client = createTestQueryClient();
    onlineManager.setOnline(false);
    const { wrapper } = createTestWrapper({ queryClient: client });
    const { result } = renderHook(() => useCreateNote(), { wrapper });
    for (const body of ['one', 'two', 'three']) {
      act(() => result.current.mutate({ ...subject, body }));
    }
    await waitFor(() => expect(queuedWrites(client)).toHaveLength(3));
    const saved = dehydrate(client, {
      shouldDehydrateMutation: (mutation) => mutation.state.isPaused,
    });
    client.clear();

    const restored = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    registerMutationDefaults(restored);
    hydrate(restored, saved);
    onlineManager.setOnline(true);
    await restored.resumePausedMutations();
    await waitFor(() => expect(queuedWrites(restored)).toHaveLength(0));
    // Resuming again (a second tab, a flaky reconnect) sends nothing more.
    await restored.resumePausedMutations();
    expect(fake.received.map((entry) => entry.body)).toEqual(['one', 'two', 'three']);
    expect(fake.notes.map((note) => note.body)).toEqual(['one', 'two', 'three']);
  });

  it('a replay of the same write is applied once by the server', async () => {
    const client = createTestQueryClient();
    const { wrapper } = createTestWrapper({ queryClient: client });
    const { result } = renderHook(() => useCreateNote(), { wrapper });
    act(() => result.current.mutate({ ...subject, body: 'sent twice' }));
    await waitFor(() => expect(fake.received).toHaveLength(1));
    const [mutation] = client.getMutationCache().getAll();
    await act(() => mutation!.execute(mutation!.state.variables));
    expect(fake.received).toHaveLength(2);
    expect(fake.received[0]?.key).toBe(fake.received[1]?.key);
    expect(fake.notes.filter((note) => note.body === 'sent twice')).toHaveLength(1);
  });
});

describe('mention helpers', () => {
  it('finds the @word before the caret only at a word start', () => {
    expect(mentionQueryAt('hello @Sur', 10)).toEqual({ start: 6, text: 'Sur' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, text: '' });
    expect(mentionQueryAt('mail me@example', 15)).toBeNull();
    expect(mentionQueryAt('hi @Demo St', 11)).toEqual({ start: 3, text: 'Demo St' });
    expect(mentionQueryAt('@Sur\nnext', 9)).toBeNull();
  });

  it('searches names with spaces, and lets go once the text matches nobody', () => {
    const people = [
      { _id: 'a', name: 'Demo Staff' },
      { _id: 'b', name: 'Demo Admin' },
      { _id: 'me', name: 'Demo Owner' },
    ];
    const at = (text: string) => mentionSuggestions(people, { start: 0, text }, 'me');
    expect(at('demo')?.map((p) => p.name)).toEqual(['Demo Staff', 'Demo Admin']);
    expect(at('Demo St')?.map((p) => p.name)).toEqual(['Demo Staff']);
    expect(at('Demo Staff please')).toBeNull();
    expect(at('zz')).toEqual([]);
    expect(mentionSuggestions(people, null, 'me')).toBeNull();
  });

  it('keeps only the picked people whose @Name is still in the text', () => {
    const picked = [
      { _id: 'a', name: 'Suresh Staff' },
      { _id: 'b', name: 'Meena Admin' },
    ];
    expect(mentionedIds('@Suresh Staff please', picked)).toEqual(['a']);
    expect(mentionedIds('nobody now', picked)).toEqual([]);
  });
});
