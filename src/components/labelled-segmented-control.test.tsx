import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { LabelledSegmentedControl } from './labelled-segmented-control';

describe('LabelledSegmentedControl', () => {
  it('is named by its label, and each of two on a page by its own', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(
      <>
        <LabelledSegmentedControl
          label="Period"
          labelWeight={500}
          value="month"
          onChange={onChange}
          data={['month', 'quarter']}
        />
        <LabelledSegmentedControl
          label="Records"
          labelWeight={600}
          value="merchants"
          onChange={() => undefined}
          data={['merchants', 'designs']}
        />
      </>,
    );
    const period = screen.getByRole('radiogroup', { name: 'Period' });
    expect(screen.getByRole('radiogroup', { name: 'Records' })).not.toBe(period);
    await user.click(screen.getByRole('radio', { name: 'quarter' }));
    expect(onChange).toHaveBeenCalledWith('quarter');
  });
});
