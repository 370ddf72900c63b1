/**
 * The live side of the scorer's screen (issue 28): where this device stands with the server
 * (scoring, watching with "Score here", offline with the count of unsent entries), the live page's
 * and the overlay's addresses, and the screen shown while the match is loaded from the server.
 */
import type { App } from './app.js';
import { button, h } from './dom.js';
import type { LiveInfo } from './live.js';

function statusText(app: App, live: LiveInfo): string {
  switch (live.status) {
    case 'writing':
      return app.t('liveWriting');
    case 'watching':
      return app.t('liveWatching');
    case 'opening':
      return app.t('liveOpening');
    case 'offline':
      return app.t('liveOffline');
    case 'refused':
      return app.t('liveRefusedStatus');
    case 'finished':
      return app.t('liveFinishedStatus');
  }
}

export function liveBar(app: App, live: LiveInfo): HTMLElement {
  return h(
    'section',
    {
      class: `card live-bar ${live.status}`,
      testid: 'live-bar',
      attrs: { 'data-status': live.status, 'data-pending': String(live.pending), role: 'status' },
    },
    h('span', { class: 'live-dot' }),
    h('span', { class: 'live-status', testid: 'live-status', text: statusText(app, live) }),
    live.pending === 0
      ? null
      : h('span', { class: 'unsent', testid: 'unsent', text: app.t('unsent', { n: live.pending }) }),
    live.status === 'watching'
      ? button(app.t('scoreHere'), { class: 'primary', testid: 'score-here', onClick: () => app.scoreHere() })
      : null,
    h('a', {
      class: 'overlay-link',
      testid: 'live-page-link',
      text: app.t('livePageLink'),
      attrs: {
        href: `./live.html?match=${encodeURIComponent(live.liveId)}`,
        target: '_blank',
        rel: 'noopener',
      },
    }),
    h('a', {
      class: 'overlay-link',
      testid: 'overlay-link',
      text: app.t('overlayLink'),
      attrs: {
        href: `./overlay.html?live=${encodeURIComponent(live.liveId)}`,
        target: '_blank',
        rel: 'noopener',
      },
    }),
  );
}

/** Before the header is known (the first opening of a link): the bar and a line saying so. */
export function liveLoading(app: App, live: LiveInfo): HTMLElement {
  return h(
    'main',
    { class: 'match', testid: 'live-loading' },
    liveBar(app, live),
    live.status === 'refused' ? null : h('p', { class: 'card', text: app.t('connectingMatch') }),
  );
}
