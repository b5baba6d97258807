/**
 * Hand-drawn (in code) flowers and leaves for the marketing pages: original artwork, no photos.
 * Each shape is drawn around its own origin so scenes place it with x, y and a size.
 */

export interface RosePalette {
  outer: string;
  mid: string;
  inner: string;
  line: string;
}

export const ROSE_RED: RosePalette = { outer: '#c0244f', mid: '#a3173f', inner: '#8a1234', line: '#5c0d22' };
export const ROSE_BLUSH: RosePalette = { outer: '#f6c3cf', mid: '#ee9fb2', inner: '#e07d96', line: '#b2506a' };
export const ROSE_CREAM: RosePalette = { outer: '#fff4e0', mid: '#f8e2bc', inner: '#efcf98', line: '#b7832f' };

const PETAL = 'M0 -6C-50 -18-62-84-12-98C6-103 44-96 52-64C60-34 30-10 0-6Z';

/** A rose seen from above: two rings of five petals around a spiral heart. `size` is its radius. */
export function Rose({ x, y, size, palette = ROSE_RED, turn = 0 }: { x: number; y: number; size: number; palette?: RosePalette; turn?: number }) {
  return (
    <g transform={`translate(${x} ${y}) rotate(${turn}) scale(${size / 100})`}>
      {[0, 72, 144, 216, 288].map((angle) => (
        <path key={angle} d={PETAL} transform={`rotate(${angle})`} fill={palette.outer} stroke={palette.line} strokeWidth="2" strokeOpacity="0.45" />
      ))}
      {[36, 108, 180, 252, 324].map((angle) => (
        <path key={angle} d={PETAL} transform={`rotate(${angle}) scale(0.68)`} fill={palette.mid} stroke={palette.line} strokeWidth="2.5" strokeOpacity="0.5" />
      ))}
      <circle r="27" fill={palette.inner} />
      <path
        d="M-13 7C-19-13 5-25 16-11C23-1 13 12 1 10C-8 8-7-4 2-3"
        fill="none"
        stroke={palette.line}
        strokeWidth="4"
        strokeLinecap="round"
        strokeOpacity="0.7"
      />
    </g>
  );
}

/** A pointed leaf with a midrib, pointing along `angle` degrees. */
export function Leaf({
  x,
  y,
  length,
  angle,
  fill = '#2f7d5b',
  vein = '#14382a',
}: {
  x: number;
  y: number;
  length: number;
  angle: number;
  fill?: string;
  vein?: string;
}) {
  return (
    <g transform={`translate(${x} ${y}) rotate(${angle}) scale(${length / 100})`}>
      <path d="M0 0C20-24 62-28 100 0C62 28 20 24 0 0Z" fill={fill} />
      <path d="M6 0C40-2 70-1 92 0" stroke={vein} strokeWidth="2.5" strokeOpacity="0.5" fill="none" />
    </g>
  );
}

/** A daisy-like head (gerbera, chrysanthemum): `count` narrow petals around a disc. */
export function Daisy({
  x,
  y,
  size,
  petals,
  disc,
  count = 16,
  slim = false,
}: {
  x: number;
  y: number;
  size: number;
  petals: string;
  disc: string;
  count?: number;
  slim?: boolean;
}) {
  const width = slim ? 7 : 13;
  return (
    <g transform={`translate(${x} ${y}) scale(${size / 100})`}>
      {Array.from({ length: count }, (_, index) => (
        <ellipse key={index} cx="0" cy="-58" rx={width} ry="42" fill={petals} transform={`rotate(${(360 / count) * index})`} />
      ))}
      <circle r="26" fill={disc} />
      <circle r="14" fill="#000" fillOpacity="0.18" />
    </g>
  );
}

/** A carnation: a frilled, many-layered round head. */
export function Carnation({ x, y, size, fill, edge }: { x: number; y: number; size: number; fill: string; edge: string }) {
  const frill = (radius: number) =>
    Array.from({ length: 24 }, (_, index) => {
      const angle = (Math.PI * 2 * index) / 24;
      const reach = radius + (index % 2 === 0 ? 10 : 0);
      return `${(Math.cos(angle) * reach).toFixed(1)},${(Math.sin(angle) * reach).toFixed(1)}`;
    }).join(' ');
  return (
    <g transform={`translate(${x} ${y}) scale(${size / 100})`}>
      <polygon points={frill(88)} fill={fill} stroke={edge} strokeWidth="3" strokeLinejoin="round" />
      <polygon points={frill(60)} fill={fill} stroke={edge} strokeWidth="3" strokeLinejoin="round" transform="rotate(8)" />
      <polygon points={frill(32)} fill={edge} fillOpacity="0.35" transform="rotate(16)" />
    </g>
  );
}

/** A eucalyptus sprig: round leaves in pairs along a curved stem. */
export function Eucalyptus({ x, y, size, angle = 0 }: { x: number; y: number; size: number; angle?: number }) {
  const pairs = [20, 45, 70, 92];
  return (
    <g transform={`translate(${x} ${y}) rotate(${angle}) scale(${size / 100})`}>
      <path d="M0 0C4-40 2-80-6-118" stroke="#5b7f73" strokeWidth="4" fill="none" strokeLinecap="round" />
      {pairs.map((distance, index) => (
        <g key={distance} transform={`translate(${index * -1.5} ${-distance})`}>
          <circle cx="-14" cy="0" r={13 - index} fill="#8fb3a4" stroke="#5b7f73" strokeWidth="2" />
          <circle cx="14" cy="-6" r={13 - index} fill="#a3c4b6" stroke="#5b7f73" strokeWidth="2" />
        </g>
      ))}
    </g>
  );
}
