import { Link } from 'react-router-dom';
import { Button, formatCount, formatMoney, Notice, Spinner } from '@thalir/ui';
import { useFetch } from '../../../hooks/use-fetch';
import { fetchStats } from '../api/stats';
import { MoneyCheckAlert } from './money-check-alert';
import './dashboard.css';

const SHORTCUTS = [
  { to: '/admin/products', title: 'Products', text: 'Add, edit and remove flowers and green leaves.' },
  { to: '/admin/orders', title: 'Orders', text: 'Follow orders and move them along.' },
  { to: '/admin/contact', title: 'Contact list', text: 'Read messages and see newsletter sign-ups.' },
  { to: '/admin/stats', title: 'Sales charts', text: 'Revenue, orders and best sellers over time.' },
] as const;

export default function DashboardPage() {
  const { data: stats, error, loading, reload } = useFetch((signal) => fetchStats(signal), []);

  return (
    <section className="container page" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">Dashboard</h1>
      <MoneyCheckAlert />
      {error !== undefined && (
        <Notice tone="error">
          Could not load the figures{' '}
          <Button variant="ghost" size="sm" onClick={reload}>
            Try again
          </Button>
        </Notice>
      )}
      {loading && !stats && <Spinner label="Loading figures…" />}
      {stats && (
        <ul className="stat-grid" aria-label="Shop figures">
          <li className="card stat-card stat-card--leaf">
            <span className="stat-card__label">Users</span>
            <span className="stat-card__value" data-testid="stat-users">
              {formatCount(stats.totalUsers)}
            </span>
            <span className="stat-card__hint">Registered accounts</span>
          </li>
          <li className="card stat-card stat-card--rose">
            <span className="stat-card__label">Products</span>
            <span className="stat-card__value" data-testid="stat-products">
              {formatCount(stats.totalProducts)}
            </span>
            <Link to="/admin/products">Manage products</Link>
          </li>
          <li className="card stat-card stat-card--gold">
            <span className="stat-card__label">Orders</span>
            <span className="stat-card__value" data-testid="stat-orders">
              {formatCount(stats.totalOrders)}
            </span>
            <Link to="/admin/orders">Manage orders</Link>
          </li>
          <li className="card stat-card stat-card--leaf">
            <span className="stat-card__label">Revenue</span>
            <span className="stat-card__value" data-testid="stat-revenue">
              {formatMoney(stats.totalRevenue)}
            </span>
            <span className="stat-card__hint">Paid orders, cancelled ones excluded</span>
            <Link to="/admin/stats">See sales charts</Link>
          </li>
        </ul>
      )}

      <h2 className="dashboard__subtitle">Go to</h2>
      <ul className="shortcut-grid">
        {SHORTCUTS.map(({ to, title, text }) => (
          <li key={to}>
            <Link to={to} className="card shortcut">
              <span className="shortcut__title">{title}</span>
              <span className="shortcut__text">{text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
