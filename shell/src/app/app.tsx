import { BrowserRouter, Route, Routes } from 'react-router-dom';
import '@thalir/ui';
import './app.css';
import { Footer } from '../features/navigation/footer';
import { Header } from '../features/navigation/header';
import { RemoteRoutes } from '../remotes/remote-routes';

export function App() {
  return (
    <BrowserRouter>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" className="site-main">
        <Routes>
          {/* Keys keep React from reusing one remote's tree for the other. */}
          <Route path="/admin/*" element={<RemoteRoutes key="admin" remote="admin_mfe" />} />
          <Route path="*" element={<RemoteRoutes key="storefront" remote="storefront_mfe" />} />
        </Routes>
      </main>
      <Footer />
    </BrowserRouter>
  );
}
