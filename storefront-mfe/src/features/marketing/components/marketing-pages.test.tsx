import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import AboutPage from './about-page';
import NotFoundPage from './not-found-page';

describe('AboutPage', () => {
  it("tells the company's story with the spec's figures", () => {
    render(
      <MemoryRouter>
        <AboutPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Family growers in Hosur since 1998' })).toBeInTheDocument();
    expect(screen.getByText('45+')).toBeInTheDocument();
    expect(screen.getByText('120+')).toBeInTheDocument();
    expect(screen.getByText(/over 40 retailers in 12\+ countries/i)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Cold from the cut to the airport' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /greenhouses/i })).toBeInTheDocument();
  });
});

describe('NotFoundPage', () => {
  it('links back to the home page and the shop', () => {
    render(
      <MemoryRouter>
        <NotFoundPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Browse the shop' })).toHaveAttribute('href', '/products');
  });
});
