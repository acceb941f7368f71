/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { TextField } from '@/components/ui/text-field';
import { failureText, readableDetail } from '@/components/admin/form';

function Named({ limit }: { limit: number }) {
  const [value, setValue] = useState('');
  return <TextField id="name" label="Name" limit={limit} value={value} onChange={(e) => setValue(e.target.value)} />;
}

describe('a field with a limit', () => {
  test('keeps everything typed past the limit and says how many characters are too many', () => {
    render(<Named limit={10} />);
    const input = screen.getByLabelText('Name') as HTMLInputElement;
    expect(input).not.toHaveAttribute('maxlength');
    fireEvent.change(input, { target: { value: 'abcdefg' } });
    expect(screen.queryByText(/characters/)).not.toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'abcdefgh' } });
    expect(screen.getByText('8 / 10 characters')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'abcdefghijklm' } });
    expect(input.value).toBe('abcdefghijklm');
    expect(screen.getByText('13 / 10 characters: 3 too many')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('13 / 10 characters: 3 too many');
  });
});

describe('what a refused console call says', () => {
  test('a refused input with a detail says the detail alone, naming the field', () => {
    expect(failureText({ ok: false, status: 400, code: '103', field: 'file', detail: 'file: must be a PNG, JPEG or WebP image' })).toBe('File must be a PNG, JPEG or WebP image');
    expect(readableDetail('payment_id: must be a payment id from 1 to 2147483647')).toBe('Payment id must be a payment id from 1 to 2147483647');
  });

  test('any other refusal keeps its code text, with the detail beside it', () => {
    expect(failureText({ ok: false, status: 409, code: '135', field: 'payment_id', detail: 'no longer pending' })).toBe('this payment request is no longer pending (no longer pending)');
  });
});
