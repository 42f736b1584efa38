import type { Database, Sql } from '@kabuto/db/database';
import { errorKeys } from '@kabuto/contracts/errors';
import type { Lang } from '@kabuto/contracts/fields';
import type { ResponseOf } from '@kabuto/contracts/call';
import type { newsDetailCall, newsListCall } from '@kabuto/contracts/news/articles';
import type { adminNewsItemSchema } from '@kabuto/contracts/admin/news';
import type { z } from 'zod';
import { refuse } from '../errors/public.ts';
import type { StaffPrincipal } from '../http/public.ts';
import { recordAudit } from '../audit/public.ts';
import type { Clock } from '../clock.ts';

type AdminNewsItem = z.infer<typeof adminNewsItemSchema>;

interface ArticleRow {
  id: string;
  lang: Lang;
  title: string;
  body: string;
  source: string;
  published_at: Date;
  unpublished_at: Date | null;
  created_by: string | null;
}

const iso = (d: Date) => new Date(d).toISOString();
const adminWire = (r: ArticleRow): AdminNewsItem => ({
  id: r.id,
  lang: r.lang,
  title: r.title,
  source: r.source,
  publishedAt: iso(r.published_at),
  unpublishedAt: r.unpublished_at ? iso(r.unpublished_at) : null,
  createdBy: r.created_by,
});
const columns = `a.id::text AS id, a.lang, a.title, a.body, a.source, a.published_at, a.unpublished_at, m.account AS created_by`;

/** Inserts one published article (staff's publish call and the first-start demo articles). */
export async function insertArticle(
  sql: Sql,
  a: { lang: Lang; title: string; body: string; source: string; createdBy: string | null },
  at: Date,
): Promise<string> {
  const [row] = await sql.query<{ id: string }>(
    `INSERT INTO news_articles (lang, title, body, source, created_by, published_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text AS id`,
    [a.lang, a.title, a.body, a.source, a.createdBy, at],
  );
  if (!row) throw new Error('article not inserted');
  return row.id;
}

export function newsService({ db, clock }: { db: Database; clock: Clock }) {
  const byId = async (sql: Sql, id: string, lock = false): Promise<ArticleRow> => {
    const [row] = await sql.query<ArticleRow>(
      `SELECT ${columns} FROM news_articles a LEFT JOIN members m ON m.id = a.created_by WHERE a.id = $1::bigint${lock ? ' FOR UPDATE OF a' : ''}`,
      [id],
    );
    if (!row) throw refuse(errorKeys.news.notFound);
    return row;
  };

  return {
    async list(q: { lang: Lang; page: number; pageSize: number }): Promise<ResponseOf<typeof newsListCall>> {
      const rows = await db.query<ArticleRow & { total: string }>(
        `SELECT ${columns}, count(*) OVER () AS total FROM news_articles a LEFT JOIN members m ON m.id = a.created_by
          WHERE a.lang = $1 AND a.unpublished_at IS NULL ORDER BY a.published_at DESC, a.id DESC LIMIT $2 OFFSET $3`,
        [q.lang, q.pageSize, (q.page - 1) * q.pageSize],
      );
      const [count] =
        rows.length > 0
          ? [{ total: rows[0]?.total ?? '0' }]
          : await db.query<{ total: string }>(
              `SELECT count(*) AS total FROM news_articles WHERE lang = $1 AND unpublished_at IS NULL`,
              [q.lang],
            );
      return {
        items: rows.map((r) => ({
          id: r.id,
          lang: r.lang,
          title: r.title,
          source: r.source,
          publishedAt: iso(r.published_at),
        })),
        total: Number(count?.total ?? 0),
      };
    },

    async detail(id: string): Promise<ResponseOf<typeof newsDetailCall>> {
      const r = await byId(db, id);
      if (r.unpublished_at) throw refuse(errorKeys.news.notFound);
      return {
        id: r.id,
        lang: r.lang,
        title: r.title,
        source: r.source,
        publishedAt: iso(r.published_at),
        body: r.body,
      };
    },

    async adminList(q: { page: number; pageSize: number }): Promise<{ items: AdminNewsItem[]; total: number }> {
      const rows = await db.query<ArticleRow>(
        `SELECT ${columns} FROM news_articles a LEFT JOIN members m ON m.id = a.created_by ORDER BY a.published_at DESC, a.id DESC LIMIT $1 OFFSET $2`,
        [q.pageSize, (q.page - 1) * q.pageSize],
      );
      const [count] = await db.query<{ total: string }>(`SELECT count(*) AS total FROM news_articles`);
      return { items: rows.map(adminWire), total: Number(count?.total ?? 0) };
    },

    async publish(
      staff: StaffPrincipal,
      body: { lang: Lang; title: string; body: string; source: string },
      requestId: string,
    ): Promise<AdminNewsItem> {
      const now = clock.now();
      const id = await db.transaction(async (tx) => {
        const created = await insertArticle(tx, { ...body, createdBy: staff.memberId }, now);
        await recordAudit(
          tx,
          {
            actorId: staff.memberId,
            actorRole: staff.role,
            action: 'news.publish',
            target: `news:${created}`,
            reason: `${body.lang}: ${body.title}`.slice(0, 500),
            requestId,
          },
          now,
        );
        return created;
      });
      return adminWire(await byId(db, id));
    },

    async unpublish(
      staff: StaffPrincipal,
      body: { id: string; reason: string },
      requestId: string,
    ): Promise<AdminNewsItem> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const article = await byId(tx, body.id, true);
        if (article.unpublished_at) throw refuse(errorKeys.news.alreadyUnpublished);
        await tx.query(`UPDATE news_articles SET unpublished_at = $2, unpublished_by = $3 WHERE id = $1::bigint`, [
          body.id,
          now,
          staff.memberId,
        ]);
        await recordAudit(
          tx,
          {
            actorId: staff.memberId,
            actorRole: staff.role,
            action: 'news.unpublish',
            target: `news:${body.id}`,
            reason: body.reason,
            requestId,
          },
          now,
        );
      });
      return adminWire(await byId(db, body.id));
    },
  };
}
export type NewsService = ReturnType<typeof newsService>;
