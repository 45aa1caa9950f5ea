/**
 * The app icon, drawn at build time: a PNG encoder (RGBA, no filtering) and the `.icns` container that macOS reads,
 * holding PNG images at 128, 256 and 512 pixels.
 */
import { crc32, deflateSync } from "node:zlib"

type Rgba = readonly [number, number, number, number]

const chunk = (type: string, data: Buffer): Buffer => {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, "ascii")
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0)
  return Buffer.concat([head, data, crc])
}

export const encodePng = (size: number, pixel: (x: number, y: number) => Rgba): Buffer => {
  const raw = Buffer.alloc(size * (size * 4 + 1))
  for (let y = 0; y < size; y++) {
    const row = y * (size * 4 + 1)
    raw[row] = 0 // filter type: none
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x, y)
      raw.set([r, g, b, a], row + 1 + x * 4)
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 6, 0, 0, 0], 8) // 8 bits per channel, RGBA, deflate, no filter method variants, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0))
  ])
}

/** A rounded square in ink blue with a white page whose lines turn into a pen stroke: "redraft". */
export const drawIcon =
  (size: number) =>
  (x: number, y: number): Rgba => {
    const u = (x + 0.5) / size
    const v = (y + 0.5) / size
    const inset = 0.06
    const radius = 0.2
    const dx = Math.max(inset + radius - u, 0, u - (1 - inset - radius))
    const dy = Math.max(inset + radius - v, 0, v - (1 - inset - radius))
    if (Math.hypot(dx, dy) > radius) return [0, 0, 0, 0]
    const page = u > 0.28 && u < 0.72 && v > 0.22 && v < 0.78
    const line = page && u > 0.34 && u < 0.66 && [0.34, 0.44, 0.54].some((l) => Math.abs(v - l) < 0.018)
    const stroke = page && v > 0.6 && v < 0.7 && Math.abs(v - 0.65 - (u - 0.5) * 0.25) < 0.022 && u > 0.34 && u < 0.66
    if (line) return [60, 72, 110, 255]
    if (stroke) return [230, 90, 60, 255]
    if (page) return [250, 250, 247, 255]
    const shade = Math.round(40 + 40 * v)
    return [shade, Math.round(shade * 1.3), 150 + Math.round(50 * (1 - v)), 255]
  }

/** An `.icns` file: the magic, the total length, then one entry per image (type, length, PNG bytes). */
export const encodeIcns = (images: ReadonlyArray<readonly [type: string, png: Buffer]>): Buffer => {
  const entries = images.map(([type, png]) => {
    const head = Buffer.alloc(8)
    head.write(type, 0, "ascii")
    head.writeUInt32BE(png.length + 8, 4)
    return Buffer.concat([head, png])
  })
  const body = Buffer.concat(entries)
  const head = Buffer.alloc(8)
  head.write("icns", 0, "ascii")
  head.writeUInt32BE(body.length + 8, 4)
  return Buffer.concat([head, body])
}

export const buildIcon = (): { readonly icns: Buffer; readonly png512: Buffer } => {
  const images = (
    [
      ["ic07", 128],
      ["ic08", 256],
      ["ic09", 512]
    ] as const
  ).map(([type, size]) => [type, encodePng(size, drawIcon(size))] as const)
  return { icns: encodeIcns(images), png512: images[2]![1] }
}
