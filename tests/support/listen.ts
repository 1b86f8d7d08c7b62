/** Serves a request listener (a test site's, as the server builds it) on an ephemeral port on 127.0.0.1. */
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Listening {
  url: string;
  close: () => Promise<void>;
}

export function listen(listener: RequestListener): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const server = createServer(listener);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
    server.on('error', reject);
  });
}
