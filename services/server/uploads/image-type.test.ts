import { detectImageType } from '@/services/server/uploads/image-type';
import { TINY_JPEG, TINY_PNG, TINY_WEBP } from '@/tests/fixtures/images';

describe('image type detection', () => {
  test('recognises PNG, JPEG and WebP by their first bytes', () => {
    expect(detectImageType(TINY_PNG)).toBe('png');
    expect(detectImageType(TINY_JPEG)).toBe('jpeg');
    expect(detectImageType(TINY_WEBP)).toBe('webp');
  });

  test('refuses text whatever the file is called', () => {
    expect(detectImageType(Buffer.from('just some text, honestly a png'))).toBeNull();
  });

  test('refuses a RIFF file that is not WebP (a WAV sound)', () => {
    const wav = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt ')]);
    expect(detectImageType(wav)).toBeNull();
  });

  test('refuses an empty file and a truncated PNG signature', () => {
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
    expect(detectImageType(TINY_PNG.subarray(0, 5))).toBeNull();
  });

  test('refuses SVG, which could carry script', () => {
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
  });
});
