/** The screens' own date controls: dd/mm/aaaa whatever the browser's language (a native date input follows it). */
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateInput } from '../../../src/core/ui/DateInput';
import { mount, type } from '../registry/harness';

describe('DateInput', () => {
  it('shows dd/mm/aaaa, masks what is typed, and gives the date once it is a calendar date', async () => {
    const seen = vi.fn();
    const view = await mount(() => <DateInput id="d" value="2026-11-29" onChange={seen} />);
    const input = view.container.querySelector('input')!;
    expect(input.value).toBe('29/11/2026');
    expect(input.type).toBe('text');
    expect(input.placeholder).toBe('dd/mm/aaaa');
    await type(input, '0111');
    expect(input.value).toBe('01/11');
    expect(seen).toHaveBeenLastCalledWith(null);
    await type(input, '01112026');
    expect(input.value).toBe('01/11/2026');
    expect(seen).toHaveBeenLastCalledWith('2026-11-01');
    await type(input, '31/02/2026');
    expect(seen).toHaveBeenLastCalledWith(null);
    view.unmount();
  });

  it('follows a date set from outside (a statement import sets the period)', async () => {
    let set!: (value: string) => void;
    function Host() {
      const [value, setValue] = useState('2026-11-01');
      set = setValue;
      return <DateInput id="d" value={value} onChange={() => undefined} />;
    }
    const view = await mount(() => <Host />);
    const input = view.container.querySelector('input')!;
    expect(input.value).toBe('01/11/2026');
    const { act } = await import('react');
    await act(async () => set('2026-12-31'));
    expect(input.value).toBe('31/12/2026');
    view.unmount();
  });
});
