// The offline page's entry: the engine's worker first, then styles and the app into #app.
import './page.css';
import { render } from 'preact';
import { startEngineWorker } from './use-engine.ts';

startEngineWorker();
// The browser starts a worker between tasks: one yield, and it loads the engine while the app
// is built (the app's code is evaluated only now; the site fetches it meanwhile).
await new Promise((resolve) => setTimeout(resolve, 0));
const { App } = await import('./app.tsx');
render(<App />, document.getElementById('app')!);
// The moment the page answers input (its inputs are on screen): the benchmark reads it.
performance.mark('dicelab:interactive');
