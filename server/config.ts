import path from 'node:path';
import { z } from 'zod';
import { LANGUAGES, type Language } from '../contract/auth.ts';

const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

const envSchema = z.object({
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65_535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// or postgresql:// URL' })
      .optional(),
  ),
  SEED_DEMO: z.preprocess(emptyToUndefined, booleanFlag.optional()),
  /** The demo team's interface language, which names the demo's production stages too. */
  DEMO_LANGUAGE: z.preprocess(emptyToUndefined, z.enum(LANGUAGES).default('en')),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  /** Unset: readable lines in a terminal, JSON (for log collectors) anywhere else. */
  LOG_FORMAT: z.preprocess(emptyToUndefined, z.enum(LOG_FORMATS).optional()),
  STATIC_DIR: z.preprocess(emptyToUndefined, z.string().default('./dist')),
  /** `true`, `false`, a hop count, or a comma-separated list of trusted proxy addresses. */
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().default('false')),
  /** `auto` marks cookies Secure when the request arrived over HTTPS (directly or via a trusted proxy). */
  COOKIE_SECURE: z.preprocess(emptyToUndefined, z.enum(['auto', 'true', 'false']).default('auto')),
  /** Coarse per-IP request ceiling per minute across the whole API; 0 disables it. */
  RATE_LIMIT_PER_MINUTE: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).default(1200),
  ),
  /**
   * `smtp://user:pass@host:587` or `smtps://...`: sign-up confirmation, password recovery and daily
   * digests by email.
   */
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, { error: 'must be an smtp:// or smtps:// URL' })
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Karkhana <no-reply@localhost>')),
  SHUTDOWN_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).default(10_000),
  ),
});

export type TrustProxy = boolean | number | string[];

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** undefined = decide from the database (seed an empty embedded database). */
  seedDemo: boolean | undefined;
  demoLanguage: Language;
  logLevel: string;
  logFormat: LogFormat;
  staticDir: string;
  trustProxy: TrustProxy;
  cookieSecure: 'auto' | boolean;
  rateLimitPerMinute: number;
  shutdownTimeoutMs: number;
  /** unset: no mail, so sign-up cannot confirm addresses and only the owner resets passwords. */
  smtpUrl: string | undefined;
  mailFrom: string;
}

function parseTrustProxy(raw: string): TrustProxy {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

export class ConfigError extends Error {}

/**
 * Reads and validates the environment once; throws a readable ConfigError on bad values.
 * `stdoutIsTerminal` picks the log format when LOG_FORMAT does not.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  stdoutIsTerminal: boolean = process.stdout.isTTY === true,
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const value = parsed.data;
  return {
    port: value.PORT,
    host: value.HOST,
    dataDir: path.resolve(value.DATA_DIR),
    databaseUrl: value.DATABASE_URL,
    seedDemo: value.SEED_DEMO,
    demoLanguage: value.DEMO_LANGUAGE,
    logLevel: value.LOG_LEVEL,
    logFormat: value.LOG_FORMAT ?? (stdoutIsTerminal ? 'pretty' : 'json'),
    staticDir: path.resolve(value.STATIC_DIR),
    trustProxy: parseTrustProxy(value.TRUST_PROXY),
    cookieSecure: value.COOKIE_SECURE === 'auto' ? 'auto' : value.COOKIE_SECURE === 'true',
    rateLimitPerMinute: value.RATE_LIMIT_PER_MINUTE,
    shutdownTimeoutMs: value.SHUTDOWN_TIMEOUT_MS,
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM,
  };
}
