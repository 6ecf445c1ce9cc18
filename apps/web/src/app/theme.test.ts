import { COLORBLIND_SCHEMES, contrastRatio, DARK_SURFACE, PAGE_BACKGROUND, textShade } from '@vp/contract';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { themeConfig } from './providers.tsx';
import { applyToneColors, toneVariables } from '../lib/settings.ts';

const cssVar = (name: string) => document.documentElement.style.getPropertyValue(name);

describe('theme and status colours', () => {
  it('gives antd the darkened shade of the spec colour, not the colour itself', () => {
    const token = themeConfig(null).token!;
    expect(token.colorPrimary).toBe(textShade('#1890ff'));
    expect(token.colorLink).toBe(token.colorPrimary);
    expect(contrastRatio(token.colorPrimary!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it.each([null, ...COLORBLIND_SCHEMES])('keeps antd text colours at AA with %s', (scheme) => {
    const token = themeConfig(scheme).token!;
    for (const key of ['colorPrimary', 'colorPrimaryHover', 'colorLink', 'colorError'] as const) {
      expect(contrastRatio(token[key]!, PAGE_BACKGROUND), key).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('sets the chosen, text and mark colours of each tone and of the theme', () => {
    applyToneColors('Bright Yellow');
    expect(cssVar('--vp-danger')).toBe('#f0e442');
    expect(contrastRatio(cssVar('--vp-danger-text'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(cssVar('--vp-danger-mark'), '#ffffff')).toBeGreaterThanOrEqual(3);
    expect(cssVar('--vp-theme')).toBe('#0072b2');

    applyToneColors(null);
    expect(cssVar('--vp-theme')).toBe('#1890ff');
    expect(cssVar('--vp-theme-text')).toBe(textShade('#1890ff'));
  });
});

describe('the dark theme', () => {
  it.each([null, ...COLORBLIND_SCHEMES])(
    'gives antd seeds whose derived colours read as text on the dark surfaces with %s',
    (scheme) => {
      const config = themeConfig(scheme, 'dark');
      expect(config.algorithm).toBe(theme.darkAlgorithm);
      const map = theme.darkAlgorithm({ ...theme.defaultSeed, ...config.token });
      for (const key of ['colorPrimary', 'colorLink', 'colorError'] as const) {
        expect(contrastRatio(map[key], DARK_SURFACE), key).toBeGreaterThanOrEqual(4.5);
        // Filled controls carry dark text.
        expect(contrastRatio(map[key], '#000000'), key).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it('sets the dark attribute and lightened tone shades, keeping the light ones for the light pages', () => {
    applyToneColors(null, 'dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(cssVar('--vp-danger-text')).toBe(textShade('#f5222d', 'dark'));
    expect(contrastRatio(cssVar('--vp-danger-text'), DARK_SURFACE)).toBeGreaterThanOrEqual(4.5);
    expect(cssVar('--vp-light-theme-text')).toBe(textShade('#1890ff'));
    applyToneColors(null, 'light');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(cssVar('--vp-danger-text')).toBe(textShade('#f5222d'));
  });
});

describe('the kept shades', () => {
  const KEY = 'vp.toneColors';

  it('keeps the computed shades and applies them again without computing', () => {
    localStorage.removeItem(KEY);
    applyToneColors('Ocean Blue', 'dark');
    const kept = JSON.parse(localStorage.getItem(KEY)!) as { key: string; vars: Record<string, string> };
    expect(kept.key).toBe('test|Ocean Blue|dark');
    expect(kept.vars).toEqual(toneVariables('Ocean Blue', 'dark'));

    // What is kept under the same key is what the page gets: nothing is searched for again.
    localStorage.setItem(
      KEY,
      JSON.stringify({ key: kept.key, vars: { ...kept.vars, '--vp-theme': '#123456' } }),
    );
    applyToneColors('Ocean Blue', 'dark');
    expect(cssVar('--vp-theme')).toBe('#123456');
  });

  it('computes afresh for another scheme or mode, and replaces what is not a set of colours', () => {
    applyToneColors('Ocean Blue', 'dark');
    applyToneColors(null, 'light');
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual({
      key: 'test||light',
      vars: toneVariables(null, 'light'),
    });
    expect(cssVar('--vp-theme-text')).toBe(textShade('#1890ff'));

    for (const junk of ['{', '[]', JSON.stringify({ key: 'test||light', vars: { '--vp-theme': 'red;x' } })]) {
      localStorage.setItem(KEY, junk);
      applyToneColors(null, 'light');
      expect(cssVar('--vp-theme')).toBe('#1890ff');
      expect(JSON.parse(localStorage.getItem(KEY)!).vars).toEqual(toneVariables(null, 'light'));
    }
  });
});
