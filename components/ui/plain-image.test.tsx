/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import { Avatar } from '@/components/ui/avatar';
import { PlainImage } from '@/components/ui/plain-image';

describe('PlainImage', () => {
  test('is the file as it is, with its size, loaded lazily and decoded off the main thread', () => {
    render(<PlainImage src="/uploads/q/7.png" alt="A map" width={640} height={360} className="w-full" />);
    const img = screen.getByRole('img', { name: 'A map' });
    expect(img).toHaveAttribute('src', '/uploads/q/7.png');
    expect(img).toHaveAttribute('width', '640');
    expect(img).toHaveAttribute('height', '360');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).toHaveClass('w-full');
  });

  test('with an empty alt it is decorative: no image for screen readers', () => {
    const { container } = render(<PlainImage src="/uploads/c/1.png" alt="" width={48} height={48} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.querySelector('img')).toHaveAttribute('alt', '');
  });

  test("an avatar with a picture is that picture at the avatar's size, named after the player", () => {
    render(<Avatar src="/uploads/avatars/3.webp" name="Ada" size={40} />);
    const img = screen.getByRole('img', { name: 'Ada' });
    expect(img.tagName).toBe('IMG');
    expect(img).toHaveAttribute('src', '/uploads/avatars/3.webp');
    expect(img).toHaveStyle({ width: '40px', height: '40px' });
  });
});
