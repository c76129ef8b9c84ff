import { describe, expect, it } from 'vitest';
import { foldText, phoneDigits, searchWords, wordPrefixes } from '../../../src/domain/shared/search.ts';

describe('the search helper', () => {
  it.each([
    ['accents', 'Émile  Zola', {}, ['emile', 'zola']],
    ['case', 'DSC PowerSeries NEO', {}, ['dsc', 'powerseries', 'neo']],
    ['apostrophes and punctuation', "O'Brien-Smith, Jr.", {}, ['obrien', 'smith', 'jr']],
    ['addresses', '12 Oak St.', {}, ['12', 'oak', 'st']],
    ['e-mails', 'Ann.Lee@Example.com', {}, ['ann', 'lee', 'example', 'com']],
    ['phone numbers', '(555) 123-4567', {}, ['555', '123', '4567']],
    ['SKUs', 'CAM-8MP-T2', {}, ['cam', '8mp', 't2']],
    ['non-Latin letters', 'Straße Ølstykke Москва', {}, ['straße', 'ølstykke', 'москва']],
    ['blank', '  ', {}, []],
    ['short words left out', 'a job at 5 Elm', { minLength: 2 }, ['job', 'at', 'elm']],
    ['long words cut', 'Weatherproofing', { maxLength: 7 }, ['weather']],
    ['hyphens kept', 'PRO-2026-0042 pre-wire', { keep: '-' }, ['pro-2026-0042', 'pre-wire']],
  ])('%s: searchWords(%j, %j)', (_what, text, options, words) => expect(searchWords(text, options)).toEqual(words));

  it.each([
    ['(555) 123-4567', '5551234567'],
    ['+1 555.123.4567 ext 9', '155512345679'],
    ['', ''],
  ])('phoneDigits(%j) = %j', (input, digits) => expect(phoneDigits(input)).toBe(digits));

  it('folds text without splitting it', () => expect(foldText('Crème Brûlée')).toBe('creme brulee'));

  it('lists every prefix of each word once, within the length limits', () => {
    expect(wordPrefixes(['neo', 'net'])).toEqual(['n', 'ne', 'neo', 'net']);
    expect(wordPrefixes(['smith'], 2, 4)).toEqual(['sm', 'smi', 'smit']);
  });
});
