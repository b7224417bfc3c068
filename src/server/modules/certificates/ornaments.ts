/**
 * Engraving-style ornaments as SVG path data: guilloché bands and rosettes,
 * laurel wreaths, wax seals, ribbon rosettes and tails, signature scribbles.
 * Everything is deterministic (seeded), so the same certificate always
 * renders to the same bytes and the render cache stays valid.
 */

type Point = [number, number];

/**
 * The ornaments are pure and seeded, and most are drawn with the same arguments on every certificate of a template
 * (its frame, wreath, seal, signatures): a process keeps the last few hundred of each (the guilloché bands alone
 * took ≈ 9 ms a drawing). What they return is frozen, being shared.
 */
function memo<F extends (...args: never[]) => unknown>(draw: F): F {
  const kept = new Map<string, unknown>();
  return ((...args: Parameters<F>) => {
    const key = JSON.stringify(args);
    let drawn = kept.get(key);
    if (drawn === undefined) {
      drawn = draw(...args);
      if (typeof drawn === 'object' && drawn !== null) Object.freeze(drawn);
      kept.set(key, drawn);
      if (kept.size > 256) kept.delete(kept.keys().next().value!);
    }
    return drawn;
  }) as F;
}

/** Compact number for path data (one decimal is 0.01 mm on the 2970-unit page). */
export function n(v: number): string {
  const r = Math.round(v * 10) / 10;
  return r === 0 ? '0' : String(r);
}

/** Small, fast, seedable PRNG (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A smooth curve through f(t), t ∈ [t0, t1], as cubic Béziers (Hermite
 * interpolation with numeric tangents): a handful of segments per wave
 * instead of hundreds of line segments.
 */
export function parametricPath(f: (t: number) => Point, t0: number, t1: number, segments: number, closed = false): string {
  const dt = (t1 - t0) / segments;
  const h = dt / 64;
  const deriv = (t: number): Point => {
    const a = f(t - h);
    const b = f(t + h);
    return [(b[0] - a[0]) / (2 * h), (b[1] - a[1]) / (2 * h)];
  };
  // Relative commands from the previous *rounded* point: short numbers, no drift.
  const round = (v: number) => Math.round(v * 10) / 10;
  let p = f(t0);
  let d = deriv(t0);
  let cur: Point = [round(p[0]), round(p[1])];
  let out = `M${n(cur[0])} ${n(cur[1])}c`;
  const parts: string[] = [];
  for (let i = 1; i <= segments; i++) {
    const t = t0 + i * dt;
    const q = f(t);
    const e = deriv(t);
    const c1: Point = [round(p[0] + (d[0] * dt) / 3), round(p[1] + (d[1] * dt) / 3)];
    const c2: Point = [round(q[0] - (e[0] * dt) / 3), round(q[1] - (e[1] * dt) / 3)];
    const end: Point = [round(q[0]), round(q[1])];
    parts.push(
      [c1[0] - cur[0], c1[1] - cur[1], c2[0] - cur[0], c2[1] - cur[1], end[0] - cur[0], end[1] - cur[1]]
        .map((v, j) => signed(v, i > 1 || j > 0))
        .join(''),
    );
    cur = end;
    p = q;
    d = e;
  }
  out += parts.join('');
  return closed ? `${out}Z` : out;
}

/** A relative coordinate with its separator: "-3.2" needs none, "4" needs a space unless first. */
function signed(v: number, sep: boolean): string {
  const s = n(v);
  return s.startsWith('-') || !sep ? s : ` ${s}`;
}

/** Point and outward normal at arc length s along a rounded rectangle (clockwise from the top-left). */
export function roundedRectAt(x: number, y: number, w: number, h: number, rc: number, s: number): { p: Point; nrm: Point } {
  const sw = w - 2 * rc;
  const sh = h - 2 * rc;
  const arc = (Math.PI * rc) / 2;
  const P = 2 * sw + 2 * sh + 4 * arc;
  s = ((s % P) + P) % P;
  const corner = (cx: number, cy: number, a0: number, len: number) => {
    const a = a0 + len / rc;
    return { p: [cx + rc * Math.cos(a), cy + rc * Math.sin(a)] as Point, nrm: [Math.cos(a), Math.sin(a)] as Point };
  };
  if (s < sw) return { p: [x + rc + s, y], nrm: [0, -1] };
  s -= sw;
  if (s < arc) return corner(x + w - rc, y + rc, -Math.PI / 2, s);
  s -= arc;
  if (s < sh) return { p: [x + w, y + rc + s], nrm: [1, 0] };
  s -= sh;
  if (s < arc) return corner(x + w - rc, y + h - rc, 0, s);
  s -= arc;
  if (s < sw) return { p: [x + w - rc - s, y + h], nrm: [0, 1] };
  s -= sw;
  if (s < arc) return corner(x + rc, y + h - rc, Math.PI / 2, s);
  s -= arc;
  if (s < sh) return { p: [x, y + h - rc - s], nrm: [-1, 0] };
  s -= sh;
  return corner(x + rc, y + rc, Math.PI, s);
}

export interface GuillocheBandOptions {
  /** Centre line of the band: a rounded rectangle. */
  x: number;
  y: number;
  w: number;
  h: number;
  radius: number;
  /** Half-width of the band. */
  amplitude: number;
  /** Approximate wavelength along the border. */
  wavelength: number;
  strands: number;
  /** Second harmonic mixed in (0 = plain sine rope). */
  harmonic?: number;
}

/** Interlaced phase-shifted waves running round a rounded rectangle: one closed path per strand. */
export const guillocheBand = memo(function guillocheBand(o: GuillocheBandOptions): string[] {
  const arc = (Math.PI * o.radius) / 2;
  const P = 2 * (o.w - 2 * o.radius) + 2 * (o.h - 2 * o.radius) + 4 * arc;
  const waves = Math.max(4, Math.round(P / o.wavelength));
  const k = (2 * Math.PI * waves) / P;
  const harmonic = o.harmonic ?? 0;
  const paths: string[] = [];
  for (let i = 0; i < o.strands; i++) {
    const phase = (2 * Math.PI * i) / o.strands;
    paths.push(
      parametricPath(
        (s) => {
          const { p, nrm } = roundedRectAt(o.x, o.y, o.w, o.h, o.radius, s);
          const off = o.amplitude * ((1 - harmonic) * Math.sin(k * s + phase) + harmonic * Math.sin(3 * k * s - phase));
          return [p[0] + nrm[0] * off, p[1] + nrm[1] * off];
        },
        0,
        P,
        waves * 4,
        true,
      ),
    );
  }
  return paths;
});

/**
 * A guilloché rosette: closed curves r(θ) = R + A·sin(kθ + φ) for several
 * phases, in rings of decreasing radius — the banknote corner medallion.
 */
export const guillocheRosette = memo(function guillocheRosette(cx: number, cy: number, radius: number, rings = 3, lobes = 18, strands = 6): string[] {
  const paths: string[] = [];
  for (let ring = 0; ring < rings; ring++) {
    const R = radius * (1 - ring * 0.28) * 0.82;
    const A = radius * 0.16 * (1 - ring * 0.2);
    const k = Math.max(6, lobes - ring * 4);
    for (let i = 0; i < strands; i++) {
      const phase = (2 * Math.PI * i) / strands;
      paths.push(
        parametricPath(
          (t) => {
            const r = R + A * Math.sin(k * t + phase);
            return [cx + r * Math.cos(t), cy + r * Math.sin(t)];
          },
          0,
          2 * Math.PI,
          k * 4,
          true,
        ),
      );
    }
  }
  return paths;
});

/** Spirograph (hypotrochoid) curve — a single continuous engraved line. */
export const spirograph = memo(function spirograph(cx: number, cy: number, R: number, r: number, d: number, turns: number, scale = 1): string {
  return parametricPath(
    (t) => [cx + scale * ((R - r) * Math.cos(t) + d * Math.cos(((R - r) / r) * t)), cy + scale * ((R - r) * Math.sin(t) - d * Math.sin(((R - r) / r) * t))],
    0,
    2 * Math.PI * turns,
    Math.round(turns * 48),
    true,
  );
});

/** A pointed leaf centred at (x, y), pointing along angle `a` (radians). */
function leaf(x: number, y: number, a: number, length: number, width: number): string {
  const c = Math.cos(a);
  const s = Math.sin(a);
  const tip: Point = [x + (c * length) / 2, y + (s * length) / 2];
  const base: Point = [x - (c * length) / 2, y - (s * length) / 2];
  const side = (sign: number): Point => [x - s * width * sign, y + c * width * sign];
  const l = side(1);
  const r = side(-1);
  return `M${n(base[0])} ${n(base[1])}Q${n(l[0])} ${n(l[1])} ${n(tip[0])} ${n(tip[1])}Q${n(r[0])} ${n(r[1])} ${n(base[0])} ${n(base[1])}Z`;
}

/** Two laurel branches curving up around (cx, cy) from the bottom; returns leaf and stem path data. */
export const laurelWreath = memo(function laurelWreath(cx: number, cy: number, r: number, leafLength: number): { leaves: string; stems: string } {
  const leaves: string[] = [];
  const stems: string[] = [];
  for (const side of [-1, 1]) {
    // From the bottom (90°) round the side to near the top (~ -60° / 240°).
    const a0 = Math.PI / 2 + side * 0.22;
    const a1 = Math.PI / 2 + side * (Math.PI - 0.5);
    const at = (t: number): Point => {
      const a = a0 + (a1 - a0) * t;
      return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
    };
    stems.push(parametricPath(at, 0, 1, 8));
    const count = 11;
    for (let i = 0; i < count; i++) {
      const t = (i + 0.6) / (count + 0.4);
      const a = a0 + (a1 - a0) * t;
      const [px, py] = at(t);
      const tangent = a + (side * Math.PI) / 2; // direction of growth along the branch
      const size = leafLength * (1 - t * 0.35);
      for (const lean of [-1, 1]) {
        const dir = tangent + lean * 0.55 * -side;
        const off = size * 0.42;
        const lx = px + Math.cos(dir) * off;
        const ly = py + Math.sin(dir) * off;
        leaves.push(leaf(lx, ly, dir, size, size * 0.24));
      }
    }
    const tip = at(1.04);
    leaves.push(leaf(tip[0], tip[1], a1 + (side * Math.PI) / 2, leafLength * 0.6, leafLength * 0.15));
  }
  return { leaves: leaves.join(''), stems: stems.join('') };
});

/** A star polygon (`points` tips) as path data. */
export function star(cx: number, cy: number, outer: number, inner: number, points: number, rotation = -Math.PI / 2): string {
  let d = '';
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = rotation + (i * Math.PI) / points;
    d += `${i === 0 ? 'M' : 'L'}${n(cx + r * Math.cos(a))} ${n(cy + r * Math.sin(a))}`;
  }
  return `${d}Z`;
}

/** Scalloped (pleated) disc edge, as on a prize rosette. */
export const scallopedCircle = memo(function scallopedCircle(cx: number, cy: number, r: number, scallops: number, depth: number): string {
  return parametricPath(
    (t) => {
      const rr = r - depth * Math.abs(Math.sin((scallops * t) / 2));
      return [cx + rr * Math.cos(t), cy + rr * Math.sin(t)];
    },
    0,
    2 * Math.PI,
    scallops * 4,
    true,
  );
});

/** Irregular wax-blob outline: a circle with a few low harmonics and small drips. */
export const waxBlob = memo(function waxBlob(cx: number, cy: number, r: number, seed: number): string {
  const rnd = seededRandom(seed);
  const harmonics = [3, 5, 7, 11, 17].map((k) => ({ k, a: (0.012 + rnd() * 0.022) * r * (k > 7 ? 0.6 : 1), p: rnd() * Math.PI * 2 }));
  return parametricPath(
    (t) => {
      let rr = r;
      for (const h of harmonics) rr += h.a * Math.sin(h.k * t + h.p);
      return [cx + rr * Math.cos(t), cy + rr * Math.sin(t)];
    },
    0,
    2 * Math.PI,
    72,
    true,
  );
});

/** Circle as two arcs, clockwise, starting at angle `start` (radians, 0 = 3 o'clock) — a path for `<textPath>`. */
export function circlePath(cx: number, cy: number, r: number, start = -Math.PI / 2): string {
  const x0 = cx + r * Math.cos(start);
  const y0 = cy + r * Math.sin(start);
  const x1 = cx - r * Math.cos(start);
  const y1 = cy - r * Math.sin(start);
  return `M${n(x0)} ${n(y0)}A${n(r)} ${n(r)} 0 1 1 ${n(x1)} ${n(y1)}A${n(r)} ${n(r)} 0 1 1 ${n(x0)} ${n(y0)}`;
}

/**
 * One ribbon tail hanging from (x, y), `angle` radians from straight down
 * (positive = towards +x), with a V-notched end.
 */
export function ribbonTail(x: number, y: number, width: number, length: number, angle: number, notch = 0.35): string {
  const dx = Math.sin(angle);
  const dy = Math.cos(angle);
  const px = dy; // perpendicular
  const py = -dx;
  const hw = width / 2;
  const end: Point = [x + dx * length, y + dy * length];
  const pts: Point[] = [
    [x + px * hw, y + py * hw],
    [end[0] + px * hw, end[1] + py * hw],
    [end[0] - dx * width * notch, end[1] - dy * width * notch],
    [end[0] - px * hw, end[1] - py * hw],
    [x - px * hw, y - py * hw],
  ];
  return `M${pts.map((p) => `${n(p[0])} ${n(p[1])}`).join('L')}Z`;
}

/** Smooth curve through points (Catmull-Rom as cubic Béziers). */
export function smoothThrough(pts: Point[]): string {
  if (pts.length < 2) return '';
  const first = pts[0] as Point;
  let d = `M${n(first[0])} ${n(first[1])}`;
  for (let i = 0; i < pts.length - 1; i++) {
    const p0 = (pts[i - 1] ?? pts[i]) as Point;
    const p1 = pts[i] as Point;
    const p2 = pts[i + 1] as Point;
    const p3 = (pts[i + 2] ?? p2) as Point;
    d += `C${n(p1[0] + (p2[0] - p0[0]) / 6)} ${n(p1[1] + (p2[1] - p0[1]) / 6)} ${n(p2[0] - (p3[0] - p1[0]) / 6)} ${n(p2[1] - (p3[1] - p1[1]) / 6)} ${n(p2[0])} ${n(p2[1])}`;
  }
  return d;
}

/**
 * A handwritten-looking signature about `width` wide, baseline at y: a tall
 * capital loop, a run of cursive strokes (small loops, tall loops, arches,
 * dips) chosen by `seed`, slanted, and an underline flourish.
 */
export const signatureScribble = memo(function signatureScribble(x: number, y: number, width: number, height: number, seed: number): string {
  const rnd = seededRandom(seed);
  const h = height;
  const pts: Point[] = [];
  // Capital: up-stroke, big loop back down through the baseline.
  pts.push([x, y - h * 0.15], [x + h * 0.18, y - h * 0.75], [x + h * 0.34, y - h * 1.0], [x + h * 0.22, y - h * 0.55], [x + h * 0.1, y + h * 0.05], [x + h * 0.32, y - h * 0.1]);
  let cx = x + h * 0.4;
  const end = x + width * 0.9;
  while (cx < end) {
    const w = h * (0.2 + rnd() * 0.14);
    const kind = rnd();
    if (kind < 0.3) {
      // small loop (e)
      pts.push([cx + w * 0.55, y - h * 0.32], [cx + w * 0.25, y - h * 0.4], [cx + w * 0.2, y - h * 0.15], [cx + w, y]);
    } else if (kind < 0.5) {
      // tall loop (l, h)
      pts.push([cx + w * 0.6, y - h * 0.85], [cx + w * 0.35, y - h * 0.95], [cx + w * 0.3, y - h * 0.4], [cx + w, y]);
    } else if (kind < 0.75) {
      // arch (n, m)
      pts.push([cx + w * 0.2, y - h * 0.35], [cx + w * 0.5, y - h * 0.4], [cx + w * 0.7, y - h * 0.05], [cx + w, y - h * 0.02]);
    } else {
      // dip (u)
      pts.push([cx + w * 0.15, y - h * 0.3], [cx + w * 0.45, y + h * 0.02], [cx + w * 0.75, y - h * 0.3], [cx + w, y - h * 0.02]);
    }
    cx += w;
  }
  pts.push([cx + h * 0.15, y - h * 0.25]);
  // Slant: lean the writing forward.
  const slanted = pts.map(([px, py]): Point => [px + (y - py) * 0.28, py]);
  const flourishY = y + h * 0.14;
  const flourish = smoothThrough([
    [x + width * 0.05, flourishY + h * 0.08],
    [x + width * 0.4, flourishY - h * 0.02],
    [x + width * 0.8, flourishY - h * 0.1],
    [x + width * 1.02, flourishY - h * 0.3],
  ]);
  return smoothThrough(slanted) + flourish;
});

/**
 * A hand-drawn rounded rectangle: points every `step` units along it, each
 * nudged off the line by up to `jitter`, joined smoothly. Crayon borders
 * are two or three of these with different seeds.
 */
export const wobblyRoundedRect = memo(function wobblyRoundedRect(x: number, y: number, w: number, h: number, radius: number, seed: number, jitter: number, step = 70): string {
  const rnd = seededRandom(seed);
  const P = 2 * (w - 2 * radius) + 2 * (h - 2 * radius) + 2 * Math.PI * radius;
  const count = Math.round(P / step);
  const pts: Point[] = [];
  for (let i = 0; i <= count; i++) {
    const { p, nrm } = roundedRectAt(x, y, w, h, radius, (i / count) * P);
    const off = i === count ? 0 : (rnd() - 0.5) * 2 * jitter;
    pts.push([p[0] + nrm[0] * off, p[1] + nrm[1] * off]);
  }
  const first = pts[0] as Point;
  pts[pts.length - 1] = [first[0], first[1]];
  return smoothThrough(pts);
});

/** A hand-drawn line from a to b (a few jittered points). */
export const wobblyLine = memo(function wobblyLine(ax: number, ay: number, bx: number, by: number, seed: number, jitter: number, step = 60): string {
  const rnd = seededRandom(seed);
  const len = Math.hypot(bx - ax, by - ay);
  const count = Math.max(2, Math.round(len / step));
  const nx = -(by - ay) / len;
  const ny = (bx - ax) / len;
  const pts: Point[] = [];
  for (let i = 0; i <= count; i++) {
    const t = i / count;
    const off = (rnd() - 0.5) * 2 * jitter;
    pts.push([ax + (bx - ax) * t + nx * off, ay + (by - ay) * t + ny * off]);
  }
  return smoothThrough(pts);
});

/** A hand-drawn arc (centre, radius, from a0 to a1 radians). */
export const wobblyArc = memo(function wobblyArc(cx: number, cy: number, r: number, a0: number, a1: number, seed: number, jitter: number): string {
  const rnd = seededRandom(seed);
  const count = Math.max(4, Math.round((Math.abs(a1 - a0) * r) / 60));
  const pts: Point[] = [];
  for (let i = 0; i <= count; i++) {
    const a = a0 + ((a1 - a0) * i) / count;
    const rr = r + (rnd() - 0.5) * 2 * jitter;
    pts.push([cx + rr * Math.cos(a), cy + rr * Math.sin(a)]);
  }
  return smoothThrough(pts);
});
