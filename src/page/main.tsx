// The offline page's entry: styles, then the app into #app.
import './page.css';
import { render } from 'preact';
import { App } from './app.tsx';

render(<App />, document.getElementById('app')!);
// The moment the page answers input (its inputs are on screen): the benchmark reads it.
performance.mark('dicelab:interactive');
