import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './processes';

/**
 * A PostgreSQL server of the test's own (issue 24's fault tests): initdb in a temporary folder, started, stopped and
 * frozen for real — `pg_ctl stop` is a database that went away, SIGSTOP of its processes one that takes connections
 * and never answers — without touching the machine's own server, which other tests use meanwhile.
 * Needs Debian's PostgreSQL binaries; as root it runs them as the `postgres` user (initdb refuses root).
 */
export class OwnPostgres {
  readonly #dir = fs.mkdtempSync(path.join(os.tmpdir(), 'certifiable-own-pg-'));
  readonly #bin: string;
  port = 0;

  private constructor(bin: string) {
    this.#bin = bin;
  }

  /** The binaries' folder, or why this machine cannot run a server of its own. */
  static binaries(): { bin: string } | { missing: string } {
    const root = '/usr/lib/postgresql';
    const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
    const bin = versions.map((v) => path.join(root, v, 'bin')).find((b) => fs.existsSync(path.join(b, 'pg_ctl')));
    if (!bin) return { missing: `no PostgreSQL server binaries under ${root}` };
    return { bin };
  }

  static async create(): Promise<OwnPostgres> {
    const found = OwnPostgres.binaries();
    if ('missing' in found) throw new Error(found.missing);
    const pg = new OwnPostgres(found.bin);
    pg.port = await freePort();
    fs.chmodSync(pg.#dir, 0o700);
    if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', pg.#dir]);
    pg.#run('initdb', ['-D', pg.#data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
    await pg.start();
    return pg;
  }

  get #data() {
    return path.join(this.#dir, 'data');
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  #run(tool: string, args: string[]) {
    const command = path.join(this.#bin, tool);
    if (process.getuid?.() === 0) execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe', cwd: '/' });
    else execFileSync(command, args, { stdio: 'pipe' });
  }

  async start() {
    const options = `-p ${this.port} -k ${this.#dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
    this.#run('pg_ctl', ['-D', this.#data, '-l', path.join(this.#dir, 'server.log'), '-o', options, '-w', '-t', '60', 'start']);
  }

  /** Stopped as an operator would (fast shutdown): connections are cut, new ones refused. */
  async stop() {
    this.#run('pg_ctl', ['-D', this.#data, '-m', 'fast', '-w', '-t', '60', 'stop']);
  }

  /** Every process of the server (the postmaster first). */
  #pids(): number[] {
    const postmaster = Number(fs.readFileSync(path.join(this.#data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    let children: number[] = [];
    try {
      children = execFileSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
    } catch {
      // none
    }
    return [postmaster, ...children];
  }

  /** Hung: every process stopped with SIGSTOP. The kernel still accepts connections; nothing answers. */
  freeze() {
    for (const pid of this.#pids()) process.kill(pid, 'SIGSTOP');
  }

  thaw() {
    for (const pid of this.#pids().reverse()) process.kill(pid, 'SIGCONT');
  }

  async close() {
    try {
      this.thaw();
    } catch {
      // not running
    }
    try {
      this.#run('pg_ctl', ['-D', this.#data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // already stopped
    }
    fs.rmSync(this.#dir, { recursive: true, force: true });
  }
}
