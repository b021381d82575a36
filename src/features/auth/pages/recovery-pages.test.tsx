import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESEND_CODE_AFTER_SECONDS } from '../../../../contract/auth.ts';
import { fail, ok } from '@/test/msw/envelope';
import { setupMswServer } from '@/test/msw/server';
import { renderWithProviders } from '@/test/render';
import enAuth from '../../../../public/locales/en/auth.json';
import guAuth from '../../../../public/locales/gu/auth.json';
import hiAuth from '../../../../public/locales/hi/auth.json';
import { loadPendingRecovery, savePendingRecovery } from '../recovery-state';
import ForgotPasswordPage from './forgot-password-page';
import OtpPage from './otp-page';
import SignInBesideBrandPage from './sign-in-beside-brand-page';
import SignInPage from './sign-in-page';

const server = setupMswServer();
const EMAIL = 'meena@example.com';

function invalidCode() {
  return fail(
    400,
    'Invalid or expired code',
    [
      {
        path: 'code',
        code: 'invalid_value',
        params: { rule: 'reset_code' },
        message: 'Invalid or expired code',
      },
    ],
    'validation_failed',
  );
}

function renderOtp() {
  return renderWithProviders(<OtpPage />, {
    path: '/otp',
    routes: [
      { path: '/sign-in', element: <SignInPage /> },
      { path: '/forgot-password', element: <p>Forgot password page</p> },
    ],
  });
}

/** The code page of a pending recovery whose server refuses every code; counts what it was sent. */
function renderOtpRefusingCodes() {
  savePendingRecovery({ email: EMAIL, sentAt: Date.now() });
  let tries = 0;
  server.use(
    http.post('*/api/auth/verify-code', () => {
      tries += 1;
      return invalidCode();
    }),
  );
  return { ...renderOtp(), tries: () => tries };
}

const digits = () => screen.getAllByRole('textbox', { name: /^Digit \d of 6$/ });

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.useRealTimers());

describe('forgot password', { timeout: 15_000 }, () => {
  it('sends the code request and moves to the code page, keeping the email for a reload', async () => {
    let sent: unknown;
    server.use(
      http.get('*/api/auth/options', () => ok({ emailRecovery: true })),
      http.post('*/api/auth/forgot-password', async ({ request }) => {
        sent = await request.json();
        return ok(null, 'If an account exists for this email, we have sent a code');
      }),
    );
    const { user } = renderWithProviders(<ForgotPasswordPage />, {
      path: '/forgot-password',
      routes: [{ path: '/otp', element: <OtpPage /> }],
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Forgot your password?' }),
    ).toBeInTheDocument();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), ' Meena@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Enter the code' })).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/otp');
    expect(
      screen
        .getByText(
          `If an account exists for this email, we have sent a 6-digit code to ${EMAIL}.`,
          { exact: false },
        )
        .closest('[role="status"]'),
    ).toBeVisible();
    expect(sent).toEqual({ email: EMAIL });
    expect(loadPendingRecovery(null)?.email).toBe(EMAIL);
  });

  it('says to ask the owner, with no form, when the server cannot send email', async () => {
    server.use(http.get('*/api/auth/options', () => ok({ emailRecovery: false })));
    renderWithProviders(<ForgotPasswordPage />, { path: '/forgot-password' });

    expect(
      await screen.findByText(/ask your organization's owner: they can set a new/i),
    ).toBeVisible();
    expect(screen.getByText('This server cannot send email.')).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send code' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/sign-in',
    );
  });

  it.each([
    ['/sign-in', <SignInPage key="sign-in" />],
    ['/sign-in-2', <SignInBesideBrandPage key="sign-in-2" />],
  ])('is linked from %s', (path, page) => {
    renderWithProviders(page, { path });
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});

describe('code page', { timeout: 15_000 }, () => {
  it('without a pending recovery, goes back to the email step', async () => {
    renderOtp();
    expect(await screen.findByText('Forgot password page')).toBeInTheDocument();
  });

  it('moves the focus on with each digit typed', async () => {
    savePendingRecovery({ email: EMAIL, sentAt: Date.now() });
    const { user } = renderOtp();
    const [first, second, third] = digits();
    await user.click(first!);
    await user.keyboard('4');
    expect(second).toHaveFocus();
    await user.keyboard('2');
    expect(third).toHaveFocus();
    expect(first).toHaveValue('4');
    expect(first).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('fills every box from a pasted code, verifies it, then sets the new password', async () => {
    savePendingRecovery({ email: EMAIL, sentAt: Date.now() });
    let verified: unknown;
    let reset: unknown;
    server.use(
      http.post('*/api/auth/verify-code', async ({ request }) => {
        verified = await request.json();
        return ok({ resetToken: 'reset-token-1' });
      }),
      http.post('*/api/auth/reset-password', async ({ request }) => {
        reset = await request.json();
        return ok(null, 'Password changed');
      }),
    );
    const { user } = renderOtp();
    await user.click(digits()[0]!);
    await user.paste('123456');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose a new password' }),
    ).toBeVisible();
    expect(verified).toEqual({ email: EMAIL, code: '123456' });

    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Must be at least 8 characters')).toBeVisible();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'a new long password');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'a new long passwort');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('The two passwords do not match')).toBeVisible();
    expect(reset).toBeUndefined();

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'a new long password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(reset).toEqual({ resetToken: 'reset-token-1', password: 'a new long password' });
    expect(screen.getByTestId('location')).toHaveTextContent('/sign-in');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue(EMAIL);
    // Once in the toast and once above the sign-in form.
    expect(
      await screen.findAllByText('Password changed. Sign in with your new password'),
    ).toHaveLength(2);
    expect(loadPendingRecovery(null)).toBeNull();
  });

  it('shows a wrong or expired code on the code boxes and lets the user try again', async () => {
    const { user, tries } = renderOtpRefusingCodes();
    await user.click(digits()[0]!);
    await user.paste('000000');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired code');
    expect(digits()[0]).toHaveAttribute('aria-invalid', 'true');
    expect(tries()).toBe(1);
    // Emptied, with the first box focused for the next try.
    await waitFor(() => expect(digits()[0]).toHaveFocus());
    expect(
      digits()
        .map((digit) => (digit as HTMLInputElement).value)
        .join(''),
    ).toBe('');
    await user.keyboard('654321');
    await waitFor(() => expect(tries()).toBe(2));
    expect(screen.getByRole('heading', { level: 1, name: 'Enter the code' })).toBeVisible();
  });

  it('asks for all six digits before sending anything', async () => {
    const { user, tries } = renderOtpRefusingCodes();
    await user.click(digits()[0]!);
    await user.keyboard('12');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter the 6-digit code from the email',
    );
    expect(tries()).toBe(0);
  });

  it('offers to resend only after the countdown, then sends a new code and counts again', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    savePendingRecovery({ email: EMAIL, sentAt: Date.now() });
    const requests: unknown[] = [];
    server.use(
      http.post('*/api/auth/forgot-password', async ({ request }) => {
        requests.push(await request.json());
        return ok(null);
      }),
    );
    renderOtp();
    const resend = () => screen.getByRole('button', { name: /^Resend code/ });
    expect(resend()).toBeDisabled();
    expect(resend()).toHaveTextContent(`Resend code in ${RESEND_CODE_AFTER_SECONDS} s`);

    act(() => {
      vi.advanceTimersByTime(15_000);
    });
    expect(resend()).toHaveTextContent(`Resend code in ${RESEND_CODE_AFTER_SECONDS - 15} s`);
    expect(resend()).toBeDisabled();

    act(() => {
      vi.advanceTimersByTime((RESEND_CODE_AFTER_SECONDS - 15) * 1000);
    });
    expect(resend()).toHaveTextContent(/^Resend code$/);
    expect(resend()).toBeEnabled();

    fireEvent.click(resend());
    await waitFor(() => expect(requests).toEqual([{ email: EMAIL }]));
    await waitFor(() =>
      expect(resend()).toHaveTextContent(`Resend code in ${RESEND_CODE_AFTER_SECONDS} s`),
    );
    expect(resend()).toBeDisabled();
    expect(
      await screen.findByText('We have sent a new code. The earlier one no longer works.'),
    ).toBeInTheDocument();
  });

  it('keeps the countdown across a reload of the page', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    savePendingRecovery({ email: EMAIL, sentAt: Date.now() - 40_000 });
    renderOtp();
    expect(screen.getByRole('button', { name: /^Resend code/ })).toHaveTextContent(
      `Resend code in ${RESEND_CODE_AFTER_SECONDS - 40} s`,
    );
  });
});

describe('too many requests from one device or network', { timeout: 15_000 }, () => {
  const texts = { en: enAuth, gu: guAuth, hi: hiAuth };
  const rateLimited = () => fail(429, 'Please try again later', undefined, 'rate_limited');
  const inLanguage = async (language: keyof typeof texts) => {
    i18next.addResourceBundle(language, 'auth', texts[language], true, true);
    await act(() => i18next.changeLanguage(language));
    return texts[language];
  };
  afterEach(() => act(() => i18next.changeLanguage('en')));

  it.each(['en', 'gu', 'hi'] as const)(
    'says so when asking for a code, in %s',
    async (language) => {
      server.use(
        http.get('*/api/auth/options', () => ok({ emailRecovery: true })),
        http.post('*/api/auth/forgot-password', rateLimited),
      );
      const { user } = renderWithProviders(<ForgotPasswordPage />, { path: '/forgot-password' });
      const words = await inLanguage(language);
      await user.type(await screen.findByRole('textbox', { name: words.fields.email }), EMAIL);
      await user.click(screen.getByRole('button', { name: words.recovery.sendCode }));

      expect(await screen.findByRole('alert')).toHaveTextContent(words.recovery.tooManyCodes);
      expect(screen.getByTestId('location')).toHaveTextContent('/forgot-password');
    },
  );

  it.each(['en', 'gu', 'hi'] as const)('says so when checking a code, in %s', async (language) => {
    savePendingRecovery({ email: EMAIL, sentAt: Date.now() });
    server.use(http.post('*/api/auth/verify-code', rateLimited));
    const { user } = renderOtp();
    const words = await inLanguage(language);
    await user.click(screen.getAllByRole('textbox')[0]!);
    await user.paste('123456');

    expect(await screen.findByRole('alert')).toHaveTextContent(words.recovery.tooManyChecks);
  });
});
