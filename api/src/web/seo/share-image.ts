import sharp from 'sharp';
import { SHOP } from '../pages/page-head';

/**
 * The picture link previews show for pages without one of their own (1200 × 630, the size
 * WhatsApp, Facebook and X crop to): the shop's flower mark and name on its cream, drawn here as
 * SVG and turned into a PNG once per process (PNG: every preview reader takes it).
 */
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="${SHOP.image.width}" height="${SHOP.image.height}" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#fbf6ee"/>
  <rect y="560" width="1200" height="70" fill="#1f5a41"/>
  <g transform="translate(150 150) scale(10)">
    <circle cx="16" cy="14" r="9" fill="#c0244f"/>
    <path d="M16 23v8" stroke="#1f5a41" stroke-width="3"/>
    <path d="M16 27c-4-1-7-4-7-7 4 0 7 3 7 7z" fill="#3f8f69"/>
  </g>
  <text x="520" y="290" font-family="DejaVu Sans, sans-serif" font-size="84" font-weight="bold" fill="#1f5a41">${SHOP.name}</text>
  <text x="520" y="370" font-family="DejaVu Sans, sans-serif" font-size="34" fill="#3a3a3a">Fresh flowers and greens from Hosur</text>
  <text x="520" y="420" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#6b5d4f">Exported to 45+ countries since 1998</text>
</svg>`;

let rendered: Promise<Buffer> | null = null;

export function shareImage(): Promise<Buffer> {
  rendered ??= sharp(Buffer.from(SVG)).png({ compressionLevel: 9, palette: true }).toBuffer();
  return rendered;
}
