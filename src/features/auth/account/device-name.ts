import type { AnyT } from '@/lib/translation-keys';

type System = 'android' | 'ios' | 'ipados' | 'windows' | 'macos' | 'linux' | 'chromeos';

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari", Android says "Linux".
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, System][] = [
  [/\bAndroid\b/, 'android'],
  [/\biPad\b/, 'ipados'],
  [/\b(iPhone|iPod)\b/, 'ios'],
  [/\bCrOS\b/, 'chromeos'],
  [/\bWindows\b/, 'windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macos'],
  [/\bLinux\b/, 'linux'],
];

/** The browser and system of a user agent, e.g. `{ browser: 'Chrome', system: 'android' }`. */
export function parseUserAgent(userAgent: string | null | undefined) {
  if (!userAgent) return { browser: undefined, system: undefined };
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  return { browser, system };
}

/** A device in plain words for the sessions list: "Chrome on Android", "Safari on iPhone". */
export function deviceName(userAgent: string | null | undefined, t: AnyT): string {
  const { browser, system } = parseUserAgent(userAgent);
  if (!browser && !system) return t('account:devices.unknown');
  if (!system) return browser ?? t('account:devices.unknown');
  return t('account:devices.browserOnSystem', {
    browser: browser ?? t('account:devices.unknownBrowser'),
    system: t(`account:devices.systems.${system}`),
  });
}
