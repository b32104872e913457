// The installable site's entry (vite.site.config.ts): the page itself, then its service worker
// and the note that offers a new version. The single file (main.tsx alone) has neither.
import '../main.tsx';
import { render } from 'preact';
import { SiteNote } from './site-note.tsx';
import { registerSiteWorker } from './site-worker.ts';

registerSiteWorker();
const note = document.createElement('div');
note.id = 'site-note';
document.body.append(note);
render(<SiteNote />, note);
