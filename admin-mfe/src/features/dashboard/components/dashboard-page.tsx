import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { AdminStats } from '@thalir/contracts';
import { formatMoney, Notice, Spinner } from '@thalir/ui';
import { fetchStats } from '../api/stats';
import './dashboard.css';

export function DashboardPage() {
  const [stats, setStats] = useState<AdminStats | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchStats(controller.signal)
      .then(setStats)
      .catch((error: Error) => {
        if (error.name !== 'AbortError') setFailed(true);
      });
    return () => controller.abort();
  }, []);

  return (
    <section className="container page">
      <h1>Dashboard</h1>
      {failed && <Notice tone="error">Could not load the figures</Notice>}
      {!stats && !failed && <Spinner label="Loading figures…" />}
      {stats && (
        <ul className="stat-grid">
          <li className="card stat-card">
            <span className="stat-card__label">Users</span>
            <span className="stat-card__value" data-testid="stat-users">{stats.totalUsers}</span>
          </li>
          <li className="card stat-card">
            <span className="stat-card__label">Products</span>
            <span className="stat-card__value" data-testid="stat-products">{stats.totalProducts}</span>
            <Link to="/admin/products">Manage products</Link>
          </li>
          <li className="card stat-card">
            <span className="stat-card__label">Orders</span>
            <span className="stat-card__value" data-testid="stat-orders">{stats.totalOrders}</span>
            <Link to="/admin/orders">Manage orders</Link>
          </li>
          <li className="card stat-card">
            <span className="stat-card__label">Revenue</span>
            <span className="stat-card__value" data-testid="stat-revenue">{formatMoney(stats.totalRevenue)}</span>
            <Link to="/admin/stats">See sales</Link>
          </li>
        </ul>
      )}
    </section>
  );
}
