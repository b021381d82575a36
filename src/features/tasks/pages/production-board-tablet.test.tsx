import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { createProductionFake, makeCard } from '@/test/msw/production';
import { checking, embroidery, punching } from '@/test/floor-stages';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser } from '@/test/msw/session';
import ProductionBoardPage from './production-board-page';

/*
 * The board on a workshop tablet (the test window is 1024 px wide): a switcher to reach every
 * stage, cards dragged from the keyboard (touch drags share the same drop), and due filters.
 */
const server = setupMswServer();

let fake: ReturnType<typeof createProductionFake>;
const scrolled: Element[] = [];

beforeEach(() => {
  signInTestUser();
  fake = createProductionFake({
    cards: [makeCard(1, punching, { quantity: 120 }), makeCard(2, embroidery, { quantity: 40 })],
  });
  server.use(...fake.handlers);
  scrolled.length = 0;
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolled.push(this);
  });
});

afterEach(() => {
  // happy-dom has no scrolling of its own; the stub goes with the test.
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

function renderBoard(route = '/tasks') {
  return renderWithProviders(<ProductionBoardPage />, { path: '/tasks', route });
}

describe('the board on a tablet', { timeout: 20_000 }, () => {
  it('lists every stage with its card count and scrolls the board to the one tapped', async () => {
    const { user } = renderBoard();
    await screen.findByRole('article', { name: 'PO-1, Paisley 1' });
    const switcher = screen.getByRole('navigation', { name: 'Stages' });
    const buttons = within(switcher).getAllByRole('button');
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Design punching: 1 cards',
      'Machine embroidery: 1 cards',
      'Checking: 0 cards',
    ]);
    expect(buttons[0]).toHaveAttribute('aria-current', 'true');

    await user.click(within(switcher).getByRole('button', { name: 'Checking: 0 cards' }));
    expect(scrolled).toEqual([screen.getByRole('region', { name: 'Checking: 0 cards' })]);
    expect(within(switcher).getByRole('button', { name: 'Checking: 0 cards' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(buttons[0]).not.toHaveAttribute('aria-current');
  });

  it('drags a card from the keyboard with the versioned move, announcing each step', async () => {
    const { user } = renderBoard();
    await screen.findByRole('article', { name: 'PO-1, Paisley 1' });
    const handle = screen.getByRole('button', { name: 'Drag PO-1 PZ-1 to another stage' });
    handle.focus();
    const status = screen.getByTestId('drag-announcer');

    await user.keyboard(' ');
    expect(status).toHaveTextContent('Picked up PO-1 PZ-1 in Design punching');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(status).toHaveTextContent('PO-1 PZ-1 over Checking');
    expect(screen.getByRole('region', { name: 'Checking: 0 cards' })).toBeInTheDocument();
    await user.keyboard(' ');
    expect(status).toHaveTextContent('PO-1 PZ-1 moved to Checking');

    const movePath = `/api/job-cards/${fake.cards[0]!._id}/move`;
    await waitFor(() => expect(fake.requestsTo('POST', movePath)).toHaveLength(1));
    expect(fake.requestsTo('POST', movePath)[0]?.body).toEqual({
      stageId: checking._id,
      version: 1,
    });
    const moved = await within(
      await screen.findByRole('region', { name: 'Checking: 1 cards' }),
    ).findByRole('article', { name: 'PO-1, Paisley 1' });
    // The keyboard stays on the card, in its new column, for the next move.
    await waitFor(() =>
      expect(
        within(moved).getByRole('button', { name: 'Drag PO-1 PZ-1 to another stage' }),
      ).toHaveFocus(),
    );
  });

  it('puts the card back on Escape without sending anything', async () => {
    const { user } = renderBoard();
    await screen.findByRole('article', { name: 'PO-2, Paisley 2' });
    screen.getByRole('button', { name: 'Drag PO-2 PZ-2 to another stage' }).focus();
    await user.keyboard(' {ArrowRight}{Escape}');
    expect(screen.getByTestId('drag-announcer')).toHaveTextContent('PO-2 PZ-2 stays where it was');
    expect(fake.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });
});

describe('due filters', { timeout: 20_000 }, () => {
  it('asks the server for the cards due today or this week', async () => {
    const { user } = renderBoard();
    await screen.findByRole('article', { name: 'PO-1, Paisley 1' });
    await user.click(screen.getByRole('combobox', { name: 'Due soon' }));
    await user.click(await screen.findByRole('option', { name: 'Due today' }));
    await waitFor(() =>
      expect(
        fake.requestsTo('GET', '/api/job-cards').some((request) => {
          return request.url.searchParams.get('due') === 'today';
        }),
      ).toBe(true),
    );
  });

  it('keeps "due this week" from the address', async () => {
    renderBoard('/tasks?due=week');
    await screen.findByRole('article', { name: 'PO-1, Paisley 1' });
    const query = fake.requestsTo('GET', '/api/job-cards')[0]?.url.searchParams;
    expect(query?.get('due')).toBe('week');
  });
});
