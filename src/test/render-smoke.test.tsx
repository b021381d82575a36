import { screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from './render';

function Probe() {
  const { t } = useTranslation();
  const { id } = useParams();
  return <p>{`${t('toast.close')} ${id ?? ''}`}</p>;
}

describe('renderWithProviders', () => {
  it('mounts the element at the given path with English translations', () => {
    renderWithProviders(<Probe />, { path: '/things/:id', route: '/things/7?tab=a' });
    expect(screen.getByText('Close toast 7')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/things/7?tab=a');
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeInTheDocument();
  });
});
