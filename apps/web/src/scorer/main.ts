/**
 * The match scorer page (scorer.html): the referee's rules at a real table. It keeps every match
 * in localStorage and registers a service worker so that the page works offline after one load.
 */
import './scorer.css';
import { parseScorerFragment } from '@pyramid/online';
import { detectLang, isLang, type Lang } from '../common/lang.js';
import { App } from './app.js';
import { button, h } from './dom.js';
import { type KeyValueStore, memoryStore } from './storage.js';
import { liveLoading } from './view-live.js';
import { matchView } from './view-match.js';
import { startView } from './view-start.js';

const LANG_KEY = 'pyramid-scorer:lang';

/** localStorage, or a memory store when the browser refuses it (private modes): scoring still works. */
function openStore(): KeyValueStore {
  try {
    const probe = 'pyramid-scorer:probe';
    localStorage.setItem(probe, '1');
    localStorage.removeItem(probe);
    return localStorage;
  } catch {
    return memoryStore();
  }
}

function header(app: App): HTMLElement {
  const lang = app.state.lang;
  const other: Lang = lang === 'ru' ? 'en' : 'ru';
  return h(
    'header',
    { class: 'bar' },
    h('a', { class: 'back', testid: 'to-game', text: app.t('toGame'), attrs: { href: './' } }),
    h('h1', { text: app.t('title') }),
    app.state.match === null
      ? null
      : button(app.t('matches'), { class: 'small', testid: 'matches', onClick: () => app.goHome() }),
    button(other.toUpperCase(), {
      class: 'small',
      testid: `lang-${other}`,
      title: app.t('language'),
      onClick: () => app.setLang(other),
    }),
  );
}

function render(root: HTMLElement, app: App): void {
  document.documentElement.lang = app.state.lang;
  document.title = app.t('title');
  const match = app.state.match;
  const body =
    match !== null
      ? matchView(app, match.session)
      : app.state.live !== null
        ? liveLoading(app, app.state.live)
        : startView(app);
  // A notice on the start screen (a refused import) is shown above it.
  const notice =
    match === null && app.state.notice !== null
      ? h(
          'section',
          {
            class: `card notice ${app.state.notice.kind}`,
            testid: app.state.notice.kind === 'refused' ? 'refusal' : 'notice',
            attrs: { role: 'alert' },
          },
          h('strong', { text: app.state.notice.title }),
          h('pre', { text: app.state.notice.text }),
        )
      : null;
  const scrollY = window.scrollY;
  root.replaceChildren(header(app), ...(notice ? [notice] : []), body);
  window.scrollTo(0, app.state.top ? 0 : scrollY);
}

const root = document.querySelector<HTMLElement>('#app')!;
const store = openStore();
const saved = store.getItem(LANG_KEY);
const lang = isLang(saved) ? saved : detectLang(navigator.languages);
const app = new App(
  store,
  lang,
  (a) => render(root, a),
  (chosen) => store.setItem(LANG_KEY, chosen),
);
render(root, app);

/** Read by the browser tests (never written by them). */
declare global {
  interface Window {
    __scorer?: { app: App };
  }
}
window.__scorer = { app };

// A scoring link (`#live=<liveId>&cap=<capability>`, the capability never leaves the page): that live match.
const link = parseScorerFragment(location.hash);
if (link !== null) void app.openLive(link.liveId, link.capability);
// Another scoring link opened in this tab (only the fragment changes: no reload).
window.addEventListener('hashchange', () => {
  const next = parseScorerFragment(location.hash);
  if (next !== null && next.liveId !== app.state.live?.liveId)
    void app.openLive(next.liveId, next.capability);
});

if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('./sw.js', { scope: './' }).catch((error: unknown) => {
    // Offline use is a convenience: scoring works without it, so a failure is only reported.
    console.warn('service worker not registered', error);
  });
}
