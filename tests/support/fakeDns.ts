/**
 * A DNS server on 127.0.0.1 (UDP and TCP, same free port) that answers TXT questions from a map,
 * so code using node:dns's Resolver can be tested end to end with no traffic beyond this machine:
 * point the resolver at `server` ("127.0.0.1:PORT") with setServers.
 *
 * records: name -> TXT records, each string one record (split into 255-byte chunks on the wire,
 * as real zones do for long SPF records, so callers must join chunks). Names match in any case.
 *  - a name absent from the map: NXDOMAIN (node:dns reports ENOTFOUND)
 *  - a name mapped to []: the name exists but has no TXT record (node:dns reports ENODATA)
 *  - a name mapped to 'timeout': the question is never answered (node:dns reports ETIMEOUT)
 * A question of another type about a known name gets an empty answer.
 */
import { createSocket } from 'node:dgram';
import { Socket } from 'node:net';
import { createServer, Packet, type DnsServer } from 'dns2';

export type FakeTxt = string[] | 'timeout';

export interface FakeDns {
  /** For Resolver#setServers, e.g. "127.0.0.1:40123". */
  server: string;
  /** Every name asked (lower case), of any type, in order of arrival. */
  queries: string[];
  /** Replaces the records of one name (see the header for 'timeout' and []). */
  set(name: string, records: FakeTxt): void;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';
// DNS character-strings carry at most 255 bytes (the records used in tests are ASCII).
const CHUNK = 255;
// The "no such name" answer code of RFC 1035 (dns2 3.0 has Packet.RCODE, but its typings do not).
const NXDOMAIN = 3;

function chunks(record: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < record.length; i += CHUNK) out.push(record.slice(i, i + CHUNK));
  return out.length > 0 ? out : [''];
}

/** A port free for UDP on 127.0.0.1 now; TCP on it is tried next, and the whole start retried if taken. */
function freeUdpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createSocket('udp4');
    probe.once('error', reject);
    probe.bind(0, HOST, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function listenOn(server: DnsServer, port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') return reject(err);
      try {
        void server.close();
      } catch {
        // Half-started: whatever did bind is released when its socket is collected.
      }
      resolve(false);
    };
    server.once('error', onError);
    server.listen({ udp: { port, address: HOST }, tcp: { port, address: HOST } }).then(() => {
      server.off('error', onError);
      resolve(true);
    }, reject);
  });
}

export async function startFakeDns(records: Record<string, FakeTxt>): Promise<FakeDns> {
  const zone = new Map<string, FakeTxt>(Object.entries(records).map(([name, txt]) => [name.toLowerCase(), txt]));
  const queries: string[] = [];
  const tcpClients = new Set<Socket>();

  const makeServer = () =>
    createServer({
      udp: true,
      tcp: true,
      handle: (request, send, client) => {
        if (client instanceof Socket) tcpClients.add(client);
        const question = request.questions[0];
        if (!question) return;
        const name = question.name.toLowerCase().replace(/\.$/, '');
        queries.push(name);
        const txt = zone.get(name);
        if (txt === 'timeout') return;
        const response = Packet.createResponseFromRequest(request);
        if (txt === undefined) {
          response.header.rcode = NXDOMAIN;
        } else if (question.type === Packet.TYPE.TXT) {
          for (const record of txt) {
            response.answers.push(
              Packet.createResourceFromQuestion(question, {
                type: Packet.TYPE.TXT,
                class: Packet.CLASS.IN,
                ttl: 60,
                data: chunks(record),
              }),
            );
          }
        }
        // A client that gave up (a timed-out lookup) is no failure of the fake.
        send(response).catch(() => {});
      },
    });

  for (let attempt = 1; ; attempt++) {
    const server = makeServer();
    const port = await freeUdpPort();
    if (await listenOn(server, port)) {
      return {
        server: `${HOST}:${port}`,
        queries,
        set(name, txt) {
          zone.set(name.toLowerCase(), txt);
        },
        close() {
          // The TCP server waits for open connections; a resolver may keep one idle for seconds.
          for (const socket of tcpClients) socket.destroy();
          return server.close();
        },
      };
    }
    if (attempt >= 5) throw new Error(`fakeDns: no port free for both UDP and TCP on ${HOST} after 5 tries`);
  }
}
