/**
 * Original artwork for the demo catalogue, drawn in code: one helper per shape family (rose,
 * carnation, gerbera, lily, orchid, chrysanthemum, tulip, gypsophila and the cut greens), each
 * taking the colours of the variety. Every picture is a 400 × 400 SVG on a soft background.
 */

/** Deterministic pseudo-random numbers (mulberry32), so the artwork is the same on every seed. */
function randomSequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round = (value: number) => Math.round(value * 10) / 10;

function polar(cx: number, cy: number, radius: number, degrees: number): [number, number] {
  const radians = (degrees * Math.PI) / 180;
  return [round(cx + radius * Math.cos(radians)), round(cy + radius * Math.sin(radians))];
}

export interface Backdrop {
  /** Centre and edge colours of the soft radial background. */
  inner: string;
  outer: string;
}

function canvas(backdrop: Backdrop, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400">
<defs><radialGradient id="bg" gradientUnits="userSpaceOnUse" cx="200" cy="168" r="283"><stop offset="0" stop-color="${backdrop.inner}"/><stop offset="1" stop-color="${backdrop.outer}"/></radialGradient></defs>
<rect width="400" height="400" fill="url(#bg)"/>
<circle cx="318" cy="78" r="46" fill="#ffffff" opacity="0.35"/><circle cx="70" cy="330" r="30" fill="#ffffff" opacity="0.25"/>
${body}
</svg>`;
}

/** A petal pointing up from the origin: `width` at its widest, `roundness` 0 (pointed) to 1 (rounded). */
function petalPath(length: number, width: number, roundness = 0.5): string {
  const w = width / 2;
  const capX = round(w * (0.15 + 0.95 * roundness));
  const capY = round(-length * (0.92 + 0.14 * roundness));
  return `M0 0 C${round(w * 1.15)} ${round(-length * 0.3)} ${capX} ${capY} 0 ${round(-length)} C${-capX} ${capY} ${round(-w * 1.15)} ${round(-length * 0.3)} 0 0Z`;
}

function petal(cx: number, cy: number, degrees: number, length: number, width: number, fill: string, roundness = 0.5, extra = ''): string {
  return `<path d="${petalPath(length, width, roundness)}" transform="translate(${round(cx)} ${round(cy)}) rotate(${round(degrees)})" fill="${fill}" ${extra}/>`;
}

const LEAF_GREEN = '#3f7d4e';
const LEAF_DARK = '#2e5e3a';

function stem(fromX: number, fromY: number, toX: number, toY: number, bend = 0, width = 8, colour = LEAF_GREEN): string {
  const midX = (fromX + toX) / 2 + bend;
  const midY = (fromY + toY) / 2;
  return `<path d="M${fromX} ${fromY} Q${round(midX)} ${round(midY)} ${toX} ${toY}" stroke="${colour}" stroke-width="${width}" fill="none" stroke-linecap="round"/>`;
}

/** A pointed leaf with a midrib, attached at (x, y) and pointing at `degrees` (0 = up). */
function leaf(x: number, y: number, degrees: number, length: number, width: number, fill = LEAF_GREEN, vein = LEAF_DARK): string {
  return `<g transform="translate(${round(x)} ${round(y)}) rotate(${round(degrees)})">
<path d="${petalPath(length, width, 0.05)}" fill="${fill}"/>
<path d="M0 0 L0 ${round(-length * 0.92)}" stroke="${vein}" stroke-width="2" opacity="0.6"/></g>`;
}

export interface RoseColours {
  petal: string;
  shade: string;
  highlight: string;
}

/** A rose seen from above: two rings of rounded petals round a tight spiral heart. */
export function rose(colours: RoseColours, backdrop: Backdrop): string {
  const cx = 200;
  const cy = 175;
  const outer = [0, 72, 144, 216, 288].map((a) => petal(cx, cy, a + 18, 112, 118, colours.shade, 0.9)).join('');
  const middle = [0, 72, 144, 216, 288].map((a) => petal(cx, cy, a + 54, 88, 98, colours.petal, 0.9)).join('');
  const inner = [0, 120, 240].map((a) => petal(cx, cy, a, 56, 70, colours.highlight, 0.9)).join('');
  const spiral = `<path d="M${cx} ${cy} m-5 0 a5 5 0 1 1 10 0 a10 10 0 1 1 -20 0 a16 16 0 1 1 32 0 a23 23 0 1 1 -46 0 a30 30 0 1 1 60 0" fill="none" stroke="${colours.shade}" stroke-width="4" stroke-linecap="round" opacity="0.85"/>`;
  const foliage = leaf(196, 300, -58, 92, 44) + leaf(204, 330, 60, 84, 40);
  return canvas(backdrop, `${stem(200, 400, 200, 260, -10)}${foliage}${outer}${middle}${inner}${spiral}`);
}

/** A carnation from the side: frilled layers fanning out of a long green calyx. */
export function carnation(colours: { petal: string; frill: string; edge: string }, backdrop: Backdrop, seed: number): string {
  const random = randomSequence(seed);
  const cx = 200;
  const baseY = 232;
  const layer = (radius: number, fill: string, lift: number) => {
    const points: string[] = [];
    const teeth = 34;
    for (let i = 0; i <= teeth; i++) {
      const degrees = 192 + (156 * i) / teeth;
      const r = radius * (i % 2 === 0 ? 1 : 0.86 - random() * 0.06);
      const [x, y] = polar(cx, baseY - lift, r, degrees);
      points.push(`${x},${y}`);
    }
    return `<polygon points="${cx + 22},${baseY} ${points.join(' ')} ${cx - 22},${baseY}" fill="${fill}" stroke="${colours.edge}" stroke-width="2" stroke-linejoin="round"/>`;
  };
  const calyx = `<path d="M${cx - 24} ${baseY - 4} Q${cx - 20} ${baseY + 56} ${cx} ${baseY + 70} Q${cx + 20} ${baseY + 56} ${cx + 24} ${baseY - 4} Z" fill="${LEAF_GREEN}"/>
<path d="M${cx - 24} ${baseY - 4} l8 16 l8 -14 l8 16 l8 -16 l8 14 l8 -16" fill="none" stroke="${LEAF_DARK}" stroke-width="3" stroke-linejoin="round"/>`;
  const foliage = leaf(200, 352, -70, 80, 18) + leaf(200, 372, 66, 74, 16);
  return canvas(
    backdrop,
    `${stem(200, 400, 200, baseY + 60, 6)}${foliage}${layer(128, colours.frill, 6)}${layer(112, colours.petal, 14)}${layer(90, colours.frill, 20)}${layer(64, colours.petal, 24)}${calyx}`,
  );
}

/** A gerbera face-on: two rings of long narrow petals round a dark disc ringed with stamens. */
export function gerbera(colours: { petal: string; inner: string; disc: string; stamen: string }, backdrop: Backdrop): string {
  const cx = 200;
  const cy = 180;
  const ring = (count: number, length: number, width: number, fill: string, offset: number) =>
    Array.from({ length: count }, (_, i) => petal(cx, cy, (360 * i) / count + offset, length, width, fill, 0.8)).join('');
  const stamens = Array.from({ length: 28 }, (_, i) => {
    const [x, y] = polar(cx, cy, 36, (360 * i) / 28);
    return `<circle cx="${x}" cy="${y}" r="4" fill="${colours.stamen}"/>`;
  }).join('');
  return canvas(
    backdrop,
    `${stem(200, 400, 200, 250, 14)}${leaf(206, 360, 62, 70, 34)}${ring(24, 150, 30, colours.petal, 0)}${ring(24, 118, 24, colours.inner, 7.5)}
<circle cx="${cx}" cy="${cy}" r="44" fill="${colours.stamen}" opacity="0.6"/>${stamens}<circle cx="${cx}" cy="${cy}" r="28" fill="${colours.disc}"/>
<circle cx="${cx}" cy="${cy}" r="14" fill="${colours.disc}" stroke="${colours.stamen}" stroke-width="2" opacity="0.8"/>`,
  );
}

/** A lily face-on: six pointed, curving tepals with a pale midline, freckles and long stamens. */
export function lily(colours: { petal: string; outline: string; midline: string; spots: string; anther: string }, backdrop: Backdrop, seed: number): string {
  const random = randomSequence(seed);
  const cx = 200;
  const cy = 185;
  const tepals = [0, 60, 120, 180, 240, 300]
    .map((a, i) => {
      const length = i % 2 === 0 ? 160 : 148;
      const width = i % 2 === 0 ? 84 : 66;
      const freckles = Array.from({ length: 7 }, () => {
        const along = 30 + random() * 60;
        const across = (random() - 0.5) * width * 0.4;
        return `<circle cx="${round(across)}" cy="${round(-along)}" r="${round(2 + random() * 2.5)}" fill="${colours.spots}"/>`;
      }).join('');
      return `<g transform="translate(${cx} ${cy}) rotate(${a + 30})"><path d="${petalPath(length, width, 0.1)}" fill="${colours.petal}" stroke="${colours.outline}" stroke-width="2"/>
<path d="M0 -6 L0 ${-length * 0.7}" stroke="${colours.midline}" stroke-width="7" stroke-linecap="round" opacity="0.8"/>${freckles}</g>`;
    })
    .join('');
  const stamens = [10, 70, 130, 190, 250, 310]
    .map((a) => {
      const [x, y] = polar(cx, cy, 70, a);
      return `<line x1="${cx}" y1="${cy}" x2="${x}" y2="${y}" stroke="#e9f1c9" stroke-width="3"/><ellipse cx="${x}" cy="${y}" rx="9" ry="4.5" transform="rotate(${a} ${x} ${y})" fill="${colours.anther}"/>`;
    })
    .join('');
  return canvas(
    backdrop,
    `${stem(200, 400, 200, 280, -16)}${leaf(196, 350, -64, 90, 22)}${tepals}${stamens}<circle cx="${cx}" cy="${cy}" r="10" fill="#cfe3a6"/>`,
  );
}

/** One phalaenopsis-style orchid bloom centred at (x, y), `scale` 1 ≈ 150 px across. */
function orchidBloom(x: number, y: number, scale: number, colours: { petal: string; vein: string; lip: string; throat: string }): string {
  const sepals = [0, 125, 235].map((a) => petal(0, 0, a, 70, 40, colours.petal, 0.7)).join('');
  const petals = [-68, 68].map((a) => petal(0, 0, a, 74, 84, colours.petal, 1)).join('');
  const veins = [-68, 68].map((a) => `<path d="M0 0 L0 -52" transform="rotate(${a})" stroke="${colours.vein}" stroke-width="2" opacity="0.5"/>`).join('');
  const lip = `<path d="M-16 6 C-30 30 -14 50 0 52 C14 50 30 30 16 6 C8 14 -8 14 -16 6Z" fill="${colours.lip}"/>
<circle cx="0" cy="4" r="10" fill="${colours.throat}"/><ellipse cx="0" cy="-6" rx="6" ry="9" fill="#fffdf4"/>`;
  return `<g transform="translate(${x} ${y}) scale(${scale})">${sepals}${petals}${veins}${lip}</g>`;
}

/** An orchid spray: blooms strung along an arching stem, buds at the tip. */
export function orchid(
  colours: { petal: string; vein: string; lip: string; throat: string; bud: string },
  backdrop: Backdrop,
  blooms: 'spray' | 'cane',
): string {
  const arch = `<path d="M120 400 C110 250 180 120 320 86" stroke="${LEAF_GREEN}" stroke-width="6" fill="none" stroke-linecap="round"/>`;
  const buds = `<ellipse cx="318" cy="88" rx="9" ry="13" transform="rotate(60 318 88)" fill="${colours.bud}"/><ellipse cx="300" cy="94" rx="11" ry="15" transform="rotate(50 300 94)" fill="${colours.bud}"/>`;
  const positions: [number, number, number][] =
    blooms === 'spray'
      ? [
          [138, 262, 1.05],
          [196, 160, 0.9],
          [262, 112, 0.72],
        ]
      : [
          [126, 300, 0.62],
          [150, 222, 0.6],
          [190, 162, 0.56],
          [236, 122, 0.5],
          [276, 100, 0.42],
        ];
  const leaves = blooms === 'spray' ? `<ellipse cx="110" cy="390" rx="90" ry="26" transform="rotate(-14 110 390)" fill="${LEAF_GREEN}"/>` : '';
  return canvas(backdrop, `${leaves}${arch}${buds}${positions.map(([x, y, s]) => orchidBloom(x, y, s, colours)).join('')}`);
}

/** A pompon chrysanthemum from above: rings of small cupped florets, denser towards the centre. */
export function chrysanthemum(colours: { petal: string; shade: string; centre: string }, backdrop: Backdrop): string {
  const cx = 200;
  const cy = 185;
  const rings: string[] = [];
  for (let radius = 118, ring = 0; radius > 12; radius -= 16, ring++) {
    const count = Math.max(6, Math.round(radius / 5));
    const length = Math.min(42, 16 + radius / 4);
    const fill = ring % 2 === 0 ? colours.shade : colours.petal;
    for (let i = 0; i < count; i++) {
      const degrees = (360 * i) / count + ring * 9;
      const [x, y] = polar(cx, cy, radius - length, degrees);
      rings.push(petal(x, y, degrees + 90, length, length * 0.62, fill, 1, `stroke="${colours.shade}" stroke-width="1"`));
    }
  }
  return canvas(
    backdrop,
    `${stem(200, 400, 200, 290, -12)}${leaf(198, 360, -60, 72, 40)}${leaf(202, 385, 58, 64, 36)}<circle cx="${cx}" cy="${cy}" r="122" fill="${colours.shade}" opacity="0.35"/>${rings.join('')}<circle cx="${cx}" cy="${cy}" r="12" fill="${colours.centre}"/>`,
  );
}

/** A tulip from the side: a closed cup of three pointed petals on a tall stem with two broad leaves. */
export function tulip(colours: { petal: string; shade: string; highlight: string }, backdrop: Backdrop): string {
  const cup = `<path d="M200 92 C240 110 262 150 254 196 C246 232 222 246 200 246 C178 246 154 232 146 196 C138 150 160 110 200 92Z" fill="${colours.shade}"/>
<path d="M150 120 C182 130 200 170 198 246 C172 244 150 228 144 196 C138 166 140 138 150 120Z" fill="${colours.petal}"/>
<path d="M250 120 C218 130 200 170 202 246 C228 244 250 228 256 196 C262 166 260 138 250 120Z" fill="${colours.petal}"/>
<path d="M170 150 C176 190 182 216 192 236" stroke="${colours.highlight}" stroke-width="5" fill="none" stroke-linecap="round" opacity="0.7"/>`;
  const leaves = `<path d="M196 400 C150 360 130 300 150 240 C170 300 190 340 206 400Z" fill="${LEAF_GREEN}"/>
<path d="M204 400 C252 370 276 320 268 270 C240 320 218 350 196 400Z" fill="#4f9160"/>`;
  return canvas(backdrop, `${stem(200, 400, 200, 240, 4, 9)}${leaves}${cup}`);
}

/** Gypsophila (baby's breath): fine forking stems ending in clouds of tiny white flowers. */
export function gypsophila(colours: { flower: string; centre: string }, backdrop: Backdrop, seed: number): string {
  const random = randomSequence(seed);
  const branches: string[] = [stem(200, 400, 200, 300, 6, 3, '#6f9a64')];
  const flowers: string[] = [];
  for (let i = 0; i < 6; i++) {
    const [forkX, forkY] = polar(200, 300, 70 + random() * 30, 222 + i * 19);
    branches.push(stem(200, 300, forkX, forkY, (random() - 0.5) * 20, 2.5, '#6f9a64'));
    for (let j = 0; j < 3; j++) {
      const [tipX, tipY] = polar(forkX, forkY, 50 + random() * 50, 235 + i * 14 + (j - 1) * 24);
      branches.push(stem(forkX, forkY, tipX, tipY, (random() - 0.5) * 16, 1.6, '#7fa873'));
      for (let k = 0; k < 9; k++) {
        const [x, y] = polar(tipX, tipY, random() * 22, random() * 360);
        const r = round(3.5 + random() * 3.5);
        flowers.push(
          `<circle cx="${x}" cy="${y}" r="${r}" fill="${colours.flower}" stroke="#d9d2c4" stroke-width="0.8"/><circle cx="${x}" cy="${y}" r="${round(r / 3)}" fill="${colours.centre}"/>`,
        );
      }
    }
  }
  return canvas(backdrop, branches.join('') + flowers.join(''));
}

/** Silver-dollar eucalyptus: a curving stem with pairs of round, blue-grey coin leaves. */
export function eucalyptus(colours: { leaf: string; edge: string; stem: string }, backdrop: Backdrop): string {
  const pairs: string[] = [];
  for (let i = 0; i < 6; i++) {
    const y = 360 - i * 52;
    const x = 200 + Math.sin(i * 0.9) * 14;
    const radius = 44 - i * 4.5;
    for (const side of [-1, 1]) {
      const lx = x + side * (radius + 4);
      const ly = y - 8;
      pairs.push(`<ellipse cx="${round(lx)}" cy="${round(ly)}" rx="${round(radius)}" ry="${round(radius * 0.9)}" fill="${colours.leaf}" stroke="${colours.edge}" stroke-width="2.5"/>
<path d="M${round(x)} ${y} Q${round(lx)} ${round(ly + 4)} ${round(lx + side * radius * 0.7)} ${round(ly - 4)}" stroke="${colours.edge}" stroke-width="2" fill="none" opacity="0.7"/>`);
    }
  }
  const spine = `<path d="M200 400 Q214 300 196 200 Q186 120 206 60" stroke="${colours.stem}" stroke-width="6" fill="none" stroke-linecap="round"/>`;
  return canvas(backdrop, spine + pairs.join(''));
}

/** Italian ruscus: an arching stem with alternating glossy, pointed leaves. */
export function ruscus(colours: { leaf: string; gloss: string }, backdrop: Backdrop): string {
  const leaves: string[] = [];
  for (let i = 0; i < 9; i++) {
    const t = i / 8;
    const x = 150 + t * 90 + Math.sin(t * 3) * 10;
    const y = 380 - t * 320;
    const side = i % 2 === 0 ? -1 : 1;
    const length = 96 - t * 40;
    leaves.push(leaf(x, y, side * (58 - t * 20), length, length * 0.42, colours.leaf, colours.gloss));
  }
  const spine = `<path d="M150 400 C160 280 200 160 244 52" stroke="${LEAF_DARK}" stroke-width="5" fill="none" stroke-linecap="round"/>`;
  return canvas(backdrop, spine + leaves.join(''));
}

/** Asparagus fern (plumosa): flat, feathery sprays of fine needles in tiers along a wiry stem. */
export function asparagusFern(colours: { needle: string; stem: string }, backdrop: Backdrop, seed: number): string {
  const random = randomSequence(seed);
  const parts: string[] = [`<path d="M190 400 C196 300 204 200 214 50" stroke="${colours.stem}" stroke-width="4" fill="none"/>`];
  for (let tier = 0; tier < 7; tier++) {
    const y = 350 - tier * 44;
    const x = 190 + tier * 3.5;
    const reach = 130 - tier * 15;
    for (const side of [-1, 1]) {
      const endX = x + side * reach;
      const endY = y - 18;
      parts.push(`<line x1="${x}" y1="${y}" x2="${round(endX)}" y2="${endY}" stroke="${colours.stem}" stroke-width="2"/>`);
      for (let k = 0; k < 22; k++) {
        const t = k / 22;
        const px = x + (endX - x) * t;
        const py = y + (endY - y) * t;
        const spread = 16 * (1 - t * 0.6);
        for (const up of [-1, 1]) {
          const nx = px + side * (4 + random() * 6);
          const ny = py + up * spread * (0.6 + random() * 0.4);
          parts.push(
            `<line x1="${round(px)}" y1="${round(py)}" x2="${round(nx)}" y2="${round(ny)}" stroke="${colours.needle}" stroke-width="1.6" stroke-linecap="round"/>`,
          );
        }
      }
    }
  }
  return canvas(backdrop, parts.join(''));
}

/** Leatherleaf fern: a triangular frond of paired pinnae, each cut into rounded pinnules. */
export function leatherleafFern(colours: { frond: string; vein: string }, backdrop: Backdrop): string {
  const parts: string[] = [`<path d="M200 400 L200 46" stroke="${colours.vein}" stroke-width="5"/>`];
  for (let i = 0; i < 10; i++) {
    const y = 340 - i * 29;
    const length = 150 - i * 13;
    for (const side of [-1, 1]) {
      const degrees = side * (68 - i * 2);
      const pinnules = Array.from({ length: Math.max(3, Math.round(length / 16)) }, (_, k) => {
        const along = 10 + k * 15;
        const size = (1 - along / (length + 20)) * 26 + 6;
        return `${petal(0, -along, 58, size, size * 0.7, colours.frond, 0.9)}${petal(0, -along, -58, size, size * 0.7, colours.frond, 0.9)}`;
      }).join('');
      parts.push(
        `<g transform="translate(200 ${y}) rotate(${degrees})">${pinnules}<path d="M0 0 L0 ${-length}" stroke="${colours.vein}" stroke-width="2"/></g>`,
      );
    }
  }
  parts.push(petal(200, 56, 0, 22, 14, colours.frond, 0.9));
  return canvas(backdrop, parts.join(''));
}

/** A monstera leaf: a broad heart-shaped blade with slits from the edge and holes along the midrib. */
export function monstera(colours: { leaf: string; vein: string }, backdrop: Backdrop): string {
  const slits = [120, 170, 220, 268]
    .flatMap((y) => [-1, 1].map((side) => [side, y]))
    .map(([side, y]) => {
      const edgeX = 200 + side * 170;
      const innerX = 200 + side * 62;
      return `<path d="M${edgeX} ${y - 22} Q${(edgeX + innerX) / 2} ${y - 6} ${innerX} ${y + 4} Q${(edgeX + innerX) / 2} ${y + 4} ${edgeX} ${y + 12}Z" fill="#000"/>`;
    })
    .join('');
  const holes = [
    [-1, 145],
    [-1, 245],
    [1, 195],
    [1, 290],
  ]
    .map(([side, y]) => `<ellipse cx="${200 + side * 34}" cy="${y}" rx="9" ry="16" transform="rotate(${side * 30} ${200 + side * 34} ${y})" fill="#000"/>`)
    .join('');
  // The slits and holes are cut out of the blade, so the background shows through them.
  const blade = `<mask id="fenestrations"><rect width="400" height="400" fill="#fff"/>${slits}${holes}</mask>
<path d="M200 330 C120 340 50 270 56 190 C62 110 130 50 200 60 C270 50 338 110 344 190 C350 270 280 340 200 330Z" fill="${colours.leaf}" mask="url(#fenestrations)"/>`;
  const veins = [120, 170, 220, 268]
    .flatMap((y) =>
      [-1, 1].map(
        (side) =>
          `<path d="M200 ${y + 30} Q${200 + side * 30} ${y + 12} ${200 + side * 58} ${y + 2}" stroke="${colours.vein}" stroke-width="3" fill="none" opacity="0.7"/>`,
      ),
    )
    .join('');
  const midrib = `<path d="M200 400 Q204 360 200 330 L200 72" stroke="${colours.vein}" stroke-width="6" fill="none" stroke-linecap="round"/>`;
  return canvas(backdrop, `${blade}${veins}${midrib}`);
}

/** An aspidistra leaf: one long, glossy lance-shaped blade with fine parallel veins. */
export function aspidistra(colours: { leaf: string; vein: string }, backdrop: Backdrop): string {
  const blade = `<path d="M196 390 C120 320 110 170 230 40 C290 150 280 300 204 390Z" fill="${colours.leaf}"/>`;
  const veins = [-34, -20, -8, 8, 20, 32]
    .map(
      (offset) =>
        `<path d="M200 388 C${170 + offset} 300 ${190 + offset * 1.6} 170 ${230 + offset * 0.3} ${52 + Math.abs(offset)}" stroke="${colours.vein}" stroke-width="1.6" fill="none" opacity="0.55"/>`,
    )
    .join('');
  const midrib = `<path d="M200 400 C196 300 206 170 230 44" stroke="${colours.vein}" stroke-width="4" fill="none"/>`;
  return canvas(backdrop, `${blade}${veins}${midrib}`);
}

/** Variegated pittosporum: a woody sprig with whorls of small rounded leaves edged in cream. */
export function pittosporum(colours: { leaf: string; margin: string; stem: string }, backdrop: Backdrop): string {
  const parts: string[] = [`<path d="M200 400 C196 320 210 240 200 100" stroke="${colours.stem}" stroke-width="6" fill="none"/>`];
  const whorls: [number, number, number][] = [
    [202, 120, 0.8],
    [204, 210, 1],
    [200, 300, 1.1],
  ];
  for (const [x, y, scale] of whorls) {
    for (let i = 0; i < 7; i++) {
      const degrees = -150 + i * 50;
      const length = 70 * scale;
      parts.push(petal(x, y, degrees, length, length * 0.55, colours.margin, 0.9));
      parts.push(petal(x, y, degrees, length * 0.86, length * 0.4, colours.leaf, 0.9));
    }
  }
  return canvas(backdrop, parts.join(''));
}

/** Song of India (Dracaena reflexa): a rosette of narrow, arching leaves with golden margins. */
export function songOfIndia(colours: { leaf: string; margin: string; stem: string }, backdrop: Backdrop): string {
  const parts: string[] = [`<path d="M200 400 L200 230" stroke="${colours.stem}" stroke-width="12"/>`];
  for (let i = 0; i < 13; i++) {
    const degrees = -132 + i * 22;
    parts.push(petal(200, 236, degrees, 170 - Math.abs(degrees) * 0.3, 34, colours.margin, 0.05));
    parts.push(petal(200, 236, degrees, 160 - Math.abs(degrees) * 0.3, 16, colours.leaf, 0.05));
  }
  return canvas(backdrop, parts.join(''));
}
