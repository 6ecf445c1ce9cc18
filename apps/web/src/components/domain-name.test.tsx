import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DomainName } from './domain-name.tsx';

describe('DomainName', () => {
  it('offers a break after each dot, and reads and copies as the domain', () => {
    const { container } = render(<DomainName domain="kathleenmoralesrealtor.homes" />);
    const box = container.firstElementChild!;
    expect(box.textContent).toBe('kathleenmoralesrealtor.homes');
    expect(box.innerHTML).toBe('kathleenmoralesrealtor.<wbr>homes');
    expect(render(<DomainName domain="a.b.example.com" />).container.querySelectorAll('wbr')).toHaveLength(3);
  });
});
