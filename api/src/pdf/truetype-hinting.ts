/**
 * Removes the hinting programs from a TrueType font (the glyphs' instructions and the fpgm, prep
 * and cvt tables). Hints fit outlines to screen pixels at small sizes; PDF viewers draw without
 * them, and in DejaVu Sans they are over half of every glyph's bytes. Outlines, metrics and glyph
 * order stay as they are. Follows the OpenType spec's `glyf`, `loca`, `head` and `maxp` layouts.
 */
export function withoutHinting(font: Uint8Array): Buffer {
  const source = Buffer.from(font.buffer, font.byteOffset, font.byteLength);
  const tables = readTableDirectory(source);
  const head = Buffer.from(tableBytes(source, tables, 'head'));
  const locaIsLong = head.readInt16BE(50) === 1;
  const loca = tableBytes(source, tables, 'loca');
  const glyf = tableBytes(source, tables, 'glyf');
  const glyphCount = loca.length / (locaIsLong ? 4 : 2) - 1;
  const offsetAt = (index: number) => (locaIsLong ? loca.readUInt32BE(index * 4) : loca.readUInt16BE(index * 2) * 2);

  const glyphs: Buffer[] = [];
  const newLoca = Buffer.alloc((glyphCount + 1) * 4);
  let position = 0;
  for (let index = 0; index < glyphCount; index++) {
    const glyph = glyphWithoutInstructions(glyf.subarray(offsetAt(index), offsetAt(index + 1)));
    const padded = glyph.length % 4 === 0 ? glyph : Buffer.concat([glyph, Buffer.alloc(4 - (glyph.length % 4))]);
    newLoca.writeUInt32BE(position, index * 4);
    glyphs.push(padded);
    position += padded.length;
  }
  newLoca.writeUInt32BE(position, glyphCount * 4);

  head.writeInt16BE(1, 50); // indexToLocFormat: the new loca holds 32-bit offsets
  head.writeUInt32BE(0, 8); // checkSumAdjustment, recomputed below
  const maxp = Buffer.from(tableBytes(source, tables, 'maxp'));
  if (maxp.length >= 28) maxp.writeUInt16BE(0, 26); // maxSizeOfInstructions

  const replaced = new Map<string, Buffer>([
    ['head', head],
    ['maxp', maxp],
    ['loca', newLoca],
    ['glyf', Buffer.concat(glyphs)],
  ]);
  const kept = tables
    .filter((table) => !HINTING_TABLES.has(table.tag))
    .map((table) => ({ tag: table.tag, data: replaced.get(table.tag) ?? tableBytes(source, tables, table.tag) }));
  return writeFont(source.readUInt32BE(0), kept);
}

const HINTING_TABLES = new Set(['fpgm', 'prep', 'cvt ']);

/** Composite glyph flags (OpenType `glyf`). */
const ARG_1_AND_2_ARE_WORDS = 0x0001;
const WE_HAVE_A_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
const WE_HAVE_A_TWO_BY_TWO = 0x0080;
const WE_HAVE_INSTRUCTIONS = 0x0100;

function glyphWithoutInstructions(glyph: Buffer): Buffer {
  if (glyph.length === 0) return glyph;
  const contours = glyph.readInt16BE(0);
  if (contours >= 0) {
    const lengthAt = 10 + 2 * contours;
    const instructions = glyph.readUInt16BE(lengthAt);
    return Buffer.concat([glyph.subarray(0, lengthAt), Buffer.alloc(2), glyph.subarray(lengthAt + 2 + instructions)]);
  }
  const composite = Buffer.from(glyph);
  let at = 10;
  let flags: number;
  do {
    flags = composite.readUInt16BE(at);
    composite.writeUInt16BE(flags & ~WE_HAVE_INSTRUCTIONS, at);
    at += 4 + (flags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
    if (flags & WE_HAVE_A_SCALE) at += 2;
    else if (flags & WE_HAVE_AN_X_AND_Y_SCALE) at += 4;
    else if (flags & WE_HAVE_A_TWO_BY_TWO) at += 8;
  } while (flags & MORE_COMPONENTS);
  return composite.subarray(0, at);
}

interface TableRecord {
  tag: string;
  offset: number;
  length: number;
}

function readTableDirectory(font: Buffer): TableRecord[] {
  const count = font.readUInt16BE(4);
  return Array.from({ length: count }, (_, index) => {
    const record = 12 + index * 16;
    return { tag: font.toString('latin1', record, record + 4), offset: font.readUInt32BE(record + 8), length: font.readUInt32BE(record + 12) };
  });
}

function tableBytes(font: Buffer, tables: TableRecord[], tag: string): Buffer {
  const table = tables.find((candidate) => candidate.tag === tag);
  if (!table) throw new Error(`TrueType font without a ${tag} table`);
  return font.subarray(table.offset, table.offset + table.length);
}

/** A font file: offset table, table records sorted by tag, 4-byte aligned tables, checksums. */
function writeFont(sfntVersion: number, tables: { tag: string; data: Buffer }[]): Buffer {
  tables.sort((a, b) => (a.tag < b.tag ? -1 : 1));
  const entrySelector = Math.floor(Math.log2(tables.length));
  const searchRange = 2 ** entrySelector * 16;
  const directory = Buffer.alloc(12 + tables.length * 16);
  directory.writeUInt32BE(sfntVersion, 0);
  directory.writeUInt16BE(tables.length, 4);
  directory.writeUInt16BE(searchRange, 6);
  directory.writeUInt16BE(entrySelector, 8);
  directory.writeUInt16BE(tables.length * 16 - searchRange, 10);

  const parts: Buffer[] = [directory];
  let offset = directory.length;
  let headOffset = 0;
  tables.forEach(({ tag, data }, index) => {
    const record = 12 + index * 16;
    directory.write(tag, record, 'latin1');
    directory.writeUInt32BE(checksum(data), record + 4);
    directory.writeUInt32BE(offset, record + 8);
    directory.writeUInt32BE(data.length, record + 12);
    if (tag === 'head') headOffset = offset;
    const padding = (4 - (data.length % 4)) % 4;
    parts.push(data, Buffer.alloc(padding));
    offset += data.length + padding;
  });
  const file = Buffer.concat(parts);
  file.writeUInt32BE((0xb1b0afba - checksum(file)) >>> 0, headOffset + 8);
  return file;
}

function checksum(data: Buffer): number {
  let sum = 0;
  for (let at = 0; at < data.length; at += 4) {
    const word = at + 4 <= data.length ? data.readUInt32BE(at) : Buffer.concat([data.subarray(at), Buffer.alloc(4)]).readUInt32BE(0);
    sum = (sum + word) >>> 0;
  }
  return sum;
}
