import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import type {
  InboxThreadWire,
  MemberContextWire,
  SupportMessageWire,
  SupportThreadWire,
} from '@kabuto/contracts/support/support';
import { describeEachDatabase, type Harness } from '../test/harness.ts';
import { connect, followingMember, streamServerFor } from '../test/stream-client.ts';
import { createStaff, auditOf, seedAdmin } from '../staff/staff-fixtures.ts';
import { gif, gifWithComment, jpeg, png, postUpload, uploadImage, zip } from '../uploads/image-fixtures.ts';

// Issue 27 "Online customer service": the API's promises, on PGlite and (with TEST_DATABASE_URL) PostgreSQL.

const visitorToken = (): string => randomBytes(32).toString('base64url');

type StaffThread = { thread: InboxThreadWire; messages: SupportMessageWire[]; member: MemberContextWire | null };

/** Rows of the chat tables: a refusal writes none. */
async function chatRows(h: Harness): Promise<{ threads: string; messages: string }> {
  const [r] = await h.db.query<{ threads: string; messages: string }>(
    `SELECT (SELECT count(*) FROM support_threads)::text AS threads, (SELECT count(*) FROM support_messages)::text AS messages`,
  );
  if (!r) throw new Error('no counts');
  return r;
}

describeEachDatabase('support chat: members, visitors and the inbox', (h) => {
  const server = streamServerFor(h);
  let supportStaff: Record<string, string>;
  const support = async () => (supportStaff ??= (await createStaff(h(), 'support')).headers);

  const send = (headers: Record<string, string>, body: Record<string, unknown>) =>
    h().call<SupportMessageWire>('user/support/send', body, headers);
  const threadOf = (headers: Record<string, string>, body: Record<string, unknown> = {}) =>
    h().call<SupportThreadWire>('user/support/thread', body, headers);
  const staffThread = async (threadId: string, headers?: Record<string, string>) =>
    h().call<StaffThread>('admin/support/thread', { threadId }, headers ?? (await support()));
  const reply = async (threadId: string, text: string, headers?: Record<string, string>) =>
    h().call<SupportMessageWire>('admin/support/reply', { threadId, text }, headers ?? (await support()));

  it('keeps a member’s conversation: staff reply, receipts both ways, unread count, audit of every staff act', async () => {
    const m = await h().member();
    const first = await send(m.headers, { text: 'My deposit has not arrived' });
    expect(first).toMatchObject({ http: 200, status: 1, data: { author: 'member', read: false } });
    const { data: mine } = await threadOf(m.headers);
    expect(mine).toMatchObject({ status: 'open', unread: 0, messages: [{ body: 'My deposit has not arrived' }] });
    const threadId = mine.id as string;

    // In the unassigned box; the member's context beside it.
    const inbox = await h().call<{ items: InboxThreadWire[] }>(
      'admin/support/inbox',
      { box: 'unassigned' },
      await support(),
    );
    expect(inbox.data.items.find((t) => t.id === threadId)).toMatchObject({ account: m.account, unread: 1 });
    const seen = await staffThread(threadId);
    expect(seen.data.member).toMatchObject({ account: m.account, realNameStatus: 'unverified', restrictions: [] });
    // Staff saw it: the member's message reads as read.
    expect((await threadOf(m.headers)).data.messages[0]?.read).toBe(true);

    const assigned = await h().call<InboxThreadWire>('admin/support/assign', { threadId }, await support());
    expect(assigned.data).toMatchObject({ assignedToMe: true });
    // A member follows their events: the reply arrives as `support.message`.
    const socket = await followingMember(server.url(), m);
    const answer = await reply(threadId, 'We are checking it now.');
    expect(answer).toMatchObject({ status: 1, data: { author: 'staff', read: false } });
    const event = await socket.next((x) => x.type === 'event' && x.event.type === 'support.message');
    expect(event).toMatchObject({ event: { payload: { threadId, messageId: answer.data.id, kind: 'message' } } });
    socket.ws.close();

    expect((await h().call<{ unread: number }>('user/support/unread', {}, m.headers)).data.unread).toBe(1);
    const read = await h().call<{ unread: number }>('user/support/read', { upTo: answer.data.id }, m.headers);
    expect(read.data.unread).toBe(0);
    const staffView = await staffThread(threadId);
    expect(staffView.data.messages.at(-1)).toMatchObject({ author: 'staff', read: true });

    const closed = await h().call<InboxThreadWire>('admin/support/close', { threadId }, await support());
    expect(closed.data.status).toBe('closed');
    expect(await h().call('admin/support/close', { threadId }, await support())).toMatchObject({
      http: 409,
      msg: errorKeys.support.alreadyClosed,
    });
    expect(await reply(threadId, 'late')).toMatchObject({ http: 409, msg: errorKeys.support.threadClosed });
    // The member's next message opens it again, still the same conversation.
    await send(m.headers, { text: 'One more question' });
    expect((await threadOf(m.headers)).data).toMatchObject({ id: threadId, status: 'open' });

    const target = `${m.account} ${threadId}`;
    const admin = await seedAdmin(h());
    expect(await auditOf(h(), 'support.assign', target, admin)).toHaveLength(1);
    expect(await auditOf(h(), 'support.close', target, admin)).toHaveLength(1);
    expect(await auditOf(h(), 'support.reply', `${target} #${answer.data.id}`, admin)).toMatchObject([
      { reason: 'We are checking it now.' },
    ]);
  });

  it('member A never sees member B’s conversation or images', async () => {
    const a = await h().member();
    const b = await h().member();
    const imageId = await uploadImage(h().app, b.headers, 'support_chat');
    await send(b.headers, { text: 'B private' });
    await send(b.headers, { imageId });
    expect((await threadOf(a.headers)).data).toEqual({ id: null, status: 'open', messages: [], unread: 0 });
    // A cannot send B's image as their own, nor read it.
    expect(await send(a.headers, { imageId })).toMatchObject({ http: 404, msg: errorKeys.upload.notFound });
    const view = await h().app.inject({
      method: 'POST',
      url: '/api/vue/upload/view',
      headers: a.headers,
      payload: { id: imageId },
    });
    expect(view.statusCode).toBe(404);
    // Staff thread calls are not member calls.
    const bThread = (await threadOf(b.headers)).data.id as string;
    expect(await h().call('admin/support/thread', { threadId: bThread }, a.headers)).toMatchObject({
      http: 403,
      msg: errorKeys.auth.forbidden,
    });
  });

  it('reviewers and auditors get 403 on threads and chat images; a spoofed is-admin grants nothing', async () => {
    const m = await h().member();
    const imageId = await uploadImage(h().app, m.headers, 'support_chat');
    await send(m.headers, { imageId });
    const threadId = (await threadOf(m.headers)).data.id as string;
    for (const role of ['reviewer', 'auditor'] as const) {
      const staff = (await createStaff(h(), role)).headers;
      for (const [path, body] of [
        ['admin/support/inbox', { box: 'unassigned' }],
        ['admin/support/thread', { threadId }],
        ['admin/support/reply', { threadId, text: 'hi' }],
        ['admin/support/assign', { threadId }],
        ['admin/support/close', { threadId }],
      ] as const)
        expect(await h().call(path, body, staff), `${role} ${path}`).toMatchObject({
          http: 403,
          msg: errorKeys.auth.forbidden,
        });
      const view = await h().app.inject({
        method: 'POST',
        url: '/api/vue/upload/view',
        headers: staff,
        payload: { id: imageId },
      });
      expect(view.statusCode, role).toBe(404);
    }
    const spoofed = { ...m.headers, 'is-admin': '1' };
    expect(await h().call('admin/support/inbox', { box: 'unassigned' }, spoofed)).toMatchObject({ http: 403 });
    expect(await h().call('admin/support/inbox', { box: 'unassigned' }, { 'is-admin': '1' })).toMatchObject({
      http: 401,
    });
    // Support reads the image.
    const ok = await h().app.inject({
      method: 'POST',
      url: '/api/vue/upload/view',
      headers: await support(),
      payload: { id: imageId },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses bad text with catalogued keys and writes nothing; HTML is stored and returned verbatim', async () => {
    const m = await h().member();
    const before = await chatRows(h());
    const big = await h().app.inject({
      method: 'POST',
      url: '/api/vue/user/support/send',
      headers: { ...m.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(100 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ status: 0, msg: errorKeys.request.tooLarge });
    const cases: [unknown, number, string][] = [
      [{ text: 'x'.repeat(2001) }, 400, errorKeys.support.tooLong],
      [{ text: '' }, 400, errorKeys.support.empty],
      [{ text: ' \u200B\u3000 ' }, 400, errorKeys.support.empty],
      [{ text: 'abc\u202Egnp.exe' }, 400, errorKeys.support.controlChars],
      [{ text: 'isolate \u2067x\u2069' }, 400, errorKeys.support.controlChars],
      [{ text: 42 }, 400, errorKeys.support.empty],
      [{}, 400, errorKeys.request.invalid],
      [{ text: 'a', imageId: 'b' }, 400, errorKeys.request.invalid],
      [{ imageId: '00000000-0000-0000-0000-000000000000' }, 404, errorKeys.upload.notFound],
    ];
    for (const [body, http, msg] of cases)
      expect(await h().call('user/support/send', body, m.headers), JSON.stringify(body).slice(0, 40)).toMatchObject({
        http,
        status: 0,
        msg,
      });
    expect(await chatRows(h())).toEqual(before);

    const hostile = '<script>alert(1)</script><img src=x onerror="alert(2)">';
    const rtl = 'مرحبا، أين إيداعي؟';
    expect((await send(m.headers, { text: hostile })).data.body).toBe(hostile);
    expect((await send(m.headers, { text: `${rtl}\u200B` })).data.body).toBe(rtl);
    const bodies = (await threadOf(m.headers)).data.messages.map((x) => x.body);
    expect(bodies).toEqual([hostile, rtl]);
    const threadId = (await threadOf(m.headers)).data.id as string;
    expect(await reply(threadId, 'x'.repeat(2001))).toMatchObject({ http: 400, msg: errorKeys.support.tooLong });
  });

  it('refuses polyglot and renamed-executable chat images with the upload keys and stores nothing', async () => {
    const m = await h().member();
    const before = await chatRows(h());
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
    for (const [name, data] of [
      ['photo.gif', gifWithComment('<html><script>alert(1)</script></html>')],
      ['photo.gif', Buffer.concat([gif(), zip()])],
      ['photo.jpg', Buffer.concat([jpeg(), Buffer.from('<?php system($_GET["c"]); ?>')])],
      ['photo.png', exe],
    ] as const) {
      const res = await postUpload(h().app, m.headers, { purpose: 'support_chat' }, [
        { name, type: 'image/png', data },
      ]);
      expect(res, name).toMatchObject({ http: 415, status: 0, msg: errorKeys.upload.badType });
    }
    const [u] = await h().db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM uploads u JOIN members m ON m.id = u.member_id WHERE m.account = $1`,
      [m.account],
    );
    expect(u?.n).toBe('0');
    // An upload made for another purpose is not a chat image.
    const idFront = await uploadImage(h().app, m.headers, 'id_front', png());
    expect(await send(m.headers, { imageId: idFront })).toMatchObject({ http: 404, msg: errorKeys.upload.notFound });
    expect(await chatRows(h())).toEqual(before);
  });

  it('a visitor chats without signing in, hears replies live, cannot send images, and joins their account on sign-in', async () => {
    const token = visitorToken();
    expect(await h().call('support/visitor/send', { visitorToken: 'short', text: 'hi' })).toMatchObject({
      http: 400,
      msg: errorKeys.support.visitorTokenInvalid,
    });
    expect(await h().call('support/visitor/send', { visitorToken: token, imageId: 'x' })).toMatchObject({
      http: 400,
    });
    const hello = await h().call<SupportMessageWire>('support/visitor/send', { visitorToken: token, text: 'Hello?' });
    expect(hello).toMatchObject({ status: 1, data: { author: 'visitor' } });
    const inbox = await h().call<{ items: InboxThreadWire[] }>(
      'admin/support/inbox',
      { box: 'unassigned' },
      await support(),
    );
    const item = inbox.data.items.find((t) => t.preview === 'Hello?' && t.account === null);
    expect(item).toBeDefined();
    const threadId = item?.id as string;

    // The visitor's socket follows its conversation by token (no sign-in).
    const c = await connect(server.url());
    c.send({ type: 'subscribe', topic: `support:${token}` });
    expect(await c.next((x) => x.type === 'subscribed')).toMatchObject({ seq: hello.data.id });
    const answer = await reply(threadId, 'Welcome! How can we help?');
    const live = await c.next((x) => x.type === 'support' && x.data.kind === 'message');
    expect(live).toMatchObject({ topic: `support:${token}`, data: { threadId, messageId: answer.data.id } });
    c.ws.close();
    const seen = await h().call<SupportThreadWire>('support/visitor/thread', { visitorToken: token });
    expect(seen.data).toMatchObject({ id: threadId, unread: 1 });
    expect(seen.data.messages.map((x) => x.body)).toEqual(['Hello?', 'Welcome! How can we help?']);

    // Signing in: the member's first chat load with the token joins the conversation; the token then names nothing.
    const m = await h().member();
    const joined = await threadOf(m.headers, { visitorToken: token });
    expect(joined.data).toMatchObject({ id: threadId, unread: 1 });
    expect(joined.data.messages.map((x) => x.author)).toEqual(['visitor', 'staff']);
    expect((await h().call<SupportThreadWire>('support/visitor/thread', { visitorToken: token })).data.id).toBeNull();
    expect((await staffThread(threadId)).data.thread.account).toBe(m.account);

    // A member who already had a conversation: the visitor's messages move into it.
    const other = visitorToken();
    await h().call('support/visitor/send', { visitorToken: other, text: 'Asked before signing in' });
    await threadOf(m.headers, { visitorToken: other });
    expect((await threadOf(m.headers)).data.messages.map((x) => x.body)).toEqual([
      'Hello?',
      'Welcome! How can we help?',
      'Asked before signing in',
    ]);
  });
});

describeEachDatabase(
  'support chat: visitors are rate-limited per address',
  (h) => {
    it('answers 429 tooFrequent after the limit and writes nothing more', async () => {
      const token = visitorToken();
      for (let i = 0; i < 3; i++)
        expect(await h().call('support/visitor/send', { visitorToken: token, text: `m${String(i)}` })).toMatchObject({
          status: 1,
        });
      const over = await h().call('support/visitor/send', { visitorToken: token, text: 'one too many' });
      expect(over).toMatchObject({ http: 429, msg: errorKeys.process.tooFrequent });
      const [r] = await h().db.query<{ n: string }>(`SELECT count(*)::text AS n FROM support_messages`);
      expect(r?.n).toBe('3');
    });
  },
  { rateLimits: { supportVisitor: { max: 3, timeWindowMs: 60_000 } } },
);
