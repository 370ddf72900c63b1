/**
 * The director's scoring links (issue 28): for each table of the venue, the match called to it,
 * and for each ready match, a link and its QR code that open the phone scorer on that match with
 * the event's settings, race and players. The link carries a capability for that match only; the
 * server shows it once and keeps only its hash, so this page keeps the links it was given (in
 * localStorage, per event and match) to show them again after a reload. Revoke makes every link
 * of the match void at once. Each table also has its live page's and its stream overlay's addresses
 * (no capability: they only read).
 */
import { button, h } from '../scorer/dom.js';
import type { ScoringLinkShown } from './api.js';
import type { T } from './bracket.js';
import { sideName } from './bracket.js';
import type { Shown } from './model.js';
import { qrSvg } from './qr.js';

const LINKS_KEY = 'pyramid:scoring-links';
/** The most links kept on this device; the oldest go first (a club's season of events is far fewer). */
const MAX_KEPT = 200;

type Kept = Record<string, ScoringLinkShown>;

const keyOf = (eventId: string, match: string) => `${eventId}/${match}`;

function readKept(): Kept {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(LINKS_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Kept) : {};
  } catch {
    return {};
  }
}

function writeKept(kept: Kept): void {
  const keys = Object.keys(kept);
  const trimmed = Object.fromEntries(
    keys.slice(Math.max(0, keys.length - MAX_KEPT)).map((k) => [k, kept[k]]),
  );
  localStorage.setItem(LINKS_KEY, JSON.stringify(trimmed));
}

export function keptLink(eventId: string, match: string): ScoringLinkShown | null {
  return readKept()[keyOf(eventId, match)] ?? null;
}

export function keepLink(eventId: string, match: string, link: ScoringLinkShown | null): void {
  const kept = readKept();
  const key = keyOf(eventId, match);
  delete kept[key];
  if (link !== null) kept[key] = link;
  writeKept(kept);
}

export interface ScoringActions {
  /** Asks the server for a link; returns the refusal's words or null. */
  readonly make: (match: string) => Promise<string | null>;
  readonly revoke: (match: string) => Promise<string | null>;
}

/** The overlay of a table of this event (it follows whatever match is called to the table). */
export function tableOverlayUrl(origin: string, eventId: string, table: string): string {
  return `${origin}/overlay.html?event=${encodeURIComponent(eventId)}&table=${encodeURIComponent(table)}`;
}

/** The live page of a table of this event (it follows whatever match is called to the table). */
export function tablePageUrl(origin: string, eventId: string, table: string): string {
  return `${origin}/live.html?event=${encodeURIComponent(eventId)}&table=${encodeURIComponent(table)}`;
}

export function scoringPanel(shown: Shown, t: T, origin: string, actions: ScoringActions): HTMLElement {
  const { event } = shown;
  const names = new Map(event.entries.map((e) => [e.id, e.name]));
  const error = h('p', { class: 'error', testid: 'scoring-error', attrs: { role: 'alert' } });
  const run = async (what: Promise<string | null>) => {
    error.textContent = '';
    const refused = await what;
    if (refused !== null) error.textContent = refused;
  };
  const label = (m: Shown['matches'][number]) => `${m.id}: ${sideName(m.a, names)} – ${sideName(m.b, names)}`;

  const linkBlock = (match: string, qrPixels: number): HTMLElement => {
    const link = keptLink(shown.id, match);
    if (link === null)
      return h(
        'div',
        { class: 'scoring-link' },
        button(t('makeLink'), {
          testid: `make-link-${match}`,
          onClick: () => void run(actions.make(match)),
        }),
      );
    const scorer = `${origin}${link.scorerUrl}`;
    const overlay = `${origin}${link.overlayUrl}`;
    // Links kept from before the server gave the page's address: it is the live id's page.
    const page = `${origin}${link.pageUrl ?? `/live.html?match=${encodeURIComponent(link.liveId)}`}`;
    return h(
      'div',
      { class: 'scoring-link made' },
      qrSvg(scorer, qrPixels, `scoring-qr-${match}`),
      h(
        'div',
        { class: 'scoring-words' },
        h('a', {
          testid: `scoring-link-${match}`,
          text: t('scorerLink'),
          attrs: { href: scorer, target: '_blank', rel: 'noopener' },
        }),
        h('a', {
          testid: `match-page-${match}`,
          text: t('matchPage'),
          attrs: { href: page, target: '_blank', rel: 'noopener' },
        }),
        h('a', {
          testid: `match-overlay-${match}`,
          text: t('matchOverlay'),
          attrs: { href: overlay, target: '_blank', rel: 'noopener' },
        }),
        button(t('copyLink'), {
          class: 'small',
          testid: `copy-link-${match}`,
          onClick: () => void navigator.clipboard?.writeText(scorer).catch(() => {}),
        }),
        button(t('revoke'), {
          class: 'small danger',
          testid: `revoke-${match}`,
          onClick: () => void run(actions.revoke(match)),
        }),
      ),
    );
  };

  const open = shown.matches.filter((m) => m.state === 'called' || m.state === 'ready');
  const tables = event.spec.tables.map((table) => {
    const called = open.find((m) => m.state === 'called' && m.table === table);
    return h(
      'div',
      { class: 'scoring-table', testid: `scoring-table-${table}` },
      h('h4', {
        text:
          called === undefined ? t('tableFree', { table }) : t('tableMatch', { table, match: label(called) }),
      }),
      called === undefined ? null : linkBlock(called.id, 176),
      h('a', {
        class: 'overlay-link',
        testid: `table-page-${table}`,
        text: t('tablePage'),
        attrs: { href: tablePageUrl(origin, shown.id, table), target: '_blank', rel: 'noopener' },
      }),
      h('a', {
        class: 'overlay-link',
        testid: `table-overlay-${table}`,
        text: t('tableOverlay'),
        attrs: { href: tableOverlayUrl(origin, shown.id, table), target: '_blank', rel: 'noopener' },
      }),
    );
  });
  // Matches not at a table of the list: the ready ones, and those called to a table the venue does not list.
  const others = open.filter((m) => m.state === 'ready' || !event.spec.tables.includes(m.table ?? ''));
  return h(
    'section',
    { class: 'scoring', testid: 'scoring-panel' },
    h('h3', { text: t('scoring') }),
    h('p', { class: 'hint', text: t('scoringHint') }),
    h('div', { class: 'scoring-tables' }, ...tables),
    others.length === 0
      ? null
      : h(
          'div',
          { class: 'scoring-matches' },
          ...others.map((m) =>
            h(
              'div',
              { class: 'scoring-match', testid: `scoring-match-${m.id}` },
              h('h4', {
                text: `${label(m)}${m.table === null ? '' : ` · ${t('called', { table: m.table })}`}`,
              }),
              linkBlock(m.id, 128),
            ),
          ),
        ),
    error,
  );
}
