import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/**
 * How the HTTP server treats its connections (docs/decisions/052). Every limit here bounds what one anonymous
 * client can hold: a half-sent header, a body sent a byte at a time, an idle keep-alive socket.
 */
export function connectionOptions(config: Config): Pick<
  FastifyServerOptions,
  'trustProxy' | 'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout'
> & { http: ServerOptions } {
  const { http } = config;
  const hops = config.trustProxy;
  return {
    // Fastify 5 refuses a bare hop count (it cannot check the nearest peer); ours trusts exactly that many
    // proxies, nearest first, so the address a client writes beyond them is never believed.
    trustProxy: typeof hops === 'number' ? (_address: string, hop: number) => hop < hops : hops,
    // A socket with no traffic at all for this long is closed.
    connectionTimeout: http.idleTimeoutMs,
    // An idle keep-alive socket between two requests.
    keepAliveTimeout: http.keepAliveTimeoutMs,
    // The whole request, body included, must arrive within this: a slow-body client is answered 408 and cut off.
    requestTimeout: http.requestTimeoutMs,
    http: {
      // The headers must arrive within this (a half-sent header is cut off).
      headersTimeout: Math.min(http.headersTimeoutMs, http.requestTimeoutMs),
      // How often Node checks the two timeouts above (its default, 30 s, would let a client overstay).
      connectionsCheckingInterval: Math.max(250, Math.min(2_000, Math.floor(http.headersTimeoutMs / 4))),
    },
  };
}

/**
 * Caps the open connections at `max`. Past the cap the oldest idle connection (no request in progress) is
 * closed to make room, so idle sockets — however many a client opens — can never lock out a new visitor;
 * only when every connection is busy is the newcomer refused. The kernel never gets to refuse for us.
 */
export function capConnections(server: Server, max: number): { open(): number } {
  /** Insertion order = age: idle sockets, oldest first (a socket re-enters at the end when it turns idle). */
  const idle = new Set<Socket>();
  const busy = new Set<Socket>();

  server.on('connection', (socket: Socket) => {
    idle.add(socket);
    socket.once('close', () => {
      idle.delete(socket);
      busy.delete(socket);
    });
    if (idle.size + busy.size <= max) return;
    const oldest = idle.values().next().value;
    if (oldest && oldest !== socket) {
      idle.delete(oldest);
      oldest.destroy();
    } else {
      idle.delete(socket);
      socket.destroy();
    }
  });

  server.on('request', (req, res) => {
    const socket = req.socket;
    if (!idle.delete(socket) && !busy.has(socket)) return; // already evicted or closed
    busy.add(socket);
    res.once('close', () => {
      if (!busy.delete(socket) || socket.destroyed) return;
      idle.add(socket); // to the end: now the youngest idle socket
    });
  });

  return { open: () => idle.size + busy.size };
}
