// For the stream client's tests only (nothing in the app imports it).

/** A socket the test drives: it records what the client sent and delivers what the "server" says. */
export class FakeSocket {
  static made: FakeSocket[] = [];
  sent: { type: string; topic?: string }[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as { type: string; topic?: string });
  }
  close(code = 1000) {
    this.onclose?.({ code });
  }
  say(m: unknown) {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
  subscriptions() {
    return this.sent
      .filter((m) => m.type === 'subscribe' || m.type === 'unsubscribe')
      .map((m) => `${m.type} ${m.topic ?? ''}`);
  }
}
