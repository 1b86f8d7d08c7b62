/**
 * Images made with sharp for the upload tests: each accepted format (the JPEG with EXIF, a GPS
 * position and a camera's name), and the hostile or broken files an upload must refuse.
 */
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Words the test JPEG's metadata holds, none of which may survive an upload. */
export const METADATA_WORDS = ['Exif', 'GPS', 'TestCam', 'WGS-84', 'Secret Street'];

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } }).composite([
    {
      input: {
        create: { width: Math.ceil(width / 2), height: Math.ceil(height / 2), channels: 3, background: '#e0a030' },
      },
      top: 0,
      left: 0,
    },
  ]);

/** A JPEG carrying EXIF: the camera (IFD0) and where it was taken (the GPS directory, IFD3). */
export const jpegWithGps = (width = 1600, height = 1200) =>
  picture(width, height)
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'TestCam 9', ImageDescription: 'Secret Street 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 43/1 1234/100', GPSMapDatum: 'WGS-84' },
    })
    .toBuffer();

export const png = (width = 900, height = 1200) => picture(width, height).png().toBuffer();
export const webp = (width = 700, height = 500) => picture(width, height).webp().toBuffer();
export const avif = (width = 640, height = 480) => picture(width, height).avif({ effort: 0 }).toBuffer();

const crc32 = (bytes: Buffer) => {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
};

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
};

/**
 * A decompression bomb: a valid PNG of a few kilobytes whose header declares width x height
 * (60 megapixels by default) of one grey value.
 */
export function pngBomb(width = 10_000, height = 6_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const row = Buffer.alloc(width + 1);
  const rows = Buffer.concat(Array.from({ length: 64 }, () => row)); // only the first rows: the rest is missing
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Files that are not images, whatever their name says. */
export const NOT_IMAGES: Record<string, Buffer> = {
  'a PDF': Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  'an SVG': Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><rect width="600" height="600"/></svg>',
  ),
  'a text file': Buffer.from('Just some notes about the photo shoot.\n'),
};
