import type {
  AuthData,
  AuthOptions,
  ConfirmSignUpBody,
  ForgotPasswordBody,
  LoginBody,
  MeData,
  RegisterBody,
  ResetPasswordBody,
  SignUpPending,
  VerifyCodeBody,
  VerifyCodeData,
} from '../../../contract/auth.ts';
import { apiRequest } from '@/lib/api-client';

const LOGIN_FAILED_MESSAGE = 'Login failed';
const REGISTER_FAILED_MESSAGE = 'Registration failed';
// Signing out must finish even when the server cannot be reached; the local session goes anyway.
const LOGOUT_TIMEOUT_MS = 5000;

export function login(body: LoginBody) {
  return apiRequest<AuthData>('POST', '/auth/login', {
    json: body,
    defaultError: LOGIN_FAILED_MESSAGE,
  });
}

/** A session, or (where the server mails) a sign-up waiting for the emailed code. */
export function register(body: RegisterBody) {
  return apiRequest<AuthData | SignUpPending>('POST', '/auth/register', {
    json: body,
    defaultError: REGISTER_FAILED_MESSAGE,
  });
}

export function confirmSignUp(body: ConfirmSignUpBody) {
  return apiRequest<AuthData>('POST', '/auth/register/confirm', {
    json: body,
    defaultError: REGISTER_FAILED_MESSAGE,
  });
}

export function fetchCurrentSession() {
  return apiRequest<MeData>('GET', '/auth/me');
}

export async function logout() {
  await apiRequest<unknown>('POST', '/auth/logout', {
    signal: AbortSignal.timeout(LOGOUT_TIMEOUT_MS),
  });
}

/** What this server offers signed-out users: whether it can mail a recovery code. */
export function fetchAuthOptions(signal?: AbortSignal) {
  return apiRequest<AuthOptions>('GET', '/auth/options', { signal });
}

/** Answers the same whether or not the address has an account. */
export function forgotPassword(body: ForgotPasswordBody) {
  return apiRequest<unknown>('POST', '/auth/forgot-password', { json: body });
}

export function verifyResetCode(body: VerifyCodeBody) {
  return apiRequest<VerifyCodeData>('POST', '/auth/verify-code', { json: body });
}

export function resetPassword(body: ResetPasswordBody) {
  return apiRequest<unknown>('POST', '/auth/reset-password', { json: body });
}
