/**
 * Sounds of a shot, synthesised (no audio files): a short filtered noise burst per contact whose
 * loudness follows the contact speed. Ball–ball clicks are bright, cushions dull, pockets low.
 * The audio context starts on the first user gesture, as browsers require.
 */
import type { AnimationEvent } from '../view/types.js';

export class ShotSound {
  private context: AudioContext | null = null;
  private noise: AudioBuffer | null = null;
  enabled = true;

  /** Creates (or resumes) the audio context; call from a user gesture. */
  unlock(): void {
    if (typeof AudioContext === 'undefined') return;
    if (this.context === null) {
      this.context = new AudioContext();
      const length = Math.floor(this.context.sampleRate * 0.05);
      this.noise = this.context.createBuffer(1, length, this.context.sampleRate);
      const data = this.noise.getChannelData(0);
      for (let i = 0; i < length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / length) ** 3;
    }
    if (this.context.state === 'suspended') void this.context.resume();
  }

  play(event: AnimationEvent): void {
    const context = this.context;
    if (!this.enabled || context === null || this.noise === null || context.state !== 'running') return;
    const loudness = Math.min(1, event.speed / 4);
    if (loudness < 0.01) return;
    const source = context.createBufferSource();
    source.buffer = this.noise;
    const filter = context.createBiquadFilter();
    filter.type = 'bandpass';
    filter.frequency.value = event.kind === 'ball' ? 3200 : event.kind === 'cushion' ? 700 : 250;
    filter.Q.value = event.kind === 'ball' ? 4 : 1.5;
    const gain = context.createGain();
    gain.gain.value = loudness * (event.kind === 'ball' ? 0.9 : 0.5);
    source.connect(filter).connect(gain).connect(context.destination);
    source.start();
  }
}
