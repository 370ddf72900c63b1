/** The events a shot produces, in the order they happened. Times in seconds from the strike. */
export type SimEvent =
  | { readonly type: 'strike'; readonly t: number; readonly ball: number; readonly miscue: boolean }
  | { readonly type: 'ball-ball'; readonly t: number; readonly balls: readonly [number, number] }
  | { readonly type: 'cushion'; readonly t: number; readonly ball: number; readonly cushion: string }
  | {
      readonly type: 'jaw';
      readonly t: number;
      readonly ball: number;
      readonly jaw: string;
      readonly pocket: string;
    }
  | { readonly type: 'pocket'; readonly t: number; readonly ball: number; readonly pocket: string }
  | { readonly type: 'bounce'; readonly t: number; readonly ball: number; readonly airborne: boolean }
  | { readonly type: 'off-table'; readonly t: number; readonly ball: number; readonly cushion: string }
  | {
      readonly type: 'transition';
      readonly t: number;
      readonly ball: number;
      readonly from: string;
      readonly to: string;
    };

export type SimEventType = SimEvent['type'];
