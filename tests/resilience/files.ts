/** Hostile files for the resilience tests, made on the spot. */
import { randomBytes } from 'crypto';
import { Document, ImageRun, Packer, Paragraph } from 'docx';
import { createDeflateRaw } from 'zlib';

/**
 * A .docx-looking zip whose directory says `word/document.xml` unpacks to 1,000 bytes while its
 * deflate stream really inflates to `realBytes` (1 GB by default) — about 1 MB on the wire.
 */
export async function lyingZip(realBytes = 1024 * 1024 * 1024): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => parts.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const block = Buffer.alloc(1024 * 1024, 0x20);
  for (let written = 0; written < realBytes; written += block.length) {
    if (!deflate.write(block)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  const data = Buffer.concat(parts);
  const name = Buffer.from('word/document.xml');
  const claimed = 1000;

  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4); // version needed
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(0, 14); // crc (never reached: the size check stops reading first)
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(claimed, 22);
  local.writeUInt16LE(name.length, 26);

  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(0, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(claimed, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42); // the local header's offset

  const directoryOffset = local.length + name.length + data.length;
  const directorySize = central.length + name.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

/** Chinese prose of exactly `bytes` bytes of UTF-8 (3 bytes a character). */
export function chineseText(bytes: number): Buffer {
  const line = '本文讨论县域中学课后服务的组织方式，记录教师的工作负担与学生的参与情况。\n';
  const unit = Buffer.from(line);
  const out = Buffer.alloc(bytes, 0x20);
  for (let at = 0; at + unit.length <= bytes; at += unit.length) unit.copy(out, at);
  return out;
}

/**
 * A thesis as students upload it: a .docx of about `bytes` bytes, mostly a (random, so
 * incompressible) picture, with `chars` characters of Chinese text.
 */
export async function bigDocx(bytes: number, chars: number): Promise<Buffer> {
  const line = '本文讨论县域中学课后服务的组织方式，记录教师的工作负担与学生的参与情况。';
  const paragraphs = Array.from({ length: Math.ceil(chars / line.length) }, (_, i) => new Paragraph(`${i}${line}`));
  const picture = new ImageRun({ type: 'png', data: randomBytes(bytes), transformation: { width: 400, height: 300 } });
  const doc = new Document({ sections: [{ children: [new Paragraph({ children: [picture] }), ...paragraphs] }] });
  return Packer.toBuffer(doc);
}

/** multipart/form-data with one file under `file`, as the upload forms send it. */
export function fileForm(name: string, data: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), name);
  return form;
}
