import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { describeEachDatabase } from '../test/harness.ts';
import { staffHeaders } from '../verification/real-name-fixtures.ts';
import { seedDemoNews } from './news-seed.ts';

type List = { items: { id: string; title: string; lang: string; source: string }[]; total: number };

describeEachDatabase('news: demo articles, staff publish and withdraw, members read', (h) => {
  it('has honest demo articles in all three languages on first start, each with its source in that language', async () => {
    const sources = { en: 'Kabuto (demo article)', jp: 'Kabuto（デモ記事）', tw: 'Kabuto（示範文章）' };
    for (const lang of ['jp', 'en', 'tw'] as const) {
      const list = await h().call<List>('news/list', { lang });
      expect(list.data.total, lang).toBe(3);
      expect(list.data.items.map((a) => a.source)).toEqual([sources[lang], sources[lang], sources[lang]]);
      expect(list.data.items.every((a) => /demo|デモ|示範/i.test(a.title))).toBe(true);
    }
    const [first] = (await h().call<List>('news/list', { lang: 'en' })).data.items;
    const detail = await h().call<{ body: string; title: string }>('news/detail', { id: first?.id });
    expect(detail.data.title).toBe('[Demo] Prices in this app are simulated');
    expect(detail.data.body).toMatch(/not from the Tokyo Stock Exchange/);
  });

  it('gives demo articles seeded with the English source their own language at the next start', async () => {
    await h().db.query(`UPDATE news_articles SET source = 'Kabuto (demo article)' WHERE created_by IS NULL`);
    expect(await seedDemoNews(h().db, h().clock.now())).toBe(0);
    const source = async (lang: string) => (await h().call<List>('news/list', { lang })).data.items[0]?.source;
    expect([await source('en'), await source('jp'), await source('tw')]).toEqual([
      'Kabuto (demo article)',
      'Kabuto（デモ記事）',
      'Kabuto（示範文章）',
    ]);
  });

  it('publishes an article as plain text, audits it, and withdraws it with a reason', async () => {
    const staff = await staffHeaders(h());
    const body = '<script>alert(1)</script> stays text';
    const published = await h().call<{ id: string; createdBy: string }>(
      'admin/news/publish',
      { lang: 'en', title: 'Maintenance on Sunday', body, source: 'Kabuto operations' },
      staff,
    );
    expect(published.status).toBe(1);
    expect(published.data.createdBy).toBe(h().seed.staffAccount);
    const list = (await h().call<List>('news/list', { lang: 'en' })).data;
    expect(list.items[0]?.id).toBe(published.data.id);
    expect((await h().call<{ body: string }>('news/detail', { id: published.data.id })).data.body).toBe(body);
    const withdrawn = await h().call<{ unpublishedAt: string | null }>(
      'admin/news/unpublish',
      { id: published.data.id, reason: 'published by mistake' },
      staff,
    );
    expect(withdrawn.data.unpublishedAt).not.toBeNull();
    const gone = await h().call('news/detail', { id: published.data.id });
    expect([gone.http, gone.msg]).toEqual([404, errorKeys.news.notFound]);
    const twice = await h().call('admin/news/unpublish', { id: published.data.id, reason: 'again' }, staff);
    expect([twice.http, twice.msg]).toEqual([409, errorKeys.news.alreadyUnpublished]);
    const audit = await h().db.query<{ action: string }>(`SELECT action FROM audit_log WHERE target = $1 ORDER BY id`, [
      `news:${published.data.id}`,
    ]);
    expect(audit.map((a) => a.action)).toEqual(['news.publish', 'news.unpublish']);
    const adminList = await h().call<{ items: { id: string }[] }>('admin/news/list', {}, staff);
    expect(adminList.data.items.map((a) => a.id)).toContain(published.data.id);
  });

  it('keeps publishing to staff and refuses unknown articles', async () => {
    const m = await h().member();
    const member = await h().call('admin/news/publish', { lang: 'en', title: 'x', body: 'y', source: 'z' }, m.headers);
    expect([member.http, member.msg]).toEqual([403, errorKeys.auth.forbidden]);
    for (const id of ['999999', 'abc', '']) {
      const res = await h().call('news/detail', { id });
      expect([res.status, res.msg], id).toEqual([0, errorKeys.news.notFound]);
    }
  });
});
