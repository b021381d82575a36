import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      seedDemo: undefined,
      logLevel: 'info',
      staticDir: path.resolve('./dist'),
      trustProxy: false,
      cookieSecure: 'auto',
    });
  });

  it('reads values', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@h/db',
      SEED_DEMO: 'false',
      TRUST_PROXY: '10.0.0.1, 10.0.0.2',
      COOKIE_SECURE: 'true',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u@h/db',
      seedDemo: false,
      trustProxy: ['10.0.0.1', '10.0.0.2'],
      cookieSecure: true,
    });
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });

  it('reads the mail settings, refusing a URL that is not SMTP', () => {
    expect(loadConfig({})).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'Karkhana <no-reply@localhost>',
    });
    expect(
      loadConfig({ SMTP_URL: 'smtps://user:pw@mail.example.com', MAIL_FROM: 'Shop <a@b.in>' }),
    ).toMatchObject({ smtpUrl: 'smtps://user:pw@mail.example.com', mailFrom: 'Shop <a@b.in>' });
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
  });

  it('logs readable lines to a terminal and JSON elsewhere, unless LOG_FORMAT says', () => {
    expect(loadConfig({}, true).logFormat).toBe('pretty');
    expect(loadConfig({}, false).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: '' }, false).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, false).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'text' })).toThrow(/LOG_FORMAT/);
  });

  it('reads the demo team language, English unless told', () => {
    expect(loadConfig({}).demoLanguage).toBe('en');
    expect(loadConfig({ DEMO_LANGUAGE: 'gu' }).demoLanguage).toBe('gu');
    expect(() => loadConfig({ DEMO_LANGUAGE: 'fr' })).toThrow(/DEMO_LANGUAGE/);
  });

  it('fails fast with a readable message', () => {
    expect(() => loadConfig({ PORT: 'eighty', SEED_DEMO: 'maybe' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/DATABASE_URL: must be a postgres/);
    }
  });
});
