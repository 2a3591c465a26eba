import { BrowserRouter } from 'react-router-dom';
import { AppProvider } from './provider';
import { AppPages } from './router';

/** The SPA in the browser. The build's prerender renders the same AppPages in a StaticRouter (web/prerender.tsx). */
export function App() {
  return (
    <AppProvider>
      <BrowserRouter>
        <AppPages />
      </BrowserRouter>
    </AppProvider>
  );
}
