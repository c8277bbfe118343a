/**
 * A small HTTP/1.1 client for the agreement test: requests go raw (the request target exactly as
 * given, never re-encoded), pipelined on a few keep-alive connections, and only the status of each
 * answer is read. A connection the server closes is opened again for the requests left.
 */
import net from 'node:net';

/** One request: the raw request target and the User-Agent header. */
export interface RawRequest {
  readonly target: string;
  readonly userAgent: string;
  /** The Host header ('localhost' when absent). */
  readonly host?: string;
}

const IN_FLIGHT = 64;
const MAX_RECONNECTS = 1000;

/** The bytes of one request, as a crawler sends it. */
function requestBytes(r: RawRequest): Buffer {
  // latin1: a header or target byte for byte (the test data is ASCII; a stray byte would show as a mismatch).
  return Buffer.from(`GET ${r.target} HTTP/1.1\r\nHost: ${r.host ?? 'localhost'}\r\nUser-Agent: ${r.userAgent}\r\nAccept: */*\r\n\r\n`, 'latin1');
}

/** The statuses of `list`, in order, over one connection at a time (reopened when the server closes it). */
function statusesOn(port: number, list: readonly RawRequest[]): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const statuses: number[] = [];
    let reconnects = 0;
    const open = () => {
      let sent = statuses.length;
      let buffer = Buffer.alloc(0);
      const socket = net.connect(port, '127.0.0.1');
      const send = () => {
        const chunks: Buffer[] = [];
        while (sent - statuses.length < IN_FLIGHT && sent < list.length) chunks.push(requestBytes(list[sent++]!));
        if (chunks.length > 0) socket.write(Buffer.concat(chunks));
      };
      socket.on('connect', send);
      socket.on('data', (data) => {
        buffer = buffer.length === 0 ? data : Buffer.concat([buffer, data]);
        for (;;) {
          const end = buffer.indexOf('\r\n\r\n');
          if (end < 0) break;
          const head = buffer.subarray(0, end).toString('latin1');
          const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
          if (!length) {
            socket.destroy();
            reject(new Error(`an answer without Content-Length: ${JSON.stringify(head.slice(0, 200))}`));
            return;
          }
          const total = end + 4 + Number(length[1]);
          if (buffer.length < total) break;
          statuses.push(Number(head.slice(9, 12)));
          buffer = buffer.subarray(total);
        }
        if (statuses.length === list.length) {
          socket.destroy();
          resolve(statuses);
        } else {
          send();
        }
      });
      socket.on('error', () => {});
      socket.on('close', () => {
        if (statuses.length === list.length) return;
        if (++reconnects > MAX_RECONNECTS) reject(new Error(`the server keeps closing the connection (${statuses.length} of ${list.length} answered)`));
        else open();
      });
    };
    open();
  });
}

/** Sends `requests` to 127.0.0.1:`port` on `connections` connections; the statuses in the requests' order. */
export async function sendAll(port: number, requests: readonly RawRequest[], connections = 4): Promise<number[]> {
  const parts = Array.from({ length: connections }, (_, k) => requests.filter((_, i) => i % connections === k));
  const answers = await Promise.all(parts.map((p) => statusesOn(port, p)));
  return requests.map((_, i) => answers[i % connections]![Math.floor(i / connections)]!);
}
