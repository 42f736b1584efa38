import { describe, expect, it } from 'vitest';
import { noticeTextKeys, noticeTopics } from '@kabuto/domain/notices/notice-of-event';
import { allErrorKeys } from '@kabuto/contracts/errors';
import en from '../../i18n/locales/parts/notices/en.json';
import jp from '../../i18n/locales/parts/notices/jp.json';
import tw from '../../i18n/locales/parts/notices/tw.json';

const at = (catalogue: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);

describe('the notices catalogue part', () => {
  it('says every notice a member event or an alert can make, and names every topic, in all three languages', () => {
    for (const [lang, catalogue] of [
      ['en', en],
      ['jp', jp],
      ['tw', tw],
    ] as const) {
      expect([lang, noticeTextKeys.filter((k) => typeof at(catalogue, k) !== 'string')]).toEqual([lang, []]);
      expect([lang, noticeTopics.filter((k) => typeof at(catalogue, `notices.topic.${k}`) !== 'string')]).toEqual([
        lang,
        [],
      ]);
    }
  });

  it('has a text for each of its error keys', () => {
    const ours = allErrorKeys().filter((k) => k.startsWith('errors.notices.') || k.startsWith('errors.alerts.'));
    expect(ours).toHaveLength(7);
    for (const catalogue of [en, jp, tw]) expect(ours.filter((k) => typeof at(catalogue, k) !== 'string')).toEqual([]);
  });
});
