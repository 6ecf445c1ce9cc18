import { describe, expect, it } from 'vitest';
import { nameWithTyped, nameWords, namesResemble, typedNameNote } from './signer-name.ts';

describe('nameWords', () => {
  it.each([
    ['Jo Lee', ['jo', 'lee']],
    ["  José  O'Neil-Ruiz ", ['jose', 'oneil', 'ruiz']],
    ['LEE, Jo', ['lee', 'jo']],
    ['J. Lee', ['j', 'lee']],
    ['Zoë Çelik', ['zoe', 'celik']],
    ['', []],
  ])('%j → %j', (name, words) => {
    expect(nameWords(name)).toEqual(words);
  });
});

describe('namesResemble (typed, signatory)', () => {
  it.each([
    ['Jo Lee', 'Jo Lee', true],
    ['jo lee', 'Jo Lee', true],
    ['JO  LEE', 'Jo Lee', true],
    ['Jose Garcia', 'José García', true],
    ['Lee Jo', 'Jo Lee', true],
    ['Lee, Jo', 'Jo Lee', true],
    ['J. Lee', 'Jo Lee', true],
    ['J Lee', 'Jo Lee', true],
    ['Jo Lee', 'J. Lee', true],
    ['Jo Ann Lee', 'Jo Lee', true],
    ['Jo Lee', 'Jo A. Lee', true],
    ['Mary-Jane Smith', 'Mary Jane Smith', true],
    ['MaryJane Smith', 'Mary Jane Smith', true],
    ["Sean O'Neil", 'Sean ONeil', true],
    ['JoLee', 'Jo Lee', true],
    ['Cher', 'Cher', true],
    ['Mallory Impostor', 'Jo Lee', false],
    ['Jo', 'Jo Lee', false],
    ['Lee', 'Jo Lee', false],
    ['J. L.', 'Jo Lee', false],
    ['Jo Smith', 'Jo Lee', false],
    ['Joe Lee', 'Jo Lee', false],
    ['Jo Lee', 'Cher', false],
    ['...', 'Jo Lee', false],
  ])('%j for %j → %s', (typed, signatory, expected) => {
    expect(namesResemble(typed, signatory)).toBe(expected);
  });
});

describe('typedNameNote and nameWithTyped', () => {
  it.each([
    ['Jo Lee', 'Jo Lee', null, 'Jo Lee'],
    ['jo  lee', 'Jo Lee', null, 'Jo Lee'],
    ['Jose Garcia', 'José García', null, 'José García'],
    ['Lee Jo', 'Jo Lee', 'Lee Jo', 'Jo Lee (typed: Lee Jo)'],
    [' Mallory Impostor ', 'Jo Lee', 'Mallory Impostor', 'Jo Lee (typed: Mallory Impostor)'],
  ])('%j for %j', (typed, signatory, note, shown) => {
    expect(typedNameNote(typed, signatory)).toBe(note);
    expect(nameWithTyped(signatory, typed)).toBe(shown);
  });

  it('without a typed name, shows the signatory alone', () => {
    expect(nameWithTyped('Jo Lee', null)).toBe('Jo Lee');
  });
});
