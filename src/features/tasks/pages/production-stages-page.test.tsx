import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createProductionFake, makeCard } from '@/test/msw/production';
import { checking, embroidery, punching } from '@/test/floor-stages';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser, signInTestUserAs } from '@/test/msw/session';
import { renderWithProviders } from '@/test/render';
import ProductionStagesPage from './production-stages-page';

const server = setupMswServer();
let fake: ReturnType<typeof createProductionFake>;

beforeEach(() => {
  signInTestUser();
  // One card sits in machine embroidery.
  fake = createProductionFake({ cards: [makeCard(1, embroidery)] });
  server.use(...fake.handlers);
});

const renderPage = () =>
  renderWithProviders(<ProductionStagesPage />, { path: '/settings/production' });
const names = () =>
  screen
    .getAllByRole('textbox', { name: /^Stage \d+$/ })
    .map((input) => (input as HTMLInputElement).value);

describe('production stages in settings', { timeout: 20_000 }, () => {
  it('renames, reorders, adds and removes stages and saves the ordered list', async () => {
    const { user } = renderPage();
    await screen.findByDisplayValue('Design punching');
    expect(names()).toEqual(['Design punching', 'Machine embroidery', 'Checking']);
    expect(screen.getByText('1 card')).toBeInTheDocument();

    const first = screen.getByRole('textbox', { name: 'Stage 1' });
    await user.clear(first);
    await user.type(first, 'Punching');
    await user.click(screen.getByRole('button', { name: 'Move Checking up' }));
    expect(names()).toEqual(['Punching', 'Checking', 'Machine embroidery']);
    await user.click(screen.getByRole('button', { name: 'Add stage' }));
    await user.type(screen.getByRole('textbox', { name: 'Stage 4' }), 'Packing');
    await user.click(screen.getByRole('button', { name: 'Move Punching down' }));
    await user.click(screen.getByRole('button', { name: 'Remove Punching' }));
    expect(names()).toEqual(['Checking', 'Machine embroidery', 'Packing']);

    await user.click(screen.getByRole('button', { name: 'Save stages' }));
    expect(await screen.findByText('Stages saved')).toBeInTheDocument();
    expect(fake.requestsTo('PUT', '/api/production/stages')[0]?.body).toEqual({
      stages: [
        { _id: checking._id, version: 1, name: 'Checking' },
        { _id: embroidery._id, version: 1, name: 'Machine embroidery' },
        { name: 'Packing' },
      ],
    });
    expect(fake.stages.map((stage) => stage.name)).toEqual([
      'Checking',
      'Machine embroidery',
      'Packing',
    ]);
    void punching;
  });

  it('says, in the interface language, why removing a stage with cards is refused', async () => {
    const { user } = renderPage();
    await screen.findByDisplayValue('Machine embroidery');
    await user.click(screen.getByRole('button', { name: 'Remove Machine embroidery' }));
    await user.click(screen.getByRole('button', { name: 'Save stages' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Job cards are in a stage you removed: move them to another stage first',
    );
    // Nothing was lost: the edit can be undone.
    await user.click(screen.getByRole('button', { name: 'Undo changes' }));
    expect(names()).toEqual(['Design punching', 'Machine embroidery', 'Checking']);
  });

  it('marks two stages with the same name before sending', async () => {
    const { user } = renderPage();
    const third = await screen.findByDisplayValue('Checking');
    await user.clear(third);
    await user.type(third, 'design punching');
    await user.click(screen.getByRole('button', { name: 'Save stages' }));
    await waitFor(() => expect(third).toHaveAttribute('aria-invalid', 'true'));
    expect(fake.requestsTo('PUT', '/api/production/stages')).toHaveLength(0);
  });

  it('shows staff the stages without letting them change them', async () => {
    signInTestUserAs('staff');
    renderPage();
    const first = await screen.findByDisplayValue('Design punching');
    expect(first).toHaveAttribute('readonly');
    expect(screen.getByText('Only an owner or admin changes the stages.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save stages' })).not.toBeInTheDocument();
    expect(
      within(document.body).queryByRole('button', { name: /^Remove / }),
    ).not.toBeInTheDocument();
  });
});
