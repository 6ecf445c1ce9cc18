// The typed URL parameters of a screen, read and written without React; hooks/use-url-state.ts
// holds the hook. Apart from it so a page's state can be read before the router has loaded.

/**
 * State that lives in the address bar, so a reload, a shared link, Back and Forward and the tab
 * bar all bring it back. Each parameter is typed, read with a default, and left out of the URL
 * while it has its default, so plain links stay plain. Parameters the spec does not name here
 * (another screen's, `site`) are kept untouched.
 */
export interface UrlParam<T> {
  /** The value of the raw parameter; anything unreadable falls back to the default. */
  parse(raw: string | null): T;
  format(value: T): string;
  defaultValue: T;
}

export type UrlStateSpec = Record<string, UrlParam<unknown>>;
export type UrlStateValues<S extends UrlStateSpec> = {
  [K in keyof S]: S[K] extends UrlParam<infer T> ? T : never;
};

/** How a write enters the history: 'push' makes a step Back can undo, 'replace' does not. */
export type UrlWriteMode = 'push' | 'replace';

export const urlParam = {
  /** Free text, trimmed; empty is the default. */
  text(defaultValue = ''): UrlParam<string> {
    return { parse: (raw) => raw?.trim() || defaultValue, format: (v) => v, defaultValue };
  },
  /** A whole number in [min, max]. */
  int(defaultValue: number, min = 1, max = Number.MAX_SAFE_INTEGER): UrlParam<number> {
    return {
      parse: (raw) => {
        if (raw === null || !/^\d+$/.test(raw.trim())) return defaultValue;
        const n = Number(raw);
        return Number.isSafeInteger(n) && n >= min && n <= max ? n : defaultValue;
      },
      format: (v) => String(v),
      defaultValue,
    };
  },
  /** One of a fixed list of values. */
  oneOf<T extends string>(values: readonly T[], defaultValue: T): UrlParam<T> {
    return {
      parse: (raw) => ((values as readonly string[]).includes(raw ?? '') ? (raw as T) : defaultValue),
      format: (v) => v,
      defaultValue,
    };
  },
  /** One of a fixed list of whole numbers (page sizes). */
  intOf(values: readonly number[], defaultValue: number): UrlParam<number> {
    return {
      parse: (raw) => {
        const n = raw === null || raw.trim() === '' ? NaN : Number(raw);
        return values.includes(n) ? n : defaultValue;
      },
      format: (v) => String(v),
      defaultValue,
    };
  },
  /** A value or nothing (null), read by a parser of its own. */
  optional<T>(
    parse: (raw: string | null) => T | null,
    format: (v: T) => string = String,
  ): UrlParam<T | null> {
    return { parse: (raw) => parse(raw), format: (v) => (v === null ? '' : format(v)), defaultValue: null };
  },
};

/** The typed values of the spec's parameters in a query string (also usable outside React). */
export function readUrlState<S extends UrlStateSpec>(spec: S, params: URLSearchParams): UrlStateValues<S> {
  const out: Record<string, unknown> = {};
  for (const [key, param] of Object.entries(spec)) out[key] = param.parse(params.get(key));
  return out as UrlStateValues<S>;
}

/** The query string with these values written in; defaults and empty values are removed. */
export function writeUrlState<S extends UrlStateSpec>(
  spec: S,
  params: URLSearchParams,
  patch: Partial<UrlStateValues<S>>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch)) {
    const param = spec[key];
    if (!param || value === undefined) continue;
    const text = value === null ? '' : param.format(value);
    if (text === '' || text === param.format(param.defaultValue)) next.delete(key);
    else next.set(key, text);
  }
  return next;
}
