import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { Footer } from './components/Footer';
import { Header } from './components/Header';

/**
 * Header, the page (with its own error boundary, see router.tsx) and footer. Pages set their own title with
 * <Meta>; without one, index.html's default title, description and keywords apply.
 */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <div className="d-flex flex-column min-vh-100">
      {navigation.state !== 'idle' && <div className="route-progress" role="progressbar" aria-label="Loading page" />}
      <Header />
      <main id="main" className="py-4 flex-grow-1" tabIndex={-1}>
        <div className="container">
          <Outlet />
        </div>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
