/**
 * The keyboard: ← → turn the aim by 0.1° (1° with Shift), ↑ ↓ change the power by 2 % (10 % with
 * Shift), Space strikes, Escape skips an animation. Keys typed into a form field are left alone.
 */
import type { Controller } from '../controller.js';

export function attachKeyboard(target: Window, controller: Controller): void {
  target.addEventListener('keydown', (event) => {
    const element = event.target as HTMLElement | null;
    const tag = element?.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') {
      if (!(tag === 'INPUT' && (element as HTMLInputElement).type === 'range')) return;
      if (event.key !== ' ') return;
    }
    if (controller.state.mode === 'setup') return;
    const coarse = event.shiftKey;
    switch (event.key) {
      case 'ArrowLeft':
        controller.dispatch({ type: 'nudge', steps: 1, coarse });
        break;
      case 'ArrowRight':
        controller.dispatch({ type: 'nudge', steps: -1, coarse });
        break;
      case 'ArrowUp':
        controller.dispatch({ type: 'power', power: controller.state.aim.power + (coarse ? 0.1 : 0.02) });
        break;
      case 'ArrowDown':
        controller.dispatch({ type: 'power', power: controller.state.aim.power - (coarse ? 0.1 : 0.02) });
        break;
      case ' ':
        void controller.strike();
        break;
      case 'Escape':
        controller.skip();
        return;
      default:
        return;
    }
    event.preventDefault();
  });
}
