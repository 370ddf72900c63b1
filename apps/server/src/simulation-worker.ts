/** A simulation worker of `SimulationPool`: simulates each stroke it is sent and answers the action. */
import { parentPort } from 'node:worker_threads';
import type { PlannedShot } from '@pyramid/match';
import type { MatchState } from '@pyramid/rules';
import { inlineSimulator } from './simulation.js';

parentPort?.on('message', (message: { id: number; state: MatchState; stroke: PlannedShot }) => {
  inlineSimulator(message.state, message.stroke).then(
    (result) => parentPort?.postMessage({ id: message.id, result }),
    (caught: unknown) => parentPort?.postMessage({ id: message.id, fault: String(caught) }),
  );
});
