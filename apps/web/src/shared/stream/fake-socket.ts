// For the stream client's tests only (nothing in the app imports it).

/** A socket the test drives: it records what the client sent and delivers what the "server" says. */
export class FakeSocket {
  static made: FakeSocket[] = [];
  sent: { type: string; topic?: string; topics?: string[] }[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as { type: string; topic?: string; topics?: string[] });
  }
  close(code = 1000) {
    this.onclose?.({ code });
  }
  say(m: unknown) {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
  /** Each topic asked for or dropped, in order, whether it went alone or in a list. */
  subscriptions() {
    return this.sent
      .filter((m) => m.type === 'subscribe' || m.type === 'unsubscribe')
      .flatMap((m) => (m.topics ?? [m.topic ?? '']).map((topic) => `${m.type} ${topic}`));
  }
  /** The subscribe and unsubscribe messages themselves (a list counts once). */
  topicMessages() {
    return this.sent.filter((m) => m.type === 'subscribe' || m.type === 'unsubscribe');
  }
}
