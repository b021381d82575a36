import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Loader, MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

function channel(value: number) {
  const srgb = value / 255;
  return srgb <= 0.03928 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string) {
  const rgb = Number.parseInt(hex.slice(1), 16);
  return (
    0.2126 * channel((rgb >> 16) & 255) +
    0.7152 * channel((rgb >> 8) & 255) +
    0.0722 * channel(rgb & 255)
  );
}

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const AA = 4.5;
const colors = theme.colors ?? {};
const shade = (name: string, index: number) => {
  const value = colors[name]?.[index];
  if (!value) throw new Error(`theme has no ${name}.${index}`);
  return value;
};

// Surfaces text sits on: the light scheme's cards, page and striped rows; the dark scheme's page,
// cards and inputs.
const LIGHT_SURFACES = ['#ffffff', shade('gray', 0)];
const DARK_SURFACES = [shade('dark', 8), shade('dark', 7), shade('dark', 6)];
const STATUS_COLORS = ['red', 'orange', 'yellow', 'teal', 'green', 'lime', 'cyan', 'blue', 'grape'];

describe('theme colours meet WCAG AA for normal text', () => {
  it('dimmed text and placeholders in both schemes', () => {
    for (const surface of [...LIGHT_SURFACES, shade('gray', 1)]) {
      expect(contrast(shade('gray', 6), surface)).toBeGreaterThanOrEqual(AA);
    }
    for (const surface of DARK_SURFACES) {
      expect(contrast(shade('dark', 2), surface)).toBeGreaterThanOrEqual(AA);
    }
  });

  it('links and brand text in both schemes', () => {
    for (const surface of LIGHT_SURFACES) {
      expect(contrast(shade('brand', 7), surface)).toBeGreaterThanOrEqual(AA);
    }
    for (const surface of DARK_SURFACES) {
      expect(contrast(shade('brand', 4), surface)).toBeGreaterThanOrEqual(AA);
    }
    expect(contrast('#ffffff', shade('brand', 5))).toBeGreaterThanOrEqual(AA);
  });

  it.each(STATUS_COLORS)('%s as text, as a filled background and as a light badge', (name) => {
    for (const surface of LIGHT_SURFACES) {
      expect(contrast(shade(name, 7), surface)).toBeGreaterThanOrEqual(AA);
    }
    expect(contrast('#ffffff', shade(name, 7))).toBeGreaterThanOrEqual(AA);
    expect(contrast(shade(name, 9), shade(name, 1))).toBeGreaterThanOrEqual(AA);
    // The dark scheme writes coloured text in shade 4.
    for (const surface of DARK_SURFACES) {
      expect(contrast(shade(name, 4), surface)).toBeGreaterThanOrEqual(AA);
    }
  });
});

describe('loaders', () => {
  it('announce what is loading: a labelled loader is a status', () => {
    render(
      <MantineProvider theme={theme}>
        <Loader aria-label="Loading orders" />
        <Loader aria-hidden />
      </MantineProvider>,
    );
    expect(screen.getByRole('status', { name: 'Loading orders' })).toBeInTheDocument();
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });
});

it('writes codes in a monospace face and Gujarati or Hindi in theirs', () => {
  expect(theme.fontFamilyMonospace).toBe('var(--app-font-family-monospace)');
  const globalCss = readFileSync(path.resolve('src/styles/global.css'), 'utf8');
  const stack = /--app-font-family-monospace:([^;]+);/.exec(globalCss)?.[1] ?? '';
  const families = stack.split(',').map((family) => family.trim());
  // The script faces carry Latin glyphs too: before the generic family they would take the codes'
  // place; without them a system lacking a Gujarati or Devanagari font shows empty boxes.
  expect(families.indexOf('monospace')).toBeGreaterThanOrEqual(0);
  expect(families.indexOf('var(--app-script-fallback)')).toBeGreaterThan(
    families.indexOf('monospace'),
  );
});
