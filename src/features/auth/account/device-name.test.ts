import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { initTestI18n } from '@/test/render';
import { deviceName, parseUserAgent } from './device-name';

const AGENTS = {
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  safariIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  chromeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  samsung:
    'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
};

describe('deviceName', () => {
  initTestI18n();
  const t = i18next.t;

  it.each([
    [AGENTS.chromeAndroid, 'Chrome on Android'],
    [AGENTS.safariIphone, 'Safari on iPhone'],
    [AGENTS.safariIpad, 'Safari on iPad'],
    [AGENTS.edgeWindows, 'Edge on Windows'],
    [AGENTS.firefoxLinux, 'Firefox on Linux'],
    [AGENTS.chromeMac, 'Chrome on Mac'],
    [AGENTS.samsung, 'Samsung Internet on Android'],
  ])('names %s', (agent, expected) => {
    expect(deviceName(agent, t)).toBe(expected);
  });

  it('says so when the agent is missing or unknown', () => {
    expect(deviceName(null, t)).toBe('Unknown device');
    expect(deviceName('curl/8.5.0', t)).toBe('Unknown device');
    expect(parseUserAgent('node')).toEqual({ browser: undefined, system: undefined });
  });
});
