import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodes, detectDelimiter, detectEncoding, headerNames } from '../../server/features/board-user-import/csv-source';

const withBom = (bom: number[], text: string, encoding: string) => Buffer.concat([Buffer.from(bom), iconv.encode(text, encoding)]);

describe('reading an uploaded CSV (#23 finding 8)', () => {
  it('takes the encoding from a byte-order mark: UTF-8, UTF-16LE, UTF-16BE; else UTF-8 when valid, else Windows-1252', () => {
    expect(detectEncoding(withBom([0xef, 0xbb, 0xbf], 'a;b', 'utf-8'))).toBe('utf-8');
    expect(detectEncoding(withBom([0xff, 0xfe], 'a\tb', 'utf-16le'))).toBe('utf-16le');
    expect(detectEncoding(withBom([0xfe, 0xff], 'a\tb', 'utf-16be'))).toBe('utf-16be');
    expect(detectEncoding(Buffer.from('Zoë,Müller', 'utf-8'))).toBe('utf-8');
    expect(detectEncoding(iconv.encode('Zoë,Müller', 'windows-1252'))).toBe('windows-1252');
  });

  it('knows text that its encoding cannot decode (a lone surrogate, a torn last character)', () => {
    expect(decodes(withBom([0xff, 0xfe], 'a,b', 'utf-16le'), 'utf-16le')).toBe(true);
    expect(decodes(Buffer.concat([withBom([0xff, 0xfe], 'a,b', 'utf-16le'), Buffer.from([0x00, 0xd8])]), 'utf-16le')).toBe(false);
    expect(decodes(Buffer.concat([withBom([0xfe, 0xff], 'a,b', 'utf-16be'), Buffer.from([0x00])]), 'utf-16be')).toBe(false);
    expect(decodes(Buffer.from([0x81, 0x8d, 0xff]), 'windows-1252')).toBe(true);
  });

  it('finds a comma, semicolon or tab separator on the header line, in the file’s encoding', () => {
    expect(detectDelimiter(Buffer.from('a,b;c,d\n;;;;'), 'utf-8')).toBe(',');
    expect(detectDelimiter(Buffer.from('"a,b";c;d'), 'utf-8')).toBe(';');
    expect(detectDelimiter(withBom([0xff, 0xfe], 'First name\tLast name\tNotes, more\r\n', 'utf-16le'), 'utf-16le')).toBe('\t');
    // Each U+2C2C is two comma bytes: only the decoded text counts.
    expect(detectDelimiter(withBom([0xfe, 0xff], '\u2c2c\u2c2c\u2c2c;b\n', 'utf-16be'), 'utf-16be')).toBe(';');
  });

  it('reads a header the export escaped as the author wrote it, as a cell is read', () => {
    expect(headerNames(["'=HYPERLINK(1)", "'plain", '', ' Name '])).toEqual(['=HYPERLINK(1)', "'plain", 'Column 3', 'Name']);
  });
});
