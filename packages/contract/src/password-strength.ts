import { ZxcvbnFactory, type TranslationKeys } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { PasswordMessages, passwordHasUsername } from './account.ts';
import { PRODUCT_NAME } from './constants.ts';

/**
 * How hard a new password is to guess, beyond its schema: not the username, not one of the most
 * common breached passwords, and a zxcvbn score of at least PASSWORD_MIN_SCORE. Its own entry point
 * (`@vp/contract/password-strength`): the server imports it, the web app loads it only on the
 * password screens, so its word lists stay out of the main bundle.
 *
 * The scorer uses the language-independent lists (common passwords, keyboard layouts, diceware
 * words), not the English word and name lists: those quadruple the lazy chunk (about 840 KB
 * compressed instead of 225 KB) and make one long password cost the server up to a second of CPU.
 * Only the first SCORED_LENGTH characters are scored, for the same reason. The reasons and advice
 * are our own sentences (PASSWORD_FEEDBACK), so no language pack is needed.
 */

/** zxcvbn's score runs from 0 (guessed at once) to 4; 3 resists an offline attack on a slow hash. */
export const PASSWORD_MIN_SCORE = 3;
const SCORED_LENGTH = 64;

/** What the estimate says about a weak password: why, and what to do instead. */
export const PASSWORD_FEEDBACK: TranslationKeys = {
  warnings: {
    straightRow: 'It is a straight row of keys on the keyboard.',
    keyPattern: 'It is a short keyboard pattern.',
    simpleRepeat: 'It repeats one character, like "aaa".',
    extendedRepeat: 'It repeats a group of characters, like "abcabc".',
    sequences: 'It holds a common sequence, like "abc" or "123".',
    recentYears: 'It holds a recent year.',
    dates: 'It holds a date.',
    topTen: 'It is one of the ten most used passwords.',
    topHundred: 'It is one of the hundred most used passwords.',
    common: 'It is a commonly used password.',
    similarToCommon: 'It is close to a commonly used password.',
    wordByItself: 'It is a single word.',
    namesByThemselves: 'It is a single name.',
    commonNames: 'It is built on common names.',
    userInputs: 'It holds your name, username or email address.',
    pwned: 'It has appeared in a data breach.',
  },
  suggestions: {
    l33t: 'Swapping letters for look-alike symbols, like @ for a, does not help much.',
    reverseWords: 'Spelling a word backwards does not help much.',
    allUppercase: 'Capitalise some letters, not all.',
    capitalization: 'Capitalise more than the first letter.',
    dates: 'Leave out dates and years that relate to you.',
    recentYears: 'Leave out recent years.',
    associatedYears: 'Leave out years that relate to you.',
    sequences: 'Leave out common sequences.',
    repeated: 'Leave out repeated words and characters.',
    longerKeyboardPattern: 'Use a longer keyboard pattern that changes direction.',
    anotherWord: 'Add another word or two that are less common.',
    useWords: 'Use several words, but not a common phrase.',
    noNeed: 'Several uncommon words make a strong password without symbols or digits.',
    pwned: 'If you use it elsewhere, change it there too.',
  },
  // The estimate's crack times are not shown.
  timeEstimation: {
    ltSecond: 'less than a second',
    second: '{base} second',
    seconds: '{base} seconds',
    minute: '{base} minute',
    minutes: '{base} minutes',
    hour: '{base} hour',
    hours: '{base} hours',
    day: '{base} day',
    days: '{base} days',
    month: '{base} month',
    months: '{base} months',
    year: '{base} year',
    years: '{base} years',
    centuries: 'centuries',
  },
};

let scorer: ZxcvbnFactory | undefined;
let common: Set<string> | undefined;

function zxcvbn(): ZxcvbnFactory {
  scorer ??= new ZxcvbnFactory({
    dictionary,
    graphs: adjacencyGraphs,
    translations: PASSWORD_FEEDBACK,
    maxLength: SCORED_LENGTH,
  });
  return scorer;
}

/** One of the most common breached passwords, whatever its case. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

/**
 * What the person is known by (username, name, email, their company): a password built on them is
 * guessed first.
 */
export interface PasswordOwner {
  username?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  vendorName?: string;
}

function ownerWords(owner: PasswordOwner): string[] {
  const words = [
    owner.username,
    owner.firstName,
    owner.lastName,
    owner.email,
    owner.email?.split('@')[0],
    owner.vendorName,
    PRODUCT_NAME,
  ];
  return words.map((w) => w?.trim() ?? '').filter((w) => w.length >= 3);
}

/** Letters only, in lower case: what is left of a password once digits and separators are gone. */
const lettersOf = (text: string) => text.toLowerCase().replace(/[^\p{L}]+/gu, '');

/** Legal endings of a company's name, left out as words of their own. */
const COMPANY_ENDINGS = new Set(['co', 'inc', 'llc', 'ltd', 'corp', 'company', 'group']);

/** The words a password must not be made of alone: each name, address and company word, whole and in parts. */
function ownWords(owner: PasswordOwner): Set<string> {
  const words = new Set<string>();
  const add = (text: string | undefined) => {
    if (!text) return;
    const whole = lettersOf(text);
    if (whole.length >= 3) words.add(whole);
    for (const part of text.split(/[^\p{L}\p{N}]+/u)) {
      const letters = lettersOf(part);
      if (letters.length >= 2 && !COMPANY_ENDINGS.has(letters)) words.add(letters);
    }
  };
  add(owner.username);
  add(owner.firstName);
  add(owner.lastName);
  add(owner.email);
  add(owner.vendorName);
  add(PRODUCT_NAME);
  return words;
}

/**
 * Whether a password is nothing but the owner's own words (in any order, any case) with digits and
 * separators around them: "Owen-Park-2026", "harboridx.example", "VendorPortal2026".
 */
export function madeOfOwnWords(password: string, owner: PasswordOwner): boolean {
  const letters = lettersOf(password);
  if (letters.length === 0) return false;
  const words = [...ownWords(owner)];
  // Whether letters[from..] splits into own words; a word-break over at most 128 letters.
  const splits: boolean[] = new Array<boolean>(letters.length + 1).fill(false);
  splits[letters.length] = true;
  for (let from = letters.length - 1; from >= 0; from--) {
    splits[from] = words.some((w) => splits[from + w.length] === true && letters.startsWith(w, from));
  }
  return splits[0] === true;
}

/**
 * Why a password that passed its schema is refused, or null when it is strong enough: it holds the
 * username, is a common password, or scores below PASSWORD_MIN_SCORE (with zxcvbn's reason and its
 * first piece of advice).
 */
export function passwordWeakness(password: string, owner: PasswordOwner = {}): string | null {
  if (owner.username && passwordHasUsername(password, owner.username)) return PasswordMessages.hasUsername;
  if (madeOfOwnWords(password, owner)) return PasswordMessages.ownWords;
  if (isCommonPassword(password)) return PasswordMessages.common;
  const result = zxcvbn().check(password, ownerWords(owner));
  if (result.score >= PASSWORD_MIN_SCORE) return null;
  const advice = result.feedback.suggestions[0] ?? PASSWORD_FEEDBACK.suggestions.anotherWord;
  return PasswordMessages.weak(result.feedback.warning, advice);
}
