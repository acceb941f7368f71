import { decodeHTML } from 'entities';
test('probe', () => { expect(decodeHTML('a &amp; &quot;b&quot; &#039;c&#039; &eacute;')).toBe('a & "b" \'c\' é'); });
