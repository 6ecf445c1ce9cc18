import { COLORBLIND_SCHEMES, contrastRatio, PAGE_BACKGROUND, textShade } from '@vp/contract';
import { describe, expect, it } from 'vitest';
import { themeConfig } from './providers.tsx';
import { applyToneColors } from '../lib/settings.ts';

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
