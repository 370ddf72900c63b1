/**
 * A flat top-down table drawn on a 2D canvas: the same `TableView` contract as the three.js view,
 * used when WebGL is not available (old phones, some headless browsers) so that the game still
 * plays. Landscape canvases show the house end on the left; portrait ones show it at the bottom.
 */
import type { MatchTable } from '@pyramid/rules';
import { POCKET_IDS, type Point, pocketCentre } from '@pyramid/table';
import type {
  AnimationEvent,
  BallFrame,
  CameraMode,
  Overlay,
  ShotAnimation,
  TableView,
} from '../view/types.js';

const RAIL = 120;
/** The cushions' width: the least of the rails always shown. */
const CUSHION = 50;
const MIN_BALL_PX = 14;

/** The flat view of the match's table (its playing area, ball and markings). */
export function createFlatView(canvas: HTMLCanvasElement, table: MatchTable): TableView {
  const SPEC = table.spec;
  const MARKS = table.markings;
  const R = SPEC.ballDiameter / 2;
  const context = canvas.getContext('2d');
  let balls: readonly BallFrame[] = [];
  let overlay: Overlay = {};
  let numbered = false;
  let coloured = '#e3ad17';
  let camera: CameraMode = 'top';
  let frames = 0;
  let animating = false;
  let skipTo: (() => void) | null = null;
  let scale = 1;
  let portrait = false;
  let ox = 0;
  /** How much of the rails is in view (RAIL unless cropped). */
  let shown = RAIL;
  let oy = 0;

  const layout = () => {
    const rect = canvas.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.max(1, Math.round(rect.width * dpr));
    canvas.height = Math.max(1, Math.round(rect.height * dpr));
    portrait = rect.height > rect.width;
    // On a small screen the rails are cropped (never inside the cushions) so a ball is 14 px across.
    const short = portrait ? rect.width : rect.height;
    const roomy = short / (MIN_BALL_PX / SPEC.ballDiameter);
    shown = Math.max(CUSHION, Math.min(RAIL, (roomy - SPEC.width) / 2));
    const along = SPEC.length + 2 * shown;
    const across = SPEC.width + 2 * shown;
    scale = portrait
      ? Math.min(rect.width / across, rect.height / along)
      : Math.min(rect.width / along, rect.height / across);
    const w = (portrait ? across : along) * scale;
    const h = (portrait ? along : across) * scale;
    ox = (rect.width - w) / 2;
    oy = (rect.height - h) / 2;
  };

  /** Table mm → CSS pixels inside the canvas. */
  const toPx = (p: Point): { x: number; y: number } =>
    portrait
      ? { x: ox + (shown + SPEC.width - p.y) * scale, y: oy + (shown + SPEC.length - p.x) * scale }
      : { x: ox + (shown + p.x) * scale, y: oy + (shown + SPEC.width - p.y) * scale };
  const toMm = (x: number, y: number): Point =>
    portrait
      ? { x: SPEC.length + shown - (y - oy) / scale, y: SPEC.width + shown - (x - ox) / scale }
      : { x: (x - ox) / scale - shown, y: SPEC.width + shown - (y - oy) / scale };

  const draw = () => {
    if (context === null) return;
    const dpr = canvas.width / Math.max(1, canvas.getBoundingClientRect().width);
    context.setTransform(dpr, 0, 0, dpr, 0, 0);
    context.clearRect(0, 0, canvas.width, canvas.height);
    const corner = (p: Point) => toPx(p);
    const rect = (a: Point, b: Point, fill: string) => {
      const p = corner(a);
      const q = corner(b);
      context.fillStyle = fill;
      context.fillRect(Math.min(p.x, q.x), Math.min(p.y, q.y), Math.abs(q.x - p.x), Math.abs(q.y - p.y));
    };
    rect({ x: -RAIL, y: -RAIL }, { x: SPEC.length + RAIL, y: SPEC.width + RAIL }, '#5a3418');
    rect({ x: 0, y: 0 }, { x: SPEC.length, y: SPEC.width }, '#1f6f4a');
    const line = (a: Point, b: Point, colour: string, width = 1) => {
      const p = toPx(a);
      const q = toPx(b);
      context.strokeStyle = colour;
      context.lineWidth = width;
      context.beginPath();
      context.moveTo(p.x, p.y);
      context.lineTo(q.x, q.y);
      context.stroke();
    };
    line({ x: MARKS.houseLineX, y: 0 }, { x: MARKS.houseLineX, y: SPEC.width }, 'rgba(255,255,255,0.5)');
    for (const spot of [MARKS.frontSpot, MARKS.centreSpot, MARKS.backSpot]) {
      const p = toPx(spot);
      context.fillStyle = 'rgba(255,255,255,0.7)';
      context.beginPath();
      context.arc(p.x, p.y, 2, 0, Math.PI * 2);
      context.fill();
    }
    for (const id of POCKET_IDS) {
      const p = toPx(pocketCentre(SPEC, id));
      context.fillStyle = overlay.pocket === id ? '#c33' : '#111';
      context.beginPath();
      context.arc(p.x, p.y, 42 * scale, 0, Math.PI * 2);
      context.fill();
    }
    const place = overlay.placement;
    if (place !== undefined) {
      const x0 = place.region === 'temporary-house' ? MARKS.temporaryHouseLineX : 0;
      const x1 = place.region === 'house' ? place.houseLineX : SPEC.length;
      rect({ x: x0, y: 0 }, { x: x1, y: SPEC.width }, 'rgba(255,255,160,0.12)');
    }
    const aim = overlay.aim;
    if (overlay.path !== undefined && overlay.path.length > 1) {
      for (let i = 1; i < overlay.path.length; i++)
        line(overlay.path[i - 1]!, overlay.path[i]!, 'rgba(255,255,255,0.6)', 1);
    }
    const ghost = overlay.ghost;
    if (ghost !== undefined) {
      const p = toPx(ghost.at);
      context.strokeStyle = 'rgba(255,255,255,0.8)';
      context.beginPath();
      context.arc(p.x, p.y, R * scale, 0, Math.PI * 2);
      context.stroke();
      if (ghost.objectLine !== undefined)
        line(ghost.objectLine.from, ghost.objectLine.to, 'rgba(255,220,120,0.8)');
    }
    const highlight = new Set(overlay.highlight ?? []);
    for (const ball of balls) {
      if (ball.gone) continue;
      const p = toPx(ball);
      // A white ball's disc is at least 13 px across when numbered, so its number reads on a phone.
      const r = numbered && ball.id > 0 ? Math.max(6.5, R * scale) : Math.max(2, R * scale);
      context.fillStyle = ball.id === 0 ? coloured : '#f4ecd6';
      context.beginPath();
      context.arc(p.x, p.y, r, 0, Math.PI * 2);
      context.fill();
      if (ball.id > 0) {
        context.strokeStyle = '#6b5d48';
        context.lineWidth = 1;
        context.stroke();
      }
      if (highlight.has(ball.id) || overlay.selected === ball.id) {
        context.strokeStyle = overlay.selected === ball.id ? '#ff4040' : '#40c0ff';
        context.lineWidth = 2;
        context.stroke();
      }
      if (numbered && ball.id > 0) {
        context.fillStyle = '#1c1814';
        // At least 11 px and most of the disc's height: at r × 1.2 a desktop's numbers were
        // 8–9 px, too small to read (issue 25).
        const size = Math.max(11, r * (ball.id > 9 ? 1.3 : 1.6));
        context.font = `bold ${Math.round(size)}px Arial, Helvetica, sans-serif`;
        context.textAlign = 'center';
        context.textBaseline = 'middle';
        context.fillText(String(ball.id), p.x, p.y);
      }
    }
    if (aim !== undefined) {
      const rad = (aim.angleDeg * Math.PI) / 180;
      const back = R + 20 + aim.pull * 400;
      const tip = { x: aim.from.x - Math.cos(rad) * back, y: aim.from.y - Math.sin(rad) * back };
      const butt = { x: tip.x - Math.cos(rad) * 1400, y: tip.y - Math.sin(rad) * 1400 };
      line(tip, butt, '#d8b070', Math.max(2, 10 * scale));
    }
    frames++;
  };

  const resize = () => {
    layout();
    draw();
  };
  const observer = new ResizeObserver(resize);
  observer.observe(canvas);
  layout();

  return {
    setBalls(next) {
      balls = next;
      draw();
    },
    setNumbered(value) {
      numbered = value;
      draw();
    },
    setOverlay(next) {
      overlay = next;
      draw();
    },
    setColoured(colour) {
      coloured = colour === 'red' ? '#c9301c' : '#e3ad17';
      draw();
    },
    setCamera(mode) {
      camera = mode;
      draw();
    },
    get camera() {
      return camera;
    },
    play(animation: ShotAnimation, options = {}) {
      const rate = options.rate ?? 1;
      animating = true;
      return new Promise<void>((resolve) => {
        const start = performance.now();
        let next = 0;
        let first = true;
        const events: readonly AnimationEvent[] = animation.events;
        const finish = () => {
          balls = animation.sample(animation.duration);
          animating = false;
          skipTo = null;
          draw();
          resolve();
        };
        skipTo = finish;
        const step = () => {
          if (!animating) return;
          const t = ((performance.now() - start) / 1000) * rate;
          balls = animation.sample(Math.min(t, animation.duration));
          draw();
          if (first) {
            first = false;
            options.onFirstFrame?.();
          }
          while (next < events.length && events[next]!.t <= t) options.onEvent?.(events[next++]!);
          if (t >= animation.duration) finish();
          else requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      });
    },
    skip() {
      skipTo?.();
    },
    get animating() {
      return animating;
    },
    pick(clientX, clientY) {
      const box = canvas.getBoundingClientRect();
      const p = toMm(clientX - box.left, clientY - box.top);
      if (p.x < -RAIL || p.x > SPEC.length + RAIL || p.y < -RAIL || p.y > SPEC.width + RAIL) return null;
      return p;
    },
    project(at) {
      const box = canvas.getBoundingClientRect();
      const p = toPx(at);
      return { x: box.left + p.x, y: box.top + p.y };
    },
    get frames() {
      return frames;
    },
    dispose() {
      animating = false;
      observer.disconnect();
    },
  };
}
