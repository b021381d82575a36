import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Design } from '../../contract/designs.ts';
import { DesignFormModal } from '@/features/designs/components/design-form-modal';
import { fail, ok } from '@/test/msw/envelope';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser } from '@/test/msw/session';
import { renderWithProviders } from '@/test/render';

const server = setupMswServer();
let posts: unknown[];

beforeEach(() => {
  signInTestUser();
  posts = [];
  localStorage.clear();
  server.use(
    http.post('*/api/designs', async ({ request }) => {
      posts.push(await request.json());
      return ok({ _id: 'new', name: 'x' }, 'Design created successfully', 201);
    }),
    http.get('*/api/designs*', () => ok({ data: [] })),
  );
});

afterEach(() => localStorage.clear());

function renderDesignForm(design: Design | null = null) {
  const onClose = vi.fn();
  const view = renderWithProviders(<DesignFormModal record={design} onClose={onClose} />);
  const dialog = () => screen.getByRole('dialog', { name: design ? 'Edit design' : 'Add design' });
  return { ...view, onClose, dialog };
}

describe('fields from definitions', () => {
  it('takes required marks and maximum lengths from the contract', () => {
    const { dialog } = renderDesignForm();
    const code = within(dialog()).getByRole('textbox', { name: /Design code/ });
    expect(code).toHaveAttribute('maxlength', '40');
    expect(code).toBeRequired();
    const description = within(dialog()).getByRole('textbox', { name: 'Description' });
    expect(description).toHaveAttribute('maxlength', '1000');
    expect(description).not.toBeRequired();
  });

  it('refuses a negative rate with a field error instead of changing its sign', async () => {
    const { user, dialog } = renderDesignForm();
    await user.type(within(dialog()).getByRole('textbox', { name: /Design code/ }), 'NEG-1');
    await user.type(within(dialog()).getByRole('textbox', { name: /^Name/ }), 'Negative');
    const rate = within(dialog()).getByRole('textbox', { name: /Rate per piece/ });
    await user.type(rate, '-25');
    expect(rate).toHaveValue('-25');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByText('Must be at least 0')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
    await waitFor(() => expect(rate).toHaveFocus());
  });

  it('puts the focus on the first field in error after a refused submit', async () => {
    const { user, dialog } = renderDesignForm();
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog()).getByRole('textbox', { name: /Design code/ })).toHaveFocus(),
    );
  });
});

describe('nothing typed is lost', () => {
  it('asks before closing a changed form, and keeps it when the user goes back', async () => {
    const { user, dialog, onClose } = renderDesignForm();
    await user.type(within(dialog()).getByRole('textbox', { name: /^Name/ }), 'Half typed');
    await user.keyboard('{Escape}');
    const confirm = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog()).getByRole('textbox', { name: /^Name/ })).toHaveValue('Half typed');

    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    const again = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.click(within(again).getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes an untouched form at once', async () => {
    const { user, dialog, onClose } = renderDesignForm();
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Discard unsaved changes?' })).toBeNull();
  });

  it('keeps a new record as a draft that a later form offers back', async () => {
    const first = renderDesignForm();
    await first.user.type(within(first.dialog()).getByRole('textbox', { name: /^Name/ }), 'Kairi');
    await waitFor(() => expect(localStorage.length).toBeGreaterThan(0));
    first.unmount();

    const second = renderDesignForm();
    expect(within(second.dialog()).getByRole('textbox', { name: /^Name/ })).toHaveValue('');
    expect(within(second.dialog()).getByText(/Unsaved entries from/)).toBeInTheDocument();
    await second.user.click(within(second.dialog()).getByRole('button', { name: 'Restore' }));
    expect(within(second.dialog()).getByRole('textbox', { name: /^Name/ })).toHaveValue('Kairi');
  });

  it('keeps the form open with every input and says why when the save fails', async () => {
    server.use(http.post('*/api/designs', () => fail(500, 'boom')));
    const { user, dialog, onClose } = renderDesignForm();
    await user.type(within(dialog()).getByRole('textbox', { name: /Design code/ }), 'ERR-1');
    await user.type(within(dialog()).getByRole('textbox', { name: /^Name/ }), 'Will fail');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog()).findByRole('alert');
    expect(alert).toHaveTextContent('Not saved');
    expect(alert).toHaveTextContent('Failed to create design');
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog()).getByRole('textbox', { name: /^Name/ })).toHaveValue('Will fail');
    expect(within(dialog()).getByRole('textbox', { name: /Design code/ })).toHaveValue('ERR-1');
  });
});
