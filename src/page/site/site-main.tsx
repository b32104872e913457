// The installable site's entry (vite.site.config.ts): the page itself, then its service worker
// (once the first answer is shown) and the note that offers a new version. The single file
// (main.tsx alone) has neither.
import '../main.tsx';
import { render } from 'preact';
import { firstAnswer } from '../use-engine.ts';
import { SiteNote } from './site-note.tsx';
import { REGISTER_AT_LATEST_MS, registerSiteWorker } from './site-worker.ts';

// The service worker installs (fetching and caching the whole site once more) after the first
// answer is on screen, not while the engine computes it.
void Promise.race([
  firstAnswer,
  new Promise((resolve) => setTimeout(resolve, REGISTER_AT_LATEST_MS)),
]).then(registerSiteWorker);
const note = document.createElement('div');
note.id = 'site-note';
document.body.append(note);
render(<SiteNote />, note);
