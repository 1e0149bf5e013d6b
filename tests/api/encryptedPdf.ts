/** A PDF protected by a password (pdf-lib cannot encrypt: the trailer is given an /Encrypt entry). */
import { PDFDocument, StandardFonts } from 'pdf-lib';

export async function encryptedPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage().drawText('secret text', { x: 40, y: 700, size: 12, font });
  const plain = Buffer.from(await doc.save({ useObjectStreams: false })).toString('latin1');
  const encrypt = `/Encrypt << /Filter /Standard /V 1 /R 2 /O <${'4f'.repeat(32)}> /U <${'55'.repeat(32)}> /P -4 >> /ID [<${'ab'.repeat(16)}> <${'ab'.repeat(16)}>]`;
  return Buffer.from(plain.replace(/trailer\s*<</, `trailer\n<< ${encrypt}`), 'latin1');
}
