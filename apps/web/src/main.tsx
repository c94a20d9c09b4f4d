import './lib/strict-csp.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render the console into.');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
